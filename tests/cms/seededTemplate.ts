/**
 * The seeded Strapi every cms test file starts from, made once per run rather than once per file
 * (seeding uploads every picture of the pack and writes every document through Strapi's APIs).
 * The cms project's globalSetup starts Strapi on a fresh database, seeds it, stops it, and keeps
 * its database (an SQLite file, or on PostgreSQL a database used as a template), its uploads and
 * the secrets and tokens it was seeded with in the folder CMS_SEEDED_TEMPLATE names. A file copies
 * them (startSeededCms in strapi.ts), the uploads as hard links: what one file deletes or replaces,
 * no other file sees.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadContentPack } from '../../src/provider/content/loadPack';
import { SEED_MEDIA_DIR } from '../../src/provider/startProvider';
import { ensureCmsInstalled, newCmsSecrets, startCms } from '../../config/cms/cms';
import { seedStrapi } from '../../src/provider/strapi/seed/seedStrapi';
import { createTestDatabase, dropTestDatabase } from '../../src/provider/submissions/postgres.testing';
import { freePort } from '../../src/server/freePort.testing';
import { CMS_ON_POSTGRES, takeCopyOfCmsDatabase } from './database';

export interface SeededTemplate {
  secrets: Record<string, string>;
  siteToken: string;
  previewToken: string;
  /** On PostgreSQL, the database to copy. */
  database?: string;
  /** How long the one seeding took, for the record. */
  seedMs: number;
}

const RECORD = 'seeded.json';

function templateDir(): string {
  const dir = process.env.CMS_SEEDED_TEMPLATE;
  if (!dir)
    throw new Error("No seeded Strapi to copy: CMS_SEEDED_TEMPLATE is set by the cms project's globalSetup (run the file through jest --selectProjects cms)");
  return dir;
}

/** globalSetup: seeds one Strapi for the whole run. */
export async function makeSeededTemplate(): Promise<void> {
  ensureCmsInstalled();
  const dir = mkdtempSync(join(tmpdir(), 'cms-seeded-'));
  process.env.CMS_SEEDED_TEMPLATE = dir;
  const database = CMS_ON_POSTGRES ? await createTestDatabase() : undefined;
  const shell = { DATABASE_CLIENT: process.env.DATABASE_CLIENT, CMS_DATABASE_URL: process.env.CMS_DATABASE_URL };
  if (database) Object.assign(process.env, { DATABASE_CLIENT: 'postgres', CMS_DATABASE_URL: database.url });
  const secrets = newCmsSecrets();
  const started = Date.now();
  const cms = await startCms({ port: await freePort(), dataDir: join(dir, 'strapi'), serveAdmin: false, secrets, output: 'ignore' });
  try {
    const seeded = await seedStrapi({
      cmsUrl: cms.url,
      email: secrets.CMS_ADMIN_EMAIL!,
      password: secrets.CMS_ADMIN_PASSWORD!,
      pack: loadContentPack(),
      mediaDir: SEED_MEDIA_DIR,
    });
    const record: SeededTemplate = {
      secrets,
      siteToken: seeded.siteToken,
      previewToken: seeded.previewToken,
      database: database?.name,
      seedMs: Date.now() - started,
    };
    writeFileSync(join(dir, RECORD), JSON.stringify(record));
  } finally {
    await cms.stop();
    for (const [key, value] of Object.entries(shell)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

/** globalTeardown: the template's folder and database go. */
export async function removeSeededTemplate(): Promise<void> {
  const dir = process.env.CMS_SEEDED_TEMPLATE;
  if (!dir) return;
  const { database } = JSON.parse(readFileSync(join(dir, RECORD), 'utf8')) as SeededTemplate;
  if (database) await dropTestDatabase(database);
  rmSync(dir, { recursive: true, force: true });
}

/** A copy of the seeded Strapi in `dataDir` (and, on PostgreSQL, in this file's database): what it was seeded with. */
export async function copySeededTemplate(dataDir: string): Promise<SeededTemplate> {
  const dir = templateDir();
  const template = JSON.parse(readFileSync(join(dir, RECORD), 'utf8')) as SeededTemplate;
  mkdirSync(dataDir, { recursive: true });
  if (template.database) await takeCopyOfCmsDatabase(template.database);
  else {
    for (const name of readdirSync(join(dir, 'strapi')).filter((file) => file.startsWith('data.db')))
      copyFileSync(join(dir, 'strapi', name), join(dataDir, name));
  }
  execFileSync('cp', ['-al', join(dir, 'strapi', 'public'), join(dataDir, 'public')]);
  return template;
}
