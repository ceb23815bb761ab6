/**
 * How long what /uploads/ answers may be kept, wherever it is served (the provider, the site, a
 * media host in front of either). A page names the version of each picture it shows
 * (`/uploads/a.jpg?v=3kq9…`, a token of the file's validators: its ETag, else Last-Modified and
 * length, which the provider's and Strapi's file servers give; the provider's ETag is a hash of
 * the bytes, `contentEtag`), so what is answered under the URL
 * naming the bytes it holds can be kept a year; under any other URL (no version, or one replaced
 * since) two seconds, then asked again by its ETag, since Strapi's "Replace media" writes new
 * bytes under the same name.
 */
import { createHash } from 'node:crypto';
import { readFileSync, type Stats } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import { MEDIA_PREFIX } from '../contracts/endpoints';

export const PICTURE_VERSION_PARAM = 'v';
/** Under a URL naming the picture's bytes: never asked again. */
export const IMMUTABLE_PICTURE = 'public, max-age=31536000, immutable';
/** Under a URL whose bytes may change: asked again after 2 s, by ETag. */
export const CHANGING_PICTURE = 'public, max-age=2';

/** The token of the file a provider answer describes, or null when it gives no validator. */
export function versionOf(headers: Headers): string | null {
  const etag = headers.get('etag')?.replace(/^W\//, '');
  const modified = headers.get('last-modified');
  const identity = etag || (modified ? `${modified}|${headers.get('content-length') ?? ''}` : null);
  return identity ? createHash('sha256').update(identity).digest('base64url').slice(0, 12) : null;
}

/**
 * The ETag of a file the provider serves from disk: a hash of its bytes, so every host names the
 * same version of the same picture (a file's time differs from host to host, and a copy keeps its
 * bytes). Hashed once per path, size and time: a file replaced in place is hashed again.
 */
const hashes = new LRUCache<string, string>({ max: 10_000 });
export function contentEtag(path: string, stat: Pick<Stats, 'size' | 'mtimeMs'>): string {
  const key = `${path}\0${stat.size}\0${stat.mtimeMs}`;
  let etag = hashes.get(key);
  if (!etag) {
    etag = `"${createHash('sha256').update(readFileSync(path)).digest('base64url').slice(0, 27)}"`;
    hashes.set(key, etag);
  }
  return etag;
}

/** The version a media URL names (`?v=`), or null. */
export const askedVersion = (url: string) => new URL(url, 'http://media').searchParams.get(PICTURE_VERSION_PARAM);

/** How long a file answered under `url` with these validators may be kept. */
export function mediaCacheControl(url: string, validators: Headers): string {
  const asked = askedVersion(url);
  return asked !== null && asked === versionOf(validators) ? IMMUTABLE_PICTURE : CHANGING_PICTURE;
}

/** The validators among an answer's headers, as Fastify or undici give them. */
export function validatorsOf(headers: Record<string, string | string[] | number | undefined>): Headers {
  const kept = new Headers();
  for (const name of ['etag', 'last-modified', 'content-length']) if (headers[name] !== undefined) kept.set(name, String(headers[name]));
  return kept;
}

/** Every file `app` answers under /uploads/ is kept by the rule above, whatever its file server said. */
export function keepMediaByVersion(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith(MEDIA_PREFIX) && reply.statusCode < 400) {
      reply.header('Cache-Control', mediaCacheControl(request.url, validatorsOf(reply.getHeaders() as Record<string, string | number | undefined>)));
    }
    return payload;
  });
}
