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
import { EN_PREFIX, localizedPath, matchRoute, splitLocalePath } from '../contracts/routes';
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
import { siteOrigin } from './origin';
import { createPageRenderer, type PageAddress } from './render/pageRenderer';
import { createProviderApi } from './render/serverDeps';
import type { PageCacheOptions } from './render/pageCache';

export interface SiteServerOptions {
  distDir: string;
  providerUrl: string;
  /** The media host; empty: the site serves the provider's media itself, from the page's origin. */
  mediaUrl: string;
  variant: SiteVariant;
  trustProxy?: TrustProxy;
  /** Origin of absolute URLs (canonical, previews, sitemap, robots.txt); unset: the request's origin. */
  publicUrl?: string | null;
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
const ROOT_FILES = ['favicon.svg', 'share.png'];
/** What an unprefixed page's answer depends on besides its URL (see the language redirect). */
const UNPREFIXED_VARY = 'Cookie, Sec-Fetch-Site';

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
  // One keep-alive client to the provider for the pages and the sitemap.
  const providerApi = createProviderApi(providerUrl, mediaUrl, renderDeadlineMs);
  const pages = createPageRenderer({
    distDir,
    providerUrl,
    api: providerApi,
    config: { mediaUrl, variant },
    deadlineMs: renderDeadlineMs,
    cache: { ...PAGE_CACHE_DEFAULTS, ...options.pageCache },
    log: (...args) => app.log.warn(args.map(String).join(' ')),
  });
  const serverRendering = options.serverRendering ?? true;

  await registerSecurityHeaders(app, mediaUrl);
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

  registerCrawlerRoutes(app, { api: providerApi, publicUrl: options.publicUrl ?? undefined });
  if (options.cachePurgeSecret) registerCachePurge(app, options.cachePurgeSecret, pages.purge);
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/*', async (request, reply) => {
    const [rawPath = '/', rawSearch = ''] = request.url.split('?');
    if (rawPath.startsWith('/assets/')) return reply.code(404).type('text/plain').send('Not found');
    const search = rawSearch ? `?${rawSearch}` : '';
    if (rawPath === EN_PREFIX) return reply.redirect(`${EN_PREFIX}/${search}`, 301); // one URL for the English home
    const { locale: prefixed, path } = splitLocalePath(safeDecode(rawPath));
    if (prefixed === null) {
      // Unprefixed URLs reached from elsewhere follow the visitor's language cookie; a link followed
      // from one of our pages was chosen as written (the language menu's 中文 before the app runs,
      // or without it). Caches must keep the answers apart.
      reply.header('Vary', UNPREFIXED_VARY).header('Cache-Control', 'private, no-cache');
      const ownLink = request.headers['sec-fetch-site'] === 'same-origin';
      if (!ownLink && localeFromCookie(request.headers.cookie) === 'en') return reply.redirect(`${localizedPath(rawPath, 'en')}${search}`, 302);
    } else {
      reply.header('Cache-Control', 'public, max-age=0, must-revalidate');
    }
    const address: PageAddress = { locale: prefixed ?? 'zh', path, search, origin: siteOrigin(request, options.publicUrl ?? undefined) };
    const page = serverRendering ? await pages.page(address) : null;
    reply.type('text/html; charset=utf-8');
    if (!page) return reply.code(matchRoute(path) ? 200 : 404).send(pages.shell(address));
    reply.code(page.status).header('ETag', page.etag);
    if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    const accepts = String(request.headers['accept-encoding'] ?? '');
    const [encoding, body] = /\bbr\b/.test(accepts) ? ['br', page.br] : /\bgzip\b/.test(accepts) ? ['gzip', page.gzip] : [null, page.html];
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply.header('Vary', prefixed === null ? `${UNPREFIXED_VARY}, Accept-Encoding` : 'Accept-Encoding').send(body);
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
