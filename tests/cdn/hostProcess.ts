/**
 * One host of the site for the two-host test: `npm start`'s code path (the site and its embedded
 * provider) on free loopback ports, submissions in the PostgreSQL database of DATABASE_URL.
 * Its first line on stdout names the site's port; SIGTERM stops it as a host being replaced would.
 */
import { readConfig } from '../../src/server/config';
import { startSite } from '../../src/server/start';

async function main() {
  const config = readConfig({ ...process.env, PORT: '0', PROVIDER_PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
  const site = await startSite(config, { build: false });
  process.stdout.write(`${JSON.stringify({ listening: Number(new URL(site.url).port) })}\n`);
  process.once('SIGTERM', () => void site.close().then(() => process.exit(0)));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
