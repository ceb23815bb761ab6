/**
 * npm run cms             installs what is missing, builds the admin panel when it is missing or was built
 *                         by another Strapi version, serves Strapi on CMS_PORT (1337)
 * npm run cms:install   installs cms/ (npm ci) when it is missing or older than its lockfile, nothing else
 * npm run cms:seed [--force]
 *                         loads config/content into the running (empty) Strapi, makes the site's token (find
 *                         and findOne of the content types, nothing else) and its previews' token (the same,
 *                         drafts included) and writes cms/.env.site for the site, with PREVIEW_SECRET
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadContentPack } from '../../src/provider/content/loadPack';
import { SEED_MEDIA_DIR } from '../../src/provider/startProvider';
import { CMS_DIR, cmsEnvironment, ensureAdminBuilt, ensureCmsInstalled, startCms } from './cms';
import { CmsNotEmpty, seedStrapi } from '../../src/provider/strapi/seed/seedStrapi';

const cmsPort = () => Number(process.env.CMS_PORT || 1337);

async function serve() {
  ensureCmsInstalled();
  const env = cmsEnvironment();
  ensureAdminBuilt();
  const cms = await startCms({ port: cmsPort(), siteUrl: process.env.CMS_SITE_URL ?? `http://127.0.0.1:${process.env.PORT || 3000}` });
  console.log(`Strapi admin panel: ${cms.url}/admin (first administrator ${process.env.CMS_ADMIN_EMAIL ?? `${env.CMS_ADMIN_EMAIL}, password in cms/.env`})`);
  const stop = () => void cms.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

async function seed(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      force: { type: 'boolean', default: false },
      'cms-url': { type: 'string', default: `http://127.0.0.1:${cmsPort()}` },
      pack: { type: 'string' },
    },
  });
  const env = cmsEnvironment();
  const result = await seedStrapi({
    cmsUrl: values['cms-url'],
    email: process.env.CMS_ADMIN_EMAIL ?? env.CMS_ADMIN_EMAIL ?? '',
    password: process.env.CMS_ADMIN_PASSWORD ?? env.CMS_ADMIN_PASSWORD ?? '',
    pack: loadContentPack(values.pack),
    mediaDir: SEED_MEDIA_DIR,
    force: values.force,
    log: console.log,
  });
  const siteEnv = join(CMS_DIR, '.env.site');
  const lines = {
    CONTENT_SOURCE: 'strapi',
    STRAPI_URL: values['cms-url'],
    STRAPI_TOKEN: result.siteToken,
    STRAPI_PREVIEW_TOKEN: result.previewToken,
    CMS_WEBHOOK_SECRET: process.env.CMS_WEBHOOK_SECRET ?? env.CMS_WEBHOOK_SECRET ?? '',
    PREVIEW_SECRET: process.env.PREVIEW_SECRET ?? env.PREVIEW_SECRET ?? '',
  };
  writeFileSync(
    siteEnv,
    Object.entries(lines)
      .map(([key, value]) => `${key}=${value}\n`)
      .join(''),
    { mode: 0o600 },
  );
  console.log(`Seeded ${result.documents} documents and ${result.media} media files. The site's settings are in cms/.env.site:`);
  console.log('  set -a && . cms/.env.site && set +a && npm start');
}

const COMMANDS: Record<string, (args: string[]) => Promise<void>> = { serve, seed, install: async () => ensureCmsInstalled() };
const [command = '', ...rest] = process.argv.slice(2);
(COMMANDS[command]?.(rest) ?? Promise.reject(new Error('usage: cmsCli.ts serve | seed [--force] | install'))).catch((error: unknown) => {
  console.error(error instanceof CmsNotEmpty ? error.message : error);
  process.exit(1);
});
