/**
 * The site server: /api proxy first (an unknown /api path answers an envelope, not HTML), the
 * provider's media under /uploads unless a media host serves them, then hashed assets,
 * robots.txt and the sitemap, then /healthz, then every page of the route table rendered on the
 * server (src/server/render), in Chinese at the unprefixed paths and in English under /en.
 * Unknown paths and ids answer 404 with the error page.
 */
import Fastify, { type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { join } from 'node:path';
import { EN_PREFIX, matchRoute, splitLocalePath } from '../contracts/routes';
import type { SiteVariant } from '../contracts/runtimeConfig';
import type { TrustProxy } from '../contracts/trustProxy';
import { TIMING } from '../contracts/constants';
import { registerSecurityHeaders } from './securityHeaders';
import { registerApiProxy, registerMediaProxy } from './proxy';
import { requestIdFrom } from '../provider/logging';
import { trustedPeer } from './trustedPeer';
import { registerCachePurge } from './cachePurge';
import { registerCrawlerRoutes } from './crawlerRoutes';
import { localeFromCookie } from './localeCookie';
import { createOriginResolver } from './origin';
import { canonicalPath } from './render/canonicalPath';
import { matchesEtag } from './render/etag';
import { readBuildAssets } from './render/document';
import { createPageRenderer, NOT_FOUND_PATH, type PageAddress } from './render/pageRenderer';
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
  pageCache?: Partial<PageCacheOptions>;
  /** Enables POST /_internal/cache/purge for the content import (see cachePurge.ts). */
  cachePurgeSecret?: string | null;
}

export const PAGE_CACHE_DEFAULTS: PageCacheOptions = {
  maxBytes: 64 * 1024 * 1024,
  freshMs: 60_000,
  staleWhileRevalidateMs: 10 * 60_000,
  staleIfErrorMs: 24 * 60 * 60_000,
};

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** What the home page's answer depends on besides its URL (see the language redirect). */
const LANGUAGE_REDIRECT_VARY = 'Cookie, Sec-Fetch-Site, Accept-Encoding';
const RETRY_AFTER_SECONDS = 30;
const ROOT_FILES = ['favicon.svg', 'share.png'];

export async function createSiteServer(options: SiteServerOptions) {
  const { distDir, providerUrl, mediaUrl, variant, upstreamTimeoutMs = TIMING.requestTimeoutMs } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    // Fastify accepts a hop count too, though its type does not say so.
    trustProxy: (options.trustProxy ?? false) as FastifyServerOptions['trustProxy'],
    // A request id from a trusted proxy carries on; otherwise one is made. The provider gets it too.
    genReqId: requestIdFrom(trustedPeer(options.trustProxy ?? false)),
    bodyLimit: 16 * 1024,
    connectionTimeout: 30_000,
    requestTimeout: 30_000,
    keepAliveTimeout: 5_000,
    return503OnClosing: true,
  });
  const renderDeadlineMs = options.renderDeadlineMs ?? TIMING.renderDeadlineMs;
  // The sitemap's client; each page render makes its own, naming the request it serves.
  const providerApi = createProviderApi(providerUrl, mediaUrl, renderDeadlineMs);
  const assets = readBuildAssets(distDir);
  const pages = createPageRenderer({
    assets,
    providerUrl,
    config: { mediaUrl, variant },
    deadlineMs: renderDeadlineMs,
    cache: { ...PAGE_CACHE_DEFAULTS, ...options.pageCache },
    log: (...args) => app.log.warn(args.map(String).join(' ')),
    logError: (page, err) => app.log.error({ err, page }, 'server render threw'),
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
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await registerApiProxy(app, providerUrl, upstreamTimeoutMs);
  if (!mediaUrl) await registerMediaProxy(app, providerUrl, upstreamTimeoutMs);

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
    app.get(`/${file}`, (_request, reply) => reply.header('Cache-Control', 'public, max-age=86400').sendFile(file, distDir));
  }

  registerCrawlerRoutes(app, { api: providerApi, originOf });
  if (options.cachePurgeSecret) registerCachePurge(app, options.cachePurgeSecret, pages.purge);
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/*', async (request, reply) => {
    const [rawPath = '/', rawSearch = ''] = request.url.split('?');
    if (rawPath.startsWith('/assets/')) return reply.code(404).type('text/plain').send('Not found');
    const search = rawSearch ? `?${rawSearch}` : '';
    // One URL per page, before any cache: spellings of a page never take keys of their own.
    const canonical = canonicalPath(rawPath);
    if (canonical) return reply.header('Cache-Control', pageCacheControl).redirect(`${canonical}${search}`, 301);
    const { locale: prefixed, path } = splitLocalePath(safeDecode(rawPath));
    if (rawPath === '/') {
      // The one URL whose language follows the visitor: the home page reached from elsewhere with
      // the English cookie goes to /en/; a link followed from one of our pages (the language
      // menu's 中文) was chosen as written. Private, so no shared cache keeps either answer.
      reply.header('Vary', LANGUAGE_REDIRECT_VARY).header('Cache-Control', 'private, no-cache');
      const ownLink = request.headers['sec-fetch-site'] === 'same-origin';
      if (!ownLink && localeFromCookie(request.headers.cookie) === 'en') return reply.redirect(`${EN_PREFIX}/${search}`, 302);
    } else {
      reply.header('Vary', 'Accept-Encoding').header('Cache-Control', pageCacheControl);
    }
    const address: PageAddress = { locale: prefixed ?? 'zh', path, search, origin: originOf(request), requestId: request.id };
    reply.type('text/html; charset=utf-8');
    const known = matchRoute(path) !== null;
    if (!serverRendering) return reply.code(known ? 200 : 404).send(pages.shell(address));
    const page = await pages.page(address);
    if (!page) {
      if (!known) return reply.code(404).send(pages.shell({ ...address, path: NOT_FOUND_PATH, search: '' }));
      // Nothing rendered and nothing in hand: the provider is out. The shell still runs (the
      // browser tries itself and shows SPEC §8's errors); caches are told to come back soon.
      return reply.code(503).header('Retry-After', String(RETRY_AFTER_SECONDS)).header('Cache-Control', 'no-store').send(pages.shell(address));
    }
    const accepts = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : 'identity';
    const etag = page.etags[encoding];
    reply.code(page.status).header('ETag', etag);
    if (page.status === 200 && matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.html);
  });

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
    return reply.code(status).type('text/plain').send(status === 500 ? 'Internal error' : 'Bad request');
  });
  return app;
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return '/%'; // malformed escapes are simply not a route
  }
}
