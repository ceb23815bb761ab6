/**
 * What crawlers read: /robots.txt naming the sitemap, and /sitemap.xml built from the
 * provider's lists (cached; a failing provider keeps the last good sitemap in service). The
 * caller gets expireSitemap(), for when it learns the content changed. The site makes the lists
 * cache first (createSitemapLists) and shares it with the page renderer, which reads from it
 * which ids exist.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ProviderApi } from '../render/serverDeps';
import { fetchProviderLists } from './providerLists';
import { renderSitemap, sitemapPages } from './sitemap';
import { createListsCache, type ListsCache } from './sitemapCache';
import { createOriginResolver, type OriginOf } from '../edge/origin';

export interface CrawlerRouteOptions {
  /** The provider, reached directly (src/server/render/serverDeps.ts). */
  api: ProviderApi;
  publicUrl?: string;
  /** Decides the origin of absolute URLs (see origin.ts); by default PUBLIC_URL or the request's host. */
  originOf?: OriginOf;
  /** How long the provider may take for the whole walk of its lists. */
  deadlineMs?: number;
  freshMs?: number;
  /** The lists cache to read (shared with the page renderer); by default one of its own. */
  lists?: ListsCache;
}

export const SITEMAP_DEADLINE_MS = 2000;
const SITEMAP_FRESH_MS = 60_000;

/** The provider's lists behind the sitemap, cached (see sitemapCache.ts); each failed walk is logged. */
export function createSitemapLists(
  api: ProviderApi,
  log: Pick<FastifyBaseLogger, 'warn'>,
  { deadlineMs = SITEMAP_DEADLINE_MS, freshMs = SITEMAP_FRESH_MS } = {},
): ListsCache {
  return createListsCache({
    load: () => fetchProviderLists(api, deadlineMs),
    freshMs,
    onLoadFailed: (err) => log.warn({ err }, 'provider lists unavailable: the sitemap and the pages go by the last lists in hand, if any'),
  });
}

export function registerCrawlerRoutes(app: FastifyInstance, options: CrawlerRouteOptions) {
  const { api, publicUrl, deadlineMs, freshMs = SITEMAP_FRESH_MS } = options;
  const originOf = options.originOf ?? createOriginResolver({ publicUrl });
  const lists = options.lists ?? createSitemapLists(api, app.log, { deadlineMs, freshMs });

  app.get('/robots.txt', (request, reply) =>
    reply
      .header('Cache-Control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(`User-agent: *\nAllow: /\n\nSitemap: ${originOf(request)}/sitemap.xml\n`),
  );

  app.get('/sitemap.xml', async (request, reply) => {
    let current;
    try {
      current = await lists.get();
    } catch {
      // The failed walk is logged by the lists cache.
      return reply.code(503).header('Retry-After', '60').header('Cache-Control', 'no-store').type('text/plain').send('Sitemap temporarily unavailable');
    }
    const xml = await renderSitemap(sitemapPages(current), originOf(request));
    return reply
      .header('Cache-Control', `public, max-age=${Math.round(freshMs / 1000)}`)
      .type('application/xml; charset=utf-8')
      .send(xml);
  });

  return { expireSitemap: () => lists.expire() };
}
