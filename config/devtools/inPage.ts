/** Bundled into the page before the app's scripts (recordings and the DevTools browser test). */
import { installDevTools } from './extension';

installDevTools(window);
