/**
 * The site server: /api proxy first (an unknown /api path answers an envelope, not HTML), the
 * provider's media under /uploads (a media host, MEDIA_URL, pulls them from here), then hashed assets,
 * robots.txt and the sitemap, then /healthz, then every page of the route table rendered on the
 * server (pageRoute.ts, src/server/render), in Chinese at the unprefixed paths and in English under /en.
 * Unknown paths and ids answer 404 with the error page.
 */
import Fastify, { type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { join } from 'node:path';
import type { SiteVariant } from '../contracts/runtimeConfig';
import type { TrustProxy } from '../contracts/trustProxy';
import { TIMING } from '../contracts/constants';
import { registerSecurityHeaders } from './edge/securityHeaders';
import { registerApiProxy, registerMediaProxy } from './edge/proxy';
import { createPictureVersions } from './media/pictureVersions';
import { createPictureResizer } from './media/pictures';
import { createPictureDisk } from './media/pictureDisk';
import { createVersionLedger } from './media/versionLedger';
import { aboveTheFold, mediaPathOf } from './media/picturesAhead';
import { answerFrameworkError, answerWhileClosing } from './edge/earlyErrors';
import { markMalformedUrl, refuseMalformedUrls } from './edge/malformedUrl';
import { requestIdFrom } from '../http/requestId';
import { trustedPeer } from './edge/trustedPeer';
import { registerCachePurge } from './invalidation/cachePurge';
import { CMS_WEBHOOK_PATH, registerCmsWebhook } from './invalidation/cmsWebhook';
import { createPurgeRelay } from './invalidation/purgeRelay';
import { providerTakedown } from './invalidation/providerTakedown';
import { createFileTakedown } from './media/fileTakedown';
import { changedPages } from './invalidation/changedPages';
import type { CmsChange } from './render/cmsAffectedPages';
import { createSitemapLists, registerCrawlerRoutes, SITEMAP_DEADLINE_MS } from './crawl/crawlerRoutes';
import { listsName } from './crawl/providerLists';
import { createOriginResolver } from './edge/origin';
import { readBuildAssets, TOUCH_ICON_URL } from './render/document';
import { touchIcon } from './touchIcon';
import { createPageRenderer } from './render/pageRenderer';
import { devToolsMirror } from './render/devToolsMirror';
import { registerPageRoute } from './render/pageRoute';
import { createSearchBudget } from './render/searchBudget';
import type { VisitorLimit } from '../http/visitorLimits';
import { registerPreviewRoute } from './preview/preview';
import { createProviderApi } from './render/serverDeps';
import type { PageCacheOptions } from './render/pageCache';

export interface SiteServerOptions {
  distDir: string;
  providerUrl: string;
  /** The media host; empty: the site serves the provider's media itself, from the page's origin. */
  mediaUrl: string;
  variant: SiteVariant;
  trustProxy?: TrustProxy;
  /** Origin of absolute URLs (canonical, previews, sitemap, robots.txt); unset: see allowedHosts. */
  publicUrl?: string | null;
  /** Hosts absolute URLs may name when publicUrl is unset (the first is the fallback); unset: the request's host. */
  allowedHosts?: readonly string[] | null;
  upstreamTimeoutMs?: number;
  logger?: FastifyServerOptions['logger'];
  /** false: every page is the client-rendered shell (SSR=off, for debugging). */
  serverRendering?: boolean;
  renderDeadlineMs?: number;
  /** How long the provider's lists behind the sitemap (which ids exist) stay fresh; default a minute. */
  sitemapFreshMs?: number;
  pageCache?: Partial<PageCacheOptions>;
  /** Enables POST /_internal/cache/purge for the content import (see cachePurge.ts). */
  cachePurgeSecret?: string | null;
  /** Enables POST /_internal/cms/webhook, which the CMS calls on every change (see cmsWebhook.ts). */
  cmsWebhookSecret?: string | null;
  /** Where a CMS change goes next: the other site processes and the cache in front (see purgeRelay.ts). */
  purgeRelay?: { peers: readonly string[]; cacheUrl: string | null } | null;
  /** Enables GET /preview, the CMS's signed previews of drafts (see preview.ts). */
  preview?: { secret: string; cmsOrigin: string } | null;
  /**
   * Picture copies kept on disk in `dir` (shared by the host's processes, bounded by `maxBytes`)
   * and made ahead: the pictures above the fold at start, an uploaded or replaced one on the CMS's
   * word. Unset: copies live in this process's memory and are made when first asked.
   */
  pictureCopies?: { dir: string; maxBytes: number } | null;
  /**
   * Where a visitor's search renders are counted (searchBudget.ts): start.ts gives the embedded
   * provider's store, shared by every host on PostgreSQL; default, this process's memory.
   */
  searchLimit?: VisitorLimit;
  /** The port of a Redux DevTools monitor each server render's store shows in (devToolsMirror.ts); unset: none. */
  devToolsServerRenders?: number | null;
}

export const PAGE_CACHE_DEFAULTS: PageCacheOptions = {
  maxBytes: 64 * 1024 * 1024,
  freshMs: 60_000,
  staleWhileRevalidateMs: 10 * 60_000,
  staleIfErrorMs: 24 * 60 * 60_000,
};

const IMMUTABLE = 'public, max-age=31536000, immutable';
const ROOT_FILES = ['favicon.svg', 'share.png'];
/** Files at the site's root keep their URL when they change: a day. */
const ROOT_FILE_CACHING = 'public, max-age=86400';

export async function createSiteServer(options: SiteServerOptions) {
  const { distDir, providerUrl, mediaUrl, variant, upstreamTimeoutMs = TIMING.requestTimeoutMs } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    // Addresses and CIDRs only: a hop count is refused by parseTrustProxy (Fastify trusts no hop for one).
    trustProxy: (options.trustProxy ?? false) as FastifyServerOptions['trustProxy'],
    // A request id from a trusted proxy carries on; otherwise one is made. The provider gets it too.
    genReqId: requestIdFrom(trustedPeer(options.trustProxy ?? false)),
    bodyLimit: 16 * 1024,
    connectionTimeout: 30_000,
    requestTimeout: 30_000,
    keepAliveTimeout: 5_000,
    // Both answered by earlyErrors.ts: under /api as envelopes, like every /api answer.
    return503OnClosing: false,
    frameworkErrors: answerFrameworkError,
    // A URL whose escapes do not decode is noted here and refused with 400 (malformedUrl.ts).
    rewriteUrl: markMalformedUrl,
  });
  answerWhileClosing(app);
  const renderDeadlineMs = options.renderDeadlineMs ?? TIMING.renderDeadlineMs;
  // The sitemap's client; each page render makes its own, naming the request it serves.
  const providerApi = createProviderApi(providerUrl, mediaUrl, renderDeadlineMs);
  const assets = readBuildAssets(distDir);
  // The lists behind the sitemap, waited for at least as long as a render (a walk of every page of
  // them); the pages ask them which ids exist (the rest share a small lane).
  const { sitemapFreshMs } = options;
  const providerLists = createSitemapLists(providerApi, app.log, { deadlineMs: Math.max(SITEMAP_DEADLINE_MS, renderDeadlineMs), freshMs: sitemapFreshMs });
  // The site's own media, served here and by a media host pulling from here (MEDIA_URL): each
  // picture a page names carries its version (pictureVersions.ts).
  const { pictureCopies = null } = options;
  // The versions pages named, for every process of the host: a replaced or deleted file's URLs are refreshed by all of them.
  const versionLedger = pictureCopies ? createVersionLedger(join(pictureCopies.dir, 'versions')) : null;
  const pictureVersions = createPictureVersions(providerUrl, Date.now, renderDeadlineMs, versionLedger);
  const devTools = options.devToolsServerRenders ? await devToolsMirror(options.devToolsServerRenders) : null;
  if (devTools) app.addHook('onClose', async () => devTools.close());
  const pages = createPageRenderer({
    assets,
    providerUrl,
    pictureVersions,
    config: { mediaUrl, variant },
    deadlineMs: renderDeadlineMs,
    inspect: devTools?.inspect,
    cache: { ...PAGE_CACHE_DEFAULTS, ...options.pageCache },
    log: (...args) => app.log.warn(args.map(String).join(' ')),
    logError: (page, err) => app.log.error({ err, page }, 'server render threw'),
    listed: async (locale, routeId, id) => {
      const lists = await providerLists.current();
      return lists !== null && listsName(lists, locale, routeId, id);
    },
  });
  const serverRendering = options.serverRendering ?? true;
  const originOf = createOriginResolver({ publicUrl: options.publicUrl, allowedHosts: options.allowedHosts });
  // Browsers always ask again (max-age=0, answered 304 by ETag); a shared cache (a CDN) keeps a
  // page as long as this server does and serves it stale while it refreshes or while we fail.
  const cacheTimes = { ...PAGE_CACHE_DEFAULTS, ...options.pageCache };
  const pageCacheControl = [
    'public',
    'max-age=0',
    `s-maxage=${Math.round(cacheTimes.freshMs / 1000)}`,
    `stale-while-revalidate=${Math.round(cacheTimes.staleWhileRevalidateMs / 1000)}`,
    `stale-if-error=${Math.round(cacheTimes.staleIfErrorMs / 1000)}`,
  ].join(', ');

  await registerSecurityHeaders(app, mediaUrl, [assets.boot.hash]);
  const malformedUrls = refuseMalformedUrls(app);
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await registerApiProxy(app, providerUrl, upstreamTimeoutMs, originOf, pictureVersions);
  const disk = pictureCopies ? createPictureDisk(pictureCopies.dir, pictureCopies.maxBytes) : null;
  const pictures = createPictureResizer({ providerUrl, timeoutMs: upstreamTimeoutMs, versions: pictureVersions, disk });
  await registerMediaProxy(app, providerUrl, upstreamTimeoutMs, pictures);
  const closing = new AbortController();
  app.addHook('onClose', async () => closing.abort());
  const prepare = (paths: string[]) =>
    pictures.prepare(paths, closing.signal).catch((err: unknown) => app.log.warn({ err }, 'picture copies made ahead failed'));
  if (disk) {
    // In the background once listening: the first visitor finds the banners' copies made, or joins their making.
    app.addHook('onListen', async () => {
      void disk.settle();
      void aboveTheFold(providerApi).then(prepare);
    });
  }

  await app.register(fastifyStatic, {
    root: join(distDir, 'assets'),
    prefix: '/assets/',
    preCompressed: true,
    dotfiles: 'deny',
    index: false,
    list: false,
    allowedPath: (pathName) => !pathName.endsWith('.map'),
    cacheControl: false,
    setHeaders: (res) => res.setHeader('Cache-Control', IMMUTABLE),
  });
  for (const file of ROOT_FILES) {
    app.get(`/${file}`, (_request, reply) => reply.header('Cache-Control', ROOT_FILE_CACHING).sendFile(file, distDir));
  }
  const touchIconPng = touchIcon(distDir);
  app.get(TOUCH_ICON_URL, async (_request, reply) => {
    // Made before the caching header is set: a failure is answered uncached, and tried again.
    const png = await touchIconPng();
    return reply.header('Cache-Control', ROOT_FILE_CACHING).type('image/png').send(png);
  });

  const { expireSitemap } = registerCrawlerRoutes(app, { api: providerApi, originOf, lists: providerLists, freshMs: sitemapFreshMs });
  // A content import (content:import, or a pack another host imported, which every host follows):
  // the copies nginx keeps of the pages this process kept are refreshed too, as a CMS change's are.
  const refreshUrl = options.purgeRelay?.cacheUrl ?? null;
  const cacheRefresh = refreshUrl
    ? createPurgeRelay({ peers: [], cacheUrl: refreshUrl, secret: '', path: CMS_WEBHOOK_PATH, warn: (message) => app.log.warn(message) })
    : null;
  const purgeAll = () => {
    const kept = pages.purge();
    expireSitemap();
    cacheRefresh?.relayed(kept);
  };
  if (options.cachePurgeSecret) registerCachePurge(app, options.cachePurgeSecret, purgeAll);
  if (options.cmsWebhookSecret) {
    const { peers = [], cacheUrl = null } = options.purgeRelay ?? {};
    const { publicUrl } = options;
    // On the public origin only: the cache keys its copies by the host visitors name.
    const listed = publicUrl ? async (changes: CmsChange[]) => changedPages(changes, await providerLists.current(), publicUrl) : undefined;
    const relay =
      peers.length > 0 || cacheUrl
        ? createPurgeRelay({ peers, cacheUrl, secret: options.cmsWebhookSecret, path: CMS_WEBHOOK_PATH, listed, warn: (message) => app.log.warn(message) })
        : null;
    registerCmsWebhook(
      app,
      options.cmsWebhookSecret,
      {
        drop(affected, { takenDown }) {
          expireSitemap();
          if (!takenDown) return affected === 'all' ? pages.purge() : pages.purgePages(affected);
          return pages.purgePages(affected === 'all' ? () => true : affected, { takenDown });
        },
        takeDown: providerTakedown(providerUrl, options.cmsWebhookSecret, (message) => app.log.warn(message)),
        ...createFileTakedown(pictures, pictureVersions, versionLedger, publicUrl ?? null),
        // An upload or a "Replace media": its copies are made before the page naming it is asked for.
        mediaSaved(url) {
          const path = disk ? mediaPathOf(url) : null;
          if (path) void prepare([path]);
        },
      },
      relay,
    );
  }
  app.get('/healthz', async () => ({ status: 'ok' }));
  if (options.preview) registerPreviewRoute(app, { ...options.preview, pages, providerUrl, mediaUrl, deadlineMs: renderDeadlineMs, originOf });

  malformedUrls.answerPagesWith(
    registerPageRoute(app, { pages, originOf, serverRendering, cacheControl: pageCacheControl, searchBudget: createSearchBudget(options.searchLimit) })
      .errorPage,
  );

  app.setNotFoundHandler((request, reply) => {
    const allowed = request.method === 'GET' || request.method === 'HEAD';
    return reply
      .code(allowed ? 404 : 405)
      .header('Allow', 'GET, HEAD')
      .type('text/plain')
      .send(allowed ? 'Not found' : 'Method not allowed');
  });
  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error(error);
    return reply
      .code(status)
      .type('text/plain')
      .send(status === 500 ? 'Internal error' : 'Bad request');
  });
  return app;
}
