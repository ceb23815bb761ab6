/**
 * One site process behind the CDN test's nginx: the real site server on a free loopback port,
 * logging every request as JSON lines on stdout (Fastify's logger), so the test counts what
 * reached the origin. Its first line names the port.
 */
import { createSiteServer } from '../../src/server/app';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

async function main() {
  const seconds = (name: string) => Number(env(name)) * 1000;
  const app = await createSiteServer({
    distDir: env('DIST_DIR'),
    providerUrl: env('PROVIDER_URL'),
    mediaUrl: '',
    variant: 'standard',
    logger: { level: 'info' },
    // Production's (2 s) unless the test says otherwise.
    ...(process.env.RENDER_DEADLINE_MS ? { renderDeadlineMs: Number(process.env.RENDER_DEADLINE_MS) } : {}),
    pageCache: {
      freshMs: seconds('PAGE_CACHE_FRESH_SECONDS'),
      staleWhileRevalidateMs: seconds('PAGE_CACHE_SWR_SECONDS'),
      staleIfErrorMs: seconds('PAGE_CACHE_STALE_IF_ERROR_SECONDS'),
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.stdout.write(`${JSON.stringify({ listening: typeof address === 'object' && address ? address.port : null })}\n`);
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
