/** Every route in English: content, outline and accessibility (everyRoute.ts). */
import { everyRouteSuite } from './everyRoute';

everyRouteSuite('en');
