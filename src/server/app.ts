/**
 * The site server: /api proxy first (an unknown /api path answers an envelope, not HTML),
 * then hashed assets, then /healthz, then the route table's app shell (200, or 404 for an
 * unknown path or a bad id, which the client shows as its error page).
 */
import Fastify, { type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { join } from 'node:path';
import { matchRoute } from '../contracts/routes';
import type { SiteVariant } from '../contracts/runtimeConfig';
import type { TrustProxy } from '../contracts/trustProxy';
import { TIMING } from '../contracts/constants';
import { registerSecurityHeaders } from './securityHeaders';
import { registerApiProxy } from './proxy';
import { localeFromCookie, renderShells } from './shell';

export interface SiteServerOptions {
  distDir: string;
  providerUrl: string;
  mediaUrl: string;
  variant: SiteVariant;
  trustProxy?: TrustProxy;
  upstreamTimeoutMs?: number;
  logger?: FastifyServerOptions['logger'];
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const ROOT_FILES = ['favicon.svg', 'robots.txt'];

export async function createSiteServer(options: SiteServerOptions) {
  const { distDir, providerUrl, mediaUrl, variant, upstreamTimeoutMs = TIMING.requestTimeoutMs } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    // Fastify accepts a hop count too, though its type does not say so.
    trustProxy: (options.trustProxy ?? false) as FastifyServerOptions['trustProxy'],
    bodyLimit: 16 * 1024,
    connectionTimeout: 30_000,
    requestTimeout: 30_000,
    keepAliveTimeout: 5_000,
    return503OnClosing: true,
  });
  const shells = renderShells(distDir, { mediaUrl, variant });

  await registerSecurityHeaders(app, mediaUrl);
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await registerApiProxy(app, providerUrl, upstreamTimeoutMs);

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

  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/*', (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/assets/')) return reply.code(404).type('text/plain').send('Not found');
    const found = matchRoute(safeDecode(path)) !== null;
    return reply
      .code(found ? 200 : 404)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(shells[localeFromCookie(request.headers.cookie)]);
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
