/**
 * `npm start`'s process: the site (start.ts) until SIGTERM or SIGINT, then a graceful shutdown.
 *
 * React and the store's libraries read NODE_ENV once, as they load: unless it says otherwise they
 * run their production builds here, as a deployment must. Their development builds check and warn
 * as they render, which costs a server render about a quarter more CPU (`npm run bench`'s render
 * part). Hence the site's modules load only once it is set.
 */
if (!process.env.NODE_ENV) process.env.NODE_ENV = 'production';

async function main() {
  const { readStartConfig, startSite } = await import('./start');
  const config = readStartConfig();
  const site = await startSite(config, { build: process.env.SKIP_BUILD !== '1' });
  console.log(`Site listening on ${site.url} (content provider ${site.providerUrl}, NODE_ENV=${process.env.NODE_ENV})`);
  const stop = (signal: string) => {
    console.log(`${signal}: finishing in-flight requests…`);
    setTimeout(() => process.exit(1), config.shutdownBudgetMs).unref();
    site.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
