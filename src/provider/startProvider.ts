/** Starts the embedded provider on a port; used by `npm start`, the tests and main.ts. */
import { join } from 'node:path';
import type { FastifyServerOptions } from 'fastify';
import type { TrustProxy } from '../contracts/trustProxy';
import { loadContentPack } from './content/loadPack';
import { openDatabase } from './database';
import { createProviderApp, PROVIDER_TRUST_PROXY, type StrapiConnection } from './app';
import type { RetentionSchedule } from './retentionSchedule';

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
}

export interface RunningProvider {
  url: string;
  close(): Promise<void>;
}

export async function startProvider({ port, host = '127.0.0.1', dataDir, packDir, strapi, trustProxy = PROVIDER_TRUST_PROXY, logger, retention }: ProviderOptions): Promise<RunningProvider> {
  const db = openDatabase(dataDir, () => loadContentPack(packDir));
  const app = await createProviderApp({ db, mediaDir: SEED_MEDIA_DIR, strapi: strapi ?? undefined, trustProxy, logger, retention });
  await app.listen({ port, host });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${actualPort}`,
    async close() {
      await app.close();
      db.close();
    },
  };
}
