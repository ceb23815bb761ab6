/** Every route in Chinese: content, outline, accessibility and valid HTML (everyRoute.ts). */
import { everyRouteSuite } from './everyRoute';

everyRouteSuite('zh');
