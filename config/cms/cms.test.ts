import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminRebuildReason, CMS_DIR, ensureAdminBuilt, strapiEnvironment } from './cms';

describe("which database Strapi is given (the submissions' DATABASE_URL is never it)", () => {
  type DatabaseConfig = (strapi: { env: (key: string, fallback?: string) => string | undefined }) => {
    connection: { client: string; connection: Record<string, unknown> };
  };
  const databaseConfig = createRequire(__filename)(join(CMS_DIR, 'config', 'database.js')) as DatabaseConfig;
  const configured = (vars: Record<string, string | undefined>) => databaseConfig({ env: (key, fallback) => vars[key] ?? fallback }).connection;
  const SUBMISSIONS = 'postgres://site@db/submissions';
  const CMS = 'postgres://cms@db/strapi';

  it("leaves the shell's DATABASE_URL out of what npm run cms starts Strapi with, and passes CMS_DATABASE_URL", () => {
    const shell = { DATABASE_URL: SUBMISSIONS, DATABASE_CLIENT: 'postgres', CMS_DATABASE_URL: CMS, CMS_ADMIN_EMAIL: 'shell@example.com' };
    const envFile = () => ({ DATABASE_URL: SUBMISSIONS, APP_KEYS: 'k', CMS_ADMIN_EMAIL: 'file@example.com' });
    const env = strapiEnvironment({ port: 1337 }, shell, envFile);
    expect(env).not.toHaveProperty('DATABASE_URL');
    expect(env).toMatchObject({ DATABASE_CLIENT: 'postgres', CMS_DATABASE_URL: CMS, APP_KEYS: 'k', CMS_ADMIN_EMAIL: 'shell@example.com', CMS_PORT: '1337' });
    expect(strapiEnvironment({ port: 1337, secrets: { APP_KEYS: 'given' } }, shell, envFile)).not.toHaveProperty('DATABASE_URL');
  });

  it('keeps everything of a Strapi given a data folder in it: database, uploads and temporary files', () => {
    const shell = { TMPDIR: '/tmp' };
    expect(strapiEnvironment({ port: 1337, dataDir: '/srv/strapi-a', secrets: {} }, shell)).toMatchObject({
      CMS_DATA_DIR: '/srv/strapi-a',
      CMS_PUBLIC_DIR: '/srv/strapi-a/public',
      TMPDIR: '/srv/strapi-a/tmp',
    });
    expect(strapiEnvironment({ port: 1337, secrets: {} }, shell)).toMatchObject({ TMPDIR: '/tmp' });
  });

  it('puts Strapi in CMS_DATABASE_URL, never in DATABASE_URL, and refuses PostgreSQL without it', () => {
    expect(configured({ DATABASE_CLIENT: 'postgres', CMS_DATABASE_URL: CMS, DATABASE_URL: SUBMISSIONS })).toMatchObject({
      client: 'postgres',
      connection: { connectionString: CMS },
    });
    expect(() => configured({ DATABASE_CLIENT: 'postgres', DATABASE_URL: SUBMISSIONS })).toThrow('DATABASE_CLIENT=postgres needs CMS_DATABASE_URL');
    expect(configured({ DATABASE_URL: SUBMISSIONS, CMS_DATA_DIR: '/srv/cms' })).toMatchObject({
      client: 'sqlite',
      connection: { filename: '/srv/cms/data.db' },
    });
  });
});

describe('whether npm run cms builds the admin panel again', () => {
  let build: string;
  beforeEach(() => {
    build = join(mkdtempSync(join(tmpdir(), 'cms-')), 'build');
  });
  afterEach(() => rmSync(join(build, '..'), { recursive: true, force: true }));

  const builtWith = (version: string) => writeFileSync(join(build, '.strapi-version'), version);
  /** What `strapi build` leaves: a fresh folder with the panel's page, nothing else of ours. */
  const strapiBuild = () => {
    rmSync(build, { recursive: true, force: true });
    mkdirSync(build);
    writeFileSync(join(build, 'index.html'), '<!doctype html>');
  };
  const start = (installed: string) => {
    const lines: string[] = [];
    let builds = 0;
    const reason = ensureAdminBuilt({ buildDir: build, installed, build: () => (builds++, strapiBuild()), log: (line) => lines.push(line) });
    return { reason, builds, lines };
  };

  it('builds the panel on the first start only, as long as Strapi stays the same', () => {
    expect(start('5.54.0')).toEqual({ reason: 'not built yet', builds: 1, lines: ['Building the CMS admin panel (not built yet; a few minutes)…'] });
    expect(start('5.54.0')).toEqual({ reason: null, builds: 0, lines: [] });
    expect(start('5.54.0')).toEqual({ reason: null, builds: 0, lines: [] });
  });

  it('builds again after Strapi is upgraded or downgraded, then keeps that build', () => {
    start('5.54.0');
    expect(start('5.55.1')).toMatchObject({ reason: 'built with Strapi 5.54.0, Strapi 5.55.1 is installed', builds: 1 });
    expect(start('5.55.1')).toMatchObject({ reason: null, builds: 0 });
    expect(start('5.53.0')).toMatchObject({ reason: 'built with Strapi 5.55.1, Strapi 5.53.0 is installed', builds: 1 });
  });

  it('builds again a panel whose Strapi version nobody wrote down (built by hand, or before versions were kept)', () => {
    strapiBuild();
    expect(adminRebuildReason(build, '5.54.0')).toBe('built with an unknown Strapi version, Strapi 5.54.0 is installed');
    builtWith('  \n');
    expect(adminRebuildReason(build, '5.54.0')).toBe('built with an unknown Strapi version, Strapi 5.54.0 is installed');
    builtWith('5.54.0');
    expect(adminRebuildReason(build, '5.54.0')).toBeNull();
  });

  it('builds a panel that is not there, whatever the version file says', () => {
    mkdirSync(build);
    builtWith('5.54.0\n');
    expect(adminRebuildReason(build, '5.54.0')).toBe('not built yet');
  });
});
