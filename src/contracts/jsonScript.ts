/**
 * JSON inside an HTML data block (`<script type="application/json">` or `application/ld+json`):
 * `<`, `>` and `&` become \u escapes so no text can close the script element or open a comment,
 * and U+2028/U+2029 are escaped so the text stays valid in every JavaScript parser. JSON.parse
 * reads the result back unchanged.
 */
const UNSAFE = /[<>&\u2028\u2029]/g;

export function escapeJsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
