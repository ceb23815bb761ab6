/**
 * If-None-Match as RFC 9110 §13.1.2 reads it for GET: a list of entity tags, weak ones compared
 * by their opaque part, `*` matching any current representation.
 */
export function matchesEtag(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//i, '');
  const wanted = opaque(etag);
  return String(header)
    .split(',')
    .some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}
