/** axe-core and HTML_CodeSniffer on every route in English (a11y.ts). */
import { accessibilitySuite } from './a11y';

accessibilitySuite('en');
