/** The embedded provider: the provider API (src/contracts/endpoints.ts) over SQLite (or Strapi's content), plus the media. */
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { TrustProxy } from '../contracts/trustProxy';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import type { ProviderDatabase } from './sqliteDatabase';
import { createRepository } from './content/repository';
import { createSqliteStore } from './submissions/sqliteStore';
import type { SubmissionStore } from './submissions/store';
import { scheduleRecheck } from './strapi/recheckSchedule';
import { createStrapiSource } from './strapi/source';
import { registerTakedownRoute } from './takedownRoute';
import { registerStrapiFiles } from './strapi/files';
import { registerDraftRoutes, strapiDrafts, type StrapiPreview } from './strapi/preview';
import { registerContentRoutes } from './content/contentRoutes';
import { registerSubmissionRoutes, requestLocale } from './submissionRoutes';
import { fail } from './envelope';
import { MESSAGES } from './messages';
import { ENDPOINT, MEDIA_PREFIX } from '../contracts/endpoints';
import { isLoopback, requestIdFrom } from '../http/requestId';
import { guardUploads } from '../http/uploadTypes';
import { contentEtag, keepMediaByVersion } from '../http/mediaCaching';
import { DAILY_RETENTION, scheduleRetention, type RetentionSchedule } from './retentionSchedule';
import { boundClose } from './boundedClose';

/**
 * The embedded provider is reached through the site on the same machine: only a loopback hop's
 * X-Forwarded-For (the visitor's address as the site resolved it) is believed, so each visitor
 * has a rate limit of their own and a forged header from anywhere else changes nothing.
 */
export const PROVIDER_TRUST_PROXY: TrustProxy = ['loopback'];

export interface StrapiConnection {
  url: string;
  /** A read-only Content API token. */
  token: string;
  /** Drafts for the site's previews (strapi/preview.ts); unset: none. */
  preview?: StrapiPreview;
  /** How long a call waits for Strapi before the last good answer; unset: TIMING.strapiTimeoutMs. */
  timeoutMs?: number;
  /** How long a file's body from Strapi may pause before its answer ends in error; unset: STRAPI_BODY_IDLE_MS (client.ts). */
  bodyIdleMs?: number;
  /** The CMS webhook's secret (CMS_WEBHOOK_SECRET), with which the site relays takedowns; unset: none are taken. */
  webhookSecret?: string;
  /** The CMS as editors open it (CMS_PUBLIC_URL), when not `url`. */
  publicUrl?: string;
}

export interface ProviderAppOptions {
  db: ProviderDatabase;
  /** The seed media served under /uploads/ when the content is the pack's. */
  mediaDir: string;
  /** Where submissions go (default: SQLite, in `db`); the caller opens and closes it. */
  submissions?: SubmissionStore;
  /** Content (and its /uploads/) from the company's Strapi instead of the pack; submissions are the store's. */
  strapi?: StrapiConnection;
  trustProxy?: TrustProxy;
  logger?: FastifyServerOptions['logger'];
  /** The retention purge the provider runs by itself once it listens (default: a minute after, then daily); false: none. */
  retention?: RetentionSchedule | false;
}

export async function createProviderApp({
  db,
  submissions = createSqliteStore(db),
  mediaDir,
  strapi,
  trustProxy = PROVIDER_TRUST_PROXY,
  logger = false,
  retention = DAILY_RETENTION,
}: ProviderAppOptions) {
  const app = Fastify({
    logger,
    // Addresses and CIDRs only: a hop count is refused by parseTrustProxy (Fastify trusts no hop for one).
    trustProxy: trustProxy as FastifyServerOptions['trustProxy'],
    // The site's request id, so one visit reads as one story across both logs.
    genReqId: requestIdFrom(isLoopback),
    bodyLimit: 64 * 1024,
    requestTimeout: 15_000,
    return503OnClosing: true,
  });
  boundClose(app);
  await app.register(formbody);
  // Pictures, video and PDF only under /uploads/, inert however they are reached (uploadTypes.ts).
  guardUploads(app);
  // A year under the URL naming the file's version, seconds under any other (mediaCaching.ts).
  keepMediaByVersion(app);
  const fromStrapi = strapi ? createStrapiSource({ ...strapi, warn: (message) => app.log.warn(message) }) : null;
  if (fromStrapi) {
    registerStrapiFiles(app, fromStrapi.file);
  } else {
    await app.register(fastifyStatic, {
      root: mediaDir,
      prefix: MEDIA_PREFIX,
      serve: true,
      dotfiles: 'deny',
      index: false,
      cacheControl: false,
      // The bytes' hash, not the file's time: every host names one picture alike (mediaCaching.ts).
      etag: false,
      setHeaders: (res, path, stat) => {
        res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
        res.setHeader('ETag', contentEtag(path, stat));
      },
    });
  }

  const repo = createRepository(db);
  const source = fromStrapi ?? repo;
  if (fromStrapi && strapi?.webhookSecret) registerTakedownRoute(app, strapi.webhookSecret, fromStrapi.takeDown);
  if (fromStrapi) scheduleRecheck(app, fromStrapi.recheck);
  registerContentRoutes(app, source);
  if (strapi?.preview) await registerDraftRoutes(app, strapiDrafts(app, { ...strapi, preview: strapi.preview }), strapi.preview.secret);
  registerSubmissionRoutes(app, submissions, source);
  if (retention) scheduleRetention(app, submissions, retention);

  const knownPaths = new Set<string>(Object.values(ENDPOINT));
  app.setNotFoundHandler((request, reply) => {
    const messages = MESSAGES[requestLocale(request)];
    const path = request.url.split('?')[0] ?? '';
    return knownPaths.has(path) ? fail(reply, messages.badMethod, 405) : fail(reply, messages.unknownPath, 404);
  });
  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    const messages = MESSAGES[requestLocale(request)];
    const status = error.statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    const msg = status === 429 ? messages.tooMany : status === 413 ? messages.tooLarge : status >= 500 ? messages.serverError : messages.badRequest;
    return fail(reply, msg, status);
  });
  return app;
}
