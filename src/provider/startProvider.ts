/** Starts the embedded provider on a port; used by `npm start`, the tests and main.ts. */
import { join } from 'node:path';
import type { FastifyServerOptions } from 'fastify';
import type { TrustProxy } from '../contracts/trustProxy';
import { loadContentPack } from './content/loadPack';
import { openDatabase } from './sqliteDatabase';
import { createProviderApp, PROVIDER_TRUST_PROXY, type StrapiConnection } from './app';
import type { RetentionSchedule } from './retentionSchedule';
import { openSubmissionStore } from './submissions/open';
import { postgresUrlFrom, type SubmissionStore } from './submissions/store';
import { boundedPool, endPool } from './submissions/postgresStore';
import { followedReport, followSharedPack, PACK_CONNECT_MS, type PackFollower } from './content/sharedPack';

type ProviderApp = Awaited<ReturnType<typeof createProviderApp>>;

export const SEED_MEDIA_DIR = join(__dirname, '..', '..', 'config', 'seed', 'media', 'uploads');

export interface ProviderOptions {
  port: number;
  host?: string;
  dataDir: string;
  /** The content pack a new database is seeded from (default config/content); not read once seeded. */
  packDir?: string;
  /** Content from Strapi instead of the pack (CONTENT_SOURCE=strapi). */
  strapi?: StrapiConnection | null;
  /** Default: loopback only (the site on the same machine). */
  trustProxy?: TrustProxy;
  logger?: FastifyServerOptions['logger'];
  /** Default: the daily retention purge, first a minute after start. */
  retention?: RetentionSchedule | false;
  /**
   * postgres://… keeps submissions in that PostgreSQL database, and follows the content pack
   * imported there (content/sharedPack.ts); otherwise both stay in SQLite. Unset: $DATABASE_URL;
   * null: SQLite whatever the environment says.
   */
  databaseUrl?: string | null;
  /** A newer shared content pack was imported: the site in front drops its pages. */
  onContentImported?: () => void;
  /** How often the shared content pack is looked at (default sharedPack.ts's FOLLOW_MS). */
  followPackMs?: number;
}

export interface RunningProvider {
  url: string;
  /** An allowance counted where this provider counts its own (its store's): for the site in front of it. */
  visitorLimit: SubmissionStore['visitorLimit'];
  close(): Promise<void>;
}

export async function startProvider({
  port,
  host = '127.0.0.1',
  dataDir,
  packDir,
  strapi,
  trustProxy = PROVIDER_TRUST_PROXY,
  logger,
  retention,
  databaseUrl,
  onContentImported = () => {},
  followPackMs,
}: ProviderOptions): Promise<RunningProvider> {
  const db = await openDatabase(dataDir, () => loadContentPack(packDir));
  const url = databaseUrl === undefined ? process.env.DATABASE_URL : (databaseUrl ?? undefined);
  let submissions: SubmissionStore | undefined;
  let app: ProviderApp | undefined;
  let packPool: ReturnType<typeof boundedPool> | undefined;
  let follower: PackFollower | undefined;
  // In the app's log once it exists (a broken idle connection: the pool replaces it).
  const warn = (message: string, err?: unknown) => (app ? app.log.warn({ err }, message) : console.warn(message, err ?? ''));
  try {
    submissions = await openSubmissionStore(url, db, { warn });
    const shared = postgresUrlFrom(url);
    if (shared && !strapi) {
      packPool = boundedPool(shared, { max: 1, connectionTimeoutMillis: PACK_CONNECT_MS }, warn);
      follower = await followSharedPack({
        pool: packPool,
        db,
        warn,
        everyMs: followPackMs,
        onImported: (report, pack) => {
          app?.log.info(followedReport(report, pack));
          onContentImported();
        },
      });
    }
    app = await createProviderApp({ db, submissions, mediaDir: SEED_MEDIA_DIR, strapi: strapi ?? undefined, trustProxy, logger, retention });
    await app.listen({ port, host });
  } catch (error) {
    await app?.close();
    await follower?.stop();
    if (packPool) await endPool(packPool);
    await submissions?.close();
    db.close();
    throw error;
  }
  const [running, store] = [app, submissions];
  const address = running.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${actualPort}`,
    visitorLimit: (name, allowance) => store.visitorLimit(name, allowance),
    async close() {
      // Bounded: answers in flight get a grace (boundedClose.ts); the site's shutdown budget (SHUTDOWN_SECONDS, 10 s) leaves room for it.
      await running.close();
      await follower?.stop();
      if (packPool) await endPool(packPool);
      await store.close();
      db.close();
    },
  };
}
