/** axe-core and HTML_CodeSniffer on every route in Chinese (a11y.ts). */
import { accessibilitySuite } from './a11y';

accessibilitySuite('zh');
