/** Every route in English: content, outline, accessibility and valid HTML (everyRoute.ts). */
import { everyRouteSuite } from './everyRoute';

everyRouteSuite('en');
