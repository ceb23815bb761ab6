/**
 * What `npm start` runs (its process is main.ts): build the client if needed, start the embedded
 * provider unless PROVIDER_URL points elsewhere, and serve.
 */
import { join } from 'node:path';
import { readConfig, type SiteConfig } from './config';
import { createSiteServer } from './app';
import { buildClient, isBuildStale } from './build';
import type { StrapiConnection } from '../provider/app';
import { readStrapiConnection } from '../provider/strapi/connection';
import { startProvider, type RunningProvider } from '../provider/startProvider';
import { logOptions } from '../http/logging';
import { privateFolder } from '../provider/sqliteDatabase';
import { cachePurgeSecret, requestCachePurge } from '../http/siteCache';
import { SEARCH_ALLOWANCE, SEARCH_LIMIT_NAME } from './render/searchBudget';
import { LIMIT_ANSWER_MS, postgresLimit, type VisitorLimit } from '../http/visitorLimits';
import { boundedPool, endPool } from '../provider/submissions/postgresStore';
import { postgresUrlFrom } from '../provider/submissions/store';

const ROOT = join(__dirname, '..', '..');

export interface RunningSite {
  url: string;
  providerUrl: string;
  close(): Promise<void>;
}

/** The site's configuration, and the embedded provider's: its content from Strapi (CONTENT_SOURCE=strapi); null: the content pack. */
export interface StartConfig extends SiteConfig {
  strapi: StrapiConnection | null;
}

export function readStartConfig(env: NodeJS.ProcessEnv = process.env, warn: (message: string) => void = console.warn): StartConfig {
  const config = readConfig(env, warn);
  const strapi = readStrapiConnection(env);
  if (strapi && env.PROVIDER_URL)
    throw new Error('CONTENT_SOURCE=strapi is read by the embedded provider: unset PROVIDER_URL, or set CONTENT_SOURCE on the provider at PROVIDER_URL');
  return { ...config, strapi };
}

export interface SearchLimitSource {
  limit: VisitorLimit | undefined;
  close(): Promise<void>;
}

/**
 * Where the site counts its visitors' search renders (searchBudget.ts): through its embedded
 * provider's store; with the provider elsewhere (PROVIDER_URL) and DATABASE_URL set, in the same
 * PostgreSQL table directly, so the sites of several machines share one allowance per visitor;
 * with neither, in this process's memory (`limit` undefined).
 */
export function searchLimitSource(provider: RunningProvider | null, env: NodeJS.ProcessEnv = process.env): SearchLimitSource {
  if (provider) return { limit: provider.visitorLimit(SEARCH_LIMIT_NAME, SEARCH_ALLOWANCE), close: async () => {} };
  const url = postgresUrlFrom(env.DATABASE_URL);
  if (!url) return { limit: undefined, close: async () => {} };
  // The table is the provider's (its migrations make it); a count that does not answer within
  // LIMIT_ANSWER_MS is made in this process's memory instead (postgresLimit).
  const pool = boundedPool(url, { max: 2, connectionTimeoutMillis: LIMIT_ANSWER_MS, statement_timeout: LIMIT_ANSWER_MS });
  return { limit: postgresLimit(pool, SEARCH_LIMIT_NAME, SEARCH_ALLOWANCE), close: () => endPool(pool) };
}

export async function startSite(config: StartConfig, { build = true } = {}): Promise<RunningSite> {
  if (build && isBuildStale(ROOT, config.distDir)) buildClient(ROOT);
  privateFolder(config.dataDir);
  const purgeSecret = cachePurgeSecret(config.dataDir);
  let dropPages = async () => {};
  let provider: RunningProvider | null = null;
  if (!config.providerUrl) {
    // The provider believes only its loopback hop: the site, which forwards the address it resolved.
    provider = await startProvider({
      port: config.providerPort,
      dataDir: config.dataDir,
      strapi: config.strapi,
      logger: logOptions('provider', config.logLevel),
      // A content pack another host imported (sharedPack.ts): this site's pages go too.
      onContentImported: () => void dropPages(),
    });
  }
  const providerUrl = config.providerUrl ?? (provider as RunningProvider).url;
  const searches = searchLimitSource(provider);
  const app = await createSiteServer({
    distDir: config.distDir,
    providerUrl,
    mediaUrl: config.mediaUrl ?? '',
    variant: config.variant,
    trustProxy: config.trustProxy,
    serverRendering: config.serverRendering,
    publicUrl: config.publicUrl,
    allowedHosts: config.allowedHosts,
    renderDeadlineMs: config.renderDeadlineMs,
    pageCache: config.pageCache,
    logger: logOptions('site', config.logLevel),
    cachePurgeSecret: purgeSecret,
    cmsWebhookSecret: config.cmsWebhookSecret,
    purgeRelay: config.purgeRelay,
    preview: config.preview,
    pictureCopies: config.pictureCopies,
    searchLimit: searches.limit,
    devToolsServerRenders: config.devToolsServerRenders,
  });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const ownHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  dropPages = () =>
    requestCachePurge(`http://${ownHost.includes(':') ? `[${ownHost}]` : ownHost}:${port}`, purgeSecret).then((outcome) => app.log.info(outcome));
  return {
    url: `http://localhost:${port}`,
    providerUrl,
    async close() {
      await app.close(); // in-flight requests finish first
      await searches.close();
      await provider?.close();
    },
  };
}
