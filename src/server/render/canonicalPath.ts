/**
 * One URL per page: the path a page is served at, so that spellings of the same page (and the
 * page cache's keys, and a CDN's) never multiply. `//about`, `/about/`, `/news/0001` and
 * `/%61bout` all answer 301 to the one path. A backslash is a slash: browsers read `/\\host` in
 * a Location as `//host`, another site.
 */
import { matchRoute, splitLocalePath, EN_PREFIX, localizedPath } from '../../contracts/routes';

/** Characters that mean the same percent-encoded or not (RFC 3986 §2.3). */
const ENCODED_UNRESERVED = /%(4[1-9A-F]|5[0-9A]|6[1-9A-F]|7[0-9A]|3[0-9]|2D|2E|5F|7E)/gi;

/**
 * The canonical spelling of a raw request path (still percent-encoded), or null when it already
 * is canonical. The result always starts with exactly one slash: never a protocol-relative URL.
 */
export function canonicalPath(rawPath: string): string | null {
  let path = rawPath.replace(ENCODED_UNRESERVED, (escape) => String.fromCharCode(Number.parseInt(escape.slice(1), 16)));
  path = path.replace(/\\/g, '/').replace(/\/{2,}/g, '/');
  if (path === EN_PREFIX)
    path = `${EN_PREFIX}/`; // the English home is /en/
  else if (path.length > 1 && path.endsWith('/') && path !== `${EN_PREFIX}/`) path = path.replace(/\/+$/, '') || '/';
  path = withoutLeadingZeros(path);
  return path === rawPath ? null : path;
}

/** /news/0001 → /news/1: an id is a number, spelled once. */
function withoutLeadingZeros(path: string): string {
  const { locale, path: routePath } = splitLocalePath(path);
  const match = matchRoute(routePath);
  const id = match?.params.id;
  if (!id || !/^0\d/.test(id)) return path;
  const trimmed = routePath.replace(new RegExp(`/${id}$`), `/${id.replace(/^0+(?=\d)/, '')}`);
  return locale === 'en' ? localizedPath(trimmed, 'en') : trimmed;
}
