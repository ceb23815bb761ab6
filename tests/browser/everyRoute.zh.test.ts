/** Every route in Chinese: content, outline and accessibility (everyRoute.ts). */
import { everyRouteSuite } from './everyRoute';

everyRouteSuite('zh');
