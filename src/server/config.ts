/** The site server's configuration, read once from the environment (see README). */
import { join, resolve } from 'node:path';
import type { SiteVariant } from '../contracts/runtimeConfig';
import { parseTrustProxy, type TrustProxy } from '../contracts/trustProxy';
import { TIMING } from '../contracts/constants';
import type { PageCacheOptions } from './render/pageCache';

export interface SiteConfig {
  port: number;
  host: string;
  /** Unset: start the embedded provider on providerPort and proxy to it. */
  providerUrl: string | null;
  providerPort: number;
  /** Unset: the site serves the provider's media (/uploads/) from its own origin. */
  mediaUrl: string | null;
  /** The site's public origin for absolute URLs (canonical, previews, sitemap, robots.txt); unset: each request's origin. */
  publicUrl: string | null;
  /** Hosts absolute URLs may name when publicUrl is unset; the first stands in for any other. null: any (PORT=0, tests). */
  allowedHosts: string[] | null;
  dataDir: string;
  variant: SiteVariant;
  trustProxy: TrustProxy;
  distDir: string;
  /** SSR=off serves the client-rendered shell for every page. */
  serverRendering: boolean;
  renderDeadlineMs: number;
  /** How long `npm start` waits for the requests in flight after SIGTERM before it exits with 1 (SHUTDOWN_SECONDS). */
  shutdownBudgetMs: number;
  pageCache: PageCacheOptions;
  /** Picture copies on disk (PICTURE_COPIES_DIR, else DATA_DIR/picture-copies; PICTURE_CACHE_MB), shared by the host's site processes. */
  pictureCopies: { dir: string; maxBytes: number };
  /** Level of the JSON logs (LOG_LEVEL): debug, info, warn, error or silent. */
  logLevel: string;
  /** The secret the CMS's webhook sends (CMS_WEBHOOK_SECRET); null: no webhook endpoint. */
  cmsWebhookSecret: string | null;
  /** The other site processes (SITE_PEERS, comma-separated URLs) and the cache in front (CACHE_REFRESH_URL) a CMS change goes on to. */
  purgeRelay: { peers: string[]; cacheUrl: string | null };
  /** PREVIEW_SECRET and the CMS's origin that frames previews (CMS_PUBLIC_URL, else STRAPI_URL); null: no /preview. */
  preview: { secret: string; cmsOrigin: string } | null;
  /**
   * DEVTOOLS_SERVER_RENDERS=1, in development and tests only: the port of Redux DevTools' own
   * monitor (DEVTOOLS_PORT, 8000) each server render's store shows in; null: none.
   */
  devToolsServerRenders: number | null;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env, warn: (message: string) => void = console.warn): SiteConfig {
  const variant = env.SITE_VARIANT ?? 'standard';
  if (variant !== 'standard' && variant !== 'shop') {
    throw new Error(`SITE_VARIANT must be "standard" or "shop", not "${variant}"`);
  }
  const sitePort = port(env.PORT, 3000, 'PORT');
  const publicUrl = env.PUBLIC_URL ? publicOrigin(env.PUBLIC_URL) : null;
  // A port chosen by the system (0, tests) is known only once listening: then the request's host is taken.
  const allowedHosts = hostList(env.ALLOWED_HOSTS) ?? (sitePort === 0 ? null : [`localhost:${sitePort}`, `127.0.0.1:${sitePort}`]);
  if (!publicUrl && !localRun(env, sitePort)) {
    warn(
      `PUBLIC_URL is not set: absolute URLs (canonical links, sitemap, robots.txt, previews) name only ${(allowedHosts ?? ['the request host']).join(', ')} ` +
        `(ALLOWED_HOSTS${env.ALLOWED_HOSTS ? '' : ' unset'}), with the scheme each request came with. Set PUBLIC_URL to the public origin (e.g. https://www.example.com) when visitors are served.`,
    );
  }
  return {
    port: sitePort,
    host: env.HOST ?? '0.0.0.0',
    providerUrl: env.PROVIDER_URL ? new URL(env.PROVIDER_URL).origin : null,
    providerPort: port(env.PROVIDER_PORT, 3001, 'PROVIDER_PORT'),
    mediaUrl: env.MEDIA_URL ? new URL(env.MEDIA_URL).origin : null,
    publicUrl,
    allowedHosts,
    dataDir: resolve(env.DATA_DIR ?? 'data'),
    pictureCopies: {
      dir: resolve(env.PICTURE_COPIES_DIR ?? join(env.DATA_DIR ?? 'data', 'picture-copies')),
      maxBytes: count(env.PICTURE_CACHE_MB, 512, 'PICTURE_CACHE_MB') * 1024 * 1024,
    },
    variant,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    distDir: resolve(env.DIST_DIR ?? 'dist'),
    serverRendering: env.SSR !== 'off',
    renderDeadlineMs: count(env.RENDER_DEADLINE_MS, TIMING.renderDeadlineMs, 'RENDER_DEADLINE_MS'),
    shutdownBudgetMs: shutdownSeconds(env.SHUTDOWN_SECONDS) * 1000,
    logLevel: env.LOG_LEVEL || 'info',
    cmsWebhookSecret: env.CMS_WEBHOOK_SECRET || null,
    purgeRelay: {
      peers: (env.SITE_PEERS ?? '')
        .split(',')
        .map((peer) => peer.trim())
        .filter(Boolean)
        .map((peer) => new URL(peer).origin),
      cacheUrl: env.CACHE_REFRESH_URL ? new URL(env.CACHE_REFRESH_URL).origin : null,
    },
    preview: previewConfig(env),
    devToolsServerRenders: env.DEVTOOLS_SERVER_RENDERS === '1' && localRun(env, sitePort) ? port(env.DEVTOOLS_PORT, 8000, 'DEVTOOLS_PORT') : null,
    pageCache: {
      maxBytes: count(env.PAGE_CACHE_MB, 64, 'PAGE_CACHE_MB') * 1024 * 1024,
      freshMs: count(env.PAGE_CACHE_FRESH_SECONDS, 60, 'PAGE_CACHE_FRESH_SECONDS') * 1000,
      staleWhileRevalidateMs: count(env.PAGE_CACHE_SWR_SECONDS, 600, 'PAGE_CACHE_SWR_SECONDS') * 1000,
      staleIfErrorMs: count(env.PAGE_CACHE_STALE_IF_ERROR_HOURS, 24, 'PAGE_CACHE_STALE_IF_ERROR_HOURS') * 3_600_000,
    },
  };
}

/**
 * Runs that serve no visitors: the test suites (NODE_ENV=test, or a port the system chooses)
 * and development (NODE_ENV=development). Anything else may be a deployment, whatever NODE_ENV
 * says: `npm start` on a server often runs without it.
 */
function localRun(env: NodeJS.ProcessEnv, sitePort: number): boolean {
  return env.NODE_ENV === 'test' || env.NODE_ENV === 'development' || sitePort === 0;
}

function previewConfig(env: NodeJS.ProcessEnv): SiteConfig['preview'] {
  if (!env.PREVIEW_SECRET) return null;
  const cms = env.CMS_PUBLIC_URL || env.STRAPI_URL;
  if (!cms) throw new Error("PREVIEW_SECRET needs CMS_PUBLIC_URL: the CMS admin panel's origin, the one site that may frame a preview");
  return { secret: env.PREVIEW_SECRET, cmsOrigin: publicOrigin(cms, 'CMS_PUBLIC_URL') };
}

function publicOrigin(value: string, name = 'PUBLIC_URL'): string {
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must be an http(s) origin, not "${value}"`);
  return url.origin;
}

/** ALLOWED_HOSTS: comma-separated hosts, with the port when it is not the scheme's default. */
function hostList(value: string | undefined): string[] | null {
  const hosts = (value ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
  for (const host of hosts) {
    if (!/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/.test(host)) throw new Error(`ALLOWED_HOSTS must list host names (host or host:port), not "${host}"`);
  }
  return hosts.length > 0 ? hosts : null;
}

function port(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${name} must be a port number, not "${value}"`);
  return n;
}

/** 0 would exit before anything in flight ends; an hour is longer than any deployment waits for a stop. */
function shutdownSeconds(value: string | undefined): number {
  if (value === undefined || value === '') return 10;
  const seconds = Number(value);
  if (!(seconds >= 1 && seconds <= 3600)) throw new Error(`SHUTDOWN_SECONDS must be a number of seconds from 1 to 3600, not "${value}"`);
  return seconds;
}

function count(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number ≥ 0, not "${value}"`);
  return n;
}
