/**
 * Runs the embedded provider on its own: PROVIDER_PORT (3001), DATA_DIR (./data), TRUST_PROXY
 * when the site reaches it from another machine (default: loopback only), and DATABASE_URL
 * (postgres://…) to keep submissions in PostgreSQL.
 */
import { parseTrustProxy } from '../contracts/trustProxy';
import { startProvider } from './startProvider';
import { logOptions } from './logging';
import { readStrapiConnection } from './strapi/connection';

async function main() {
  const provider = await startProvider({
    port: Number(process.env.PROVIDER_PORT ?? 3001),
    host: process.env.PROVIDER_HOST ?? '127.0.0.1',
    dataDir: process.env.DATA_DIR ?? 'data',
    strapi: readStrapiConnection(process.env),
    trustProxy: process.env.TRUST_PROXY ? parseTrustProxy(process.env.TRUST_PROXY) : undefined,
    logger: logOptions('provider'),
    databaseUrl: process.env.DATABASE_URL,
  });
  console.log(`Content provider listening on ${provider.url}`);
  const stop = () => provider.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
