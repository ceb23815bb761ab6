/** The company's mark, drawn once: the seed pack's logo picture and the share image both use it. */
export const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><circle cx="48" cy="48" r="46" fill="#0b6e6e"/><path d="M26 62 C34 30, 58 22, 72 26 C64 40, 56 58, 26 62 Z" fill="#fff"/><path d="M30 70 H70" stroke="#e9a23b" stroke-width="5" stroke-linecap="round"/></svg>';
