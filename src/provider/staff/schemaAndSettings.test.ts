/**
 * What the operator's settings and tools may and may not do to a shared database: a DATABASE_URL
 * that is not PostgreSQL is refused, naming the setting and never repeating it (it may hold a
 * password); the staff tools refuse a schema that is not theirs and never migrate it, `staff
 * migrate` says what it applies and applies it; a shipped migration edited afterwards is refused
 * on both databases; `--since` reads Beijing days.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../sqliteDatabase';
import { loadContentPack } from '../content/loadPack';
import { migrate, type MigrationSet } from '../migrate';
import { migratePostgres, postgresKysely, SQLITE_MIGRATIONS, sqliteKysely } from '../schema';
import { SUBMISSION_MIGRATIONS } from '../submissions/migrations';
import { createTestDatabase, queryTestDatabase } from '../submissions/postgres.testing';
import { tempDataDir } from '../provider.testing';
import { pgDump } from '../submissions/pgDump';
import { boundedPool, describeUrl } from '../submissions/postgresStore';
import { staffTool } from './staffTools.testing';

const AUDIT_KEY = 'schema-test-audit-key-0123456789abcdef';

function run(script: string, args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    encoding: 'utf8',
    env: { ...process.env, STAFF_AUDIT_KEY: AUDIT_KEY, ...env },
    timeout: 60_000,
  });
}
const staff = (env: Record<string, string>, ...args: string[]) => staffTool(args, { ...process.env, STAFF_AUDIT_KEY: AUDIT_KEY, ...env });

describe('DATABASE_URL', () => {
  it.each([
    ['a misspelt scheme', 'postgress://site:s3cret-pw@127.0.0.1:5432/site', /DATABASE_URL names no PostgreSQL database/],
    ['a password with an unencoded #', 'postgres://site:s3cret-pw#1@127.0.0.1:5432/site', /DATABASE_URL is not a valid URL/],
    // Parses as host "site", port 2024: the rest of the password would be the fragment.
    ['a password with a numeric prefix and an unencoded #', 'postgres://site:2024#s3cret@127.0.0.1:5432/site', /DATABASE_URL is not a valid URL/],
    ['a password with a numeric prefix and an unencoded /', 'postgres://site:2024/s3cret@127.0.0.1:5432/site', /DATABASE_URL is not a valid URL/],
    ['a password with a % not followed by two hex digits', 'postgres://site:50%s3cret@127.0.0.1:5432/site', /DATABASE_URL is not a valid URL: .*% as %25/],
  ])('refuses %s at start, naming DATABASE_URL and never printing it', (_what, url, message) => {
    const data = tempDataDir();
    const provider = run('src/provider/main.ts', [], { DATABASE_URL: url, DATA_DIR: data.dir, PROVIDER_PORT: '0' });
    // Both as processes: what Node itself would print of an error (its properties, warnings) counts too.
    const tool = run('src/provider/staff/cli.ts', ['audit', '--data-dir', data.dir], { DATABASE_URL: url });
    data.remove();
    for (const { status, stdout, stderr } of [provider, tool]) {
      expect(status).toBe(1);
      expect(stderr).toMatch(message);
      expect(stdout + stderr).not.toContain('s3cret');
    }
  });
});

describe('what is printed and passed on of DATABASE_URL', () => {
  it('describes a database by its host, port and name only', () => {
    expect(describeUrl('postgres://app:pw@db.example:5433/site?password=s3cret&sslmode=require')).toBe('postgres://db.example:5433/site');
    expect(describeUrl('postgres://app:2024#s3cret@db/site')).toBe('DATABASE_URL (not a valid URL)');
  });

  it('never prints a password given as ?password=', async () => {
    const database = await createTestDatabase();
    try {
      const url = new URL(database.url);
      url.searchParams.set('password', decodeURIComponent(url.password));
      url.password = '';
      const first = await staff({ DATABASE_URL: url.toString() }, 'migrate');
      const again = await staff({ DATABASE_URL: url.toString() }, 'migrate');
      expect(first.status).toBe(0);
      expect(again.stderr.trim()).toBe(`postgres://${url.host}${url.pathname} is at the newest schema; nothing to apply.`);
      expect(first.stdout + first.stderr + again.stdout + again.stderr).not.toContain('password');
    } finally {
      await database.drop();
    }
  }, 60_000);

  it('gives pg_dump the password in PGPASSWORD, never on its command line', async () => {
    const data = tempDataDir();
    const fake = join(data.dir, 'pg_dump');
    writeFileSync(fake, `#!/bin/sh\nprintf '%s\\n' "$@" > "${data.dir}/argv"\nprintf '%s' "$PGPASSWORD" > "${data.dir}/password"\n`, { mode: 0o755 });
    try {
      for (const url of ['postgres://app:s3cret@db.example/site?sslmode=require', 'postgres://app@db.example/site?password=s3cret&sslmode=require']) {
        await pgDump(url, join(data.dir, 'backup.dump'), fake);
        const argv = readFileSync(join(data.dir, 'argv'), 'utf8');
        expect(argv).not.toContain('s3cret');
        expect(argv).toContain('--dbname=postgres://app@db.example/site?sslmode=require');
        expect(readFileSync(join(data.dir, 'password'), 'utf8')).toBe('s3cret');
      }
      // The other parameters reach pg_dump as written: libpq reads a + as a plus, not a space.
      await pgDump('postgres://app@db.example/site?options=-c%20search_path%3Dsite&password=s3cret', join(data.dir, 'backup.dump'), fake);
      expect(readFileSync(join(data.dir, 'argv'), 'utf8')).toContain('--dbname=postgres://app@db.example/site?options=-c%20search_path%3Dsite\n');
    } finally {
      data.remove();
    }
  });
});

describe('the staff tools and the PostgreSQL schema', () => {
  it('refuse a schema behind theirs without touching it; staff migrate says what it applies, then applies it', async () => {
    const database = await createTestDatabase();
    const pool = boundedPool(database.url, { max: 1 });
    const recorded = async () =>
      (await queryTestDatabase<{ name: string }>(database.url, 'SELECT name FROM submission_migration ORDER BY name')).map((row) => row.name);
    try {
      const [first, ...later] = SUBMISSION_MIGRATIONS.migrations;
      await migrate(postgresKysely(pool), [{ ...SUBMISSION_MIGRATIONS, migrations: [first!] }], 'test');
      const env = { DATABASE_URL: database.url };
      const refused = await staff(env, 'audit');
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(
        new RegExp(`lacks migrations this code needs \\(${later.map((m) => m.name).join(', ')}\\).*never change the schema.*staff -- migrate`),
      );
      const dryRun = await staff(env, 'migrate', '--dry-run');
      expect(dryRun.stderr).toMatch(/Would apply to .*:\n {2}002_created_at_indexes: Submissions indexed by their time on both databases/);
      expect(await recorded()).toEqual([first!.name]);
      const applied = await staff(env, 'migrate');
      expect(applied.status).toBe(0);
      expect(applied.stderr).toMatch(/Applied \d+ migration/);
      expect(await recorded()).toEqual([first!.name, ...later.map((m) => m.name)]);
      expect((await staff(env, 'audit')).status).toBe(0);
      expect((await staff(env, 'migrate')).stderr).toMatch(/nothing to apply/);
    } finally {
      await pool.end();
      await database.drop();
    }
  }, 120_000);

  it('refuse a shipped migration edited after a database applied it, on PostgreSQL and on SQLite', async () => {
    const database = await createTestDatabase();
    const pool = boundedPool(database.url, { max: 1 });
    const data = tempDataDir();
    const edited = (set: MigrationSet, name: string): MigrationSet => ({
      ...set,
      migrations: set.migrations.map((m) => (m.name === name ? { ...m, source: `${m.source}\n// edited` } : m)),
    });
    try {
      await migratePostgres(pool, 'the test database');
      // The same file checked out with CRLF line endings (core.autocrlf) is the same migration.
      const crlf = { ...SUBMISSION_MIGRATIONS, migrations: SUBMISSION_MIGRATIONS.migrations.map((m) => ({ ...m, source: m.source.replace(/\n/g, '\r\n') })) };
      await expect(migrate(postgresKysely(pool), [crlf], 'the test database')).resolves.toEqual([]);
      await expect(migrate(postgresKysely(pool), [edited(SUBMISSION_MIGRATIONS, '001_submissions')], 'the test database')).rejects.toThrow(
        /001_submissions\.ts differs from the migration the test database applied: a shipped migration is never edited/,
      );
      const db = await openDatabase(data.dir, loadContentPack());
      await expect(
        migrate(
          sqliteKysely(db),
          SQLITE_MIGRATIONS.map((set) => edited(set, '001_content')),
          db.name,
        ),
      ).rejects.toThrow(/001_content\.ts differs/);
      db.close();
    } finally {
      data.remove();
      await pool.end();
      await database.drop();
    }
  });
});

describe('--since', () => {
  it('reads the date as a Beijing day, as case references count them', async () => {
    const data = tempDataDir();
    const db = await openDatabase(data.dir, loadContentPack());
    const insert = db.prepare(
      "INSERT INTO patient_messages (category, medication, reason, name, phone, email, description, client_ip, created_at) VALUES ('other', 'm', '', ?, '1', '', '', '', ?)",
    );
    insert.run('23:00 on 1 March in Beijing', '2026-03-01T15:00:00.000Z');
    insert.run('01:00 on 2 March in Beijing', '2026-03-01T17:00:00.000Z');
    db.close();
    const exported = await staff({}, 'export', 'patients', '--since', '2026-03-02', '--format', 'json', '--data-dir', data.dir);
    data.remove();
    expect((JSON.parse(exported.stdout) as { name: string }[]).map((row) => row.name)).toEqual(['01:00 on 2 March in Beijing']);
  });
});
