/**
 * Which of a page's stored encodings to send, per RFC 9110 §12.5.3 (Accept-Encoding). Written
 * here because the negotiator the plugins bundle (@fastify/accept-negotiator) takes `*` for the
 * first supported coding even when that coding is refused by name (`br;q=0, *` gets br).
 *
 * - No header: identity. The RFC allows any coding, but a client that sends none (a script,
 *   an old proxy) rarely decodes one; every browser sends the header.
 * - Coding names are case-insensitive; `x-gzip` is gzip. An element whose weight is malformed
 *   (`q=2`, `q=0.5x`) is left out, so nothing is sent that the client may not have meant.
 * - A coding is acceptable with its own non-zero weight, else with the weight of `*`.
 *   identity is acceptable unless `identity;q=0`, or `*;q=0` with no entry of its own.
 * - The highest weight wins; on equal weights brotli, then gzip, then identity. identity with
 *   no entry of its own and no `*` only stands in when no compressed coding is acceptable.
 * - Nothing acceptable (`identity;q=0` alone): identity all the same, as the RFC advises for a
 *   response no coding fits; a 406 would leave a visitor with nothing to read.
 */
export type PageEncoding = 'br' | 'gzip' | 'identity';

/** Server preference among equal weights. */
const COMPRESSED = ['br', 'gzip'] as const;
/** `coding` or `coding;q=value`, with optional whitespace (RFC 9110 §12.4.2: qvalue has at most three decimals). */
const ELEMENT = /^([!#$%&'*+.^_`|~0-9a-z-]+)\s*(?:;\s*q\s*=\s*(0(?:\.\d{0,3})?|1(?:\.0{0,3})?))?$/i;

function weights(header: string): Map<string, number> {
  const listed = new Map<string, number>();
  for (const element of header.split(',')) {
    const match = ELEMENT.exec(element.trim());
    if (!match) continue;
    const coding = (match[1] as string).toLowerCase();
    const name = coding === 'x-gzip' ? 'gzip' : coding;
    if (!listed.has(name)) listed.set(name, match[2] === undefined ? 1 : Number(match[2]));
  }
  return listed;
}

export function negotiateEncoding(header: string | string[] | undefined): PageEncoding {
  if (header === undefined) return 'identity';
  const listed = weights(Array.isArray(header) ? header.join(',') : header);
  const any = listed.get('*');
  let best: PageEncoding = 'identity';
  let bestWeight = 0;
  for (const coding of COMPRESSED) {
    const weight = listed.get(coding) ?? any ?? 0;
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  const identity = listed.get('identity') ?? any;
  if (identity !== undefined && identity > bestWeight) return 'identity';
  return best;
}
