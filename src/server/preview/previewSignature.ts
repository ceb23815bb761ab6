/**
 * The CMS's preview addresses (cms/src/previewUrl.js makes them):
 * `/preview?status=draft|published&path=…&expires=…&admin=…&signature=…`, the signature
 * HMAC-SHA256 of "<status>\n<path>\n<expires>\n<admin>" with PREVIEW_SECRET, hex; `expires` in
 * Unix seconds, a few minutes after the editor opened the preview; `admin` the id of the CMS admin
 * who opened it, whose rights the drafts shown are read with. Only the CMS, which holds the
 * secret, can name a page, a time and an admin; an address copied out of the panel stops working soon after.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The query as the server parsed it: a name given twice is an array, and is refused. */
export type PreviewQuery = Record<string, unknown>;

/** Which version the preview shows: the drafts, or what visitors see (the panel's two tabs). */
export type PreviewStatus = 'draft' | 'published';

/** What an address asks for: the page (with its /en prefix) in a version, for an admin, or why it is refused. */
export type PreviewAsk = { status: PreviewStatus; path: string; admin: number } | { refused: 'forged' | 'expired' };

/** The CMS's own signing, for tests and tools; the site only checks. */
export function signPreview(status: PreviewStatus, path: string, expires: number, admin: number, secret: string): string {
  return createHmac('sha256', secret).update(`${status}\n${path}\n${expires}\n${admin}`).digest('hex');
}

/**
 * A path of the site, not an address elsewhere: one slash, no backslash (some browsers read it
 * as a slash), no control characters. The route table decides afterwards whether it is a page.
 */
const SITE_PATH = /^\/(?![/\\])[^\\\s]*$/;

export function readPreviewQuery(query: PreviewQuery, secret: string, now = Date.now()): PreviewAsk {
  const [status, path, expires, admin, signature] = [query.status, query.path, query.expires, query.admin, query.signature].map((value) =>
    typeof value === 'string' ? value : '',
  ) as [string, string, string, string, string];
  if (status !== 'draft' && status !== 'published') return { refused: 'forged' };
  if (!SITE_PATH.test(path) || !/^\d{1,12}$/.test(expires) || !/^[1-9]\d{0,11}$/.test(admin) || !/^[0-9a-f]{64}$/.test(signature)) return { refused: 'forged' };
  const expected = Buffer.from(signPreview(status, path, Number(expires), Number(admin), secret), 'hex');
  // Both 32 bytes by now: compared in constant time.
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return { refused: 'forged' };
  // Checked once the signature holds: an expired address is a genuine one, told apart from a forged one.
  if (Number(expires) * 1000 <= now) return { refused: 'expired' };
  return { status, path, admin: Number(admin) };
}
