/**
 * Runs the embedded provider on its own: PROVIDER_PORT (3001), DATA_DIR (./data), TRUST_PROXY
 * when the site reaches it from another machine (default: loopback only), and DATABASE_URL
 * (postgres://…) to keep submissions in PostgreSQL.
 */
import { parseTrustProxy } from '../contracts/trustProxy';
import { startProvider } from './startProvider';
import { logOptions } from '../http/logging';
import { readStrapiConnection } from './strapi/connection';
import { OperatorError } from './submissions/store';

const SHUTDOWN_LIMIT_MS = 10_000;

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
  // In-flight requests finish first; a database that never answers cannot hold the process past the budget.
  const stop = () => {
    setTimeout(() => process.exit(1), SHUTDOWN_LIMIT_MS).unref();
    provider.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  // A problem the operator can fix is a sentence; its stack would say nothing more.
  console.error(error instanceof OperatorError ? error.message : error);
  process.exit(1);
});
