/** Starts the embedded provider on a port; used by `npm start`, the tests and main.ts. */
import { join } from 'node:path';
import type { FastifyServerOptions } from 'fastify';
import type { TrustProxy } from '../contracts/trustProxy';
import { loadContentPack } from './content/loadPack';
import { openDatabase } from './content/database';
import { createProviderApp, PROVIDER_TRUST_PROXY, type StrapiConnection } from './app';
import type { RetentionSchedule } from './retentionSchedule';
import { openSubmissionStore } from './submissions/open';
import type { SubmissionStore } from './submissions/store';

type ProviderApp = Awaited<ReturnType<typeof createProviderApp>>;

/**
 * Once closing, every answer still to be sent ends its connection: Fastify closes the connections
 * idle when close() starts, but one that was busy then would stay open, kept alive, after its
 * answer, and hold the process until keepAliveTimeout (72 s); with PostgreSQL, whose answers
 * wait on the network, most are busy then.
 */
function endConnectionsWhenClosing(app: ProviderApp): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}

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
  /** postgres://… keeps submissions in that PostgreSQL database; otherwise in SQLite. Unset: $DATABASE_URL; null: SQLite whatever the environment says. */
  databaseUrl?: string | null;
}

export interface RunningProvider {
  url: string;
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
}: ProviderOptions): Promise<RunningProvider> {
  const db = await openDatabase(dataDir, () => loadContentPack(packDir));
  let submissions: SubmissionStore | undefined;
  let app: ProviderApp | undefined;
  try {
    // A broken idle connection is warned about once the app's logger exists; the pool replaces it.
    submissions = await openSubmissionStore(databaseUrl === undefined ? process.env.DATABASE_URL : (databaseUrl ?? undefined), db, {
      warn: (message, err) => app?.log.warn({ err }, message),
    });
    app = await createProviderApp({ db, submissions, mediaDir: SEED_MEDIA_DIR, strapi: strapi ?? undefined, trustProxy, logger, retention });
    endConnectionsWhenClosing(app);
    await app.listen({ port, host });
  } catch (error) {
    await app?.close();
    await submissions?.close();
    db.close();
    throw error;
  }
  const [running, store] = [app, submissions];
  const address = running.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${actualPort}`,
    async close() {
      await running.close();
      await store.close();
      db.close();
    },
  };
}
