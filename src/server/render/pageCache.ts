/**
 * Rendered pages, kept compressed with their ETag. Bounded (lru-cache, by bytes); one render
 * per key at a time (concurrent requests for a cold page share it); fresh for `freshMs`, then
 * served stale while one background render refreshes it; once past that window a request waits
 * for a new render, and if the provider fails it still gets the last good page for as long as
 * `staleIfErrorMs` (hours). Nothing here depends on who asked: entries are shared by design and
 * hold no visitor data.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';

export interface CachedPage {
  status: number;
  html: string;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  renderedAt: number;
}

export interface PageCacheOptions {
  maxBytes: number;
  freshMs: number;
  staleWhileRevalidateMs: number;
  staleIfErrorMs: number;
  now?: () => number;
}

/** null: this render failed (provider down, slow, erroring); the caller serves a fallback. */
export type Render = () => Promise<{ status: number; html: string } | null>;

export function toCachedPage(status: number, html: string, renderedAt: number): CachedPage {
  const br = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  const etag = `"${createHash('sha1').update(html).digest('base64url').slice(0, 20)}"`;
  return { status, html, gzip: gzipSync(html), br, etag, renderedAt };
}

export function createPageCache({ maxBytes, freshMs, staleWhileRevalidateMs, staleIfErrorMs, now = Date.now }: PageCacheOptions) {
  const pages = new LRUCache<string, CachedPage>({
    maxSize: maxBytes,
    sizeCalculation: (page) => page.html.length * 2 + page.gzip.length + page.br.length,
  });
  const rendering = new Map<string, Promise<CachedPage | null>>();

  function refresh(key: string, render: Render): Promise<CachedPage | null> {
    const running = rendering.get(key);
    if (running) return running;
    const next = render()
      .then((result) => {
        if (!result) return null;
        const page = toCachedPage(result.status, result.html, now());
        pages.set(key, page);
        return page;
      })
      .catch(() => null)
      .finally(() => rendering.delete(key));
    rendering.set(key, next);
    return next;
  }

  return {
    /** The page to serve for key, or null when there is none (serve the shell). */
    async get(key: string, render: Render): Promise<CachedPage | null> {
      const cached = pages.get(key, { allowStale: true });
      const age = cached ? now() - cached.renderedAt : Infinity;
      if (cached && age < freshMs) return cached;
      if (cached && age < freshMs + staleWhileRevalidateMs) {
        void refresh(key, render);
        return cached;
      }
      const page = await refresh(key, render);
      if (page) return page;
      return cached && age < staleIfErrorMs ? cached : null;
    },
    get size() {
      return pages.size;
    },
    /** Drops every page (the content changed): the next visit of each renders anew. */
    purge(): void {
      pages.clear();
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
