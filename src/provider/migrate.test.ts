import Database from './sqliteDriver';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from './database';
import pg from 'pg';
import { loadMigrations, migrate } from './migrate';
import { migratePostgres, POSTGRES_MIGRATIONS_DIR } from './migratePostgres';
import { createTestDatabase } from './submissions/testPostgres';
import { tempDataDir } from './testing';
import { loadContentPack } from './content/loadPack';
import { boundedPool } from './submissions/postgresStore';

const seedPack = loadContentPack();

const V1_SCHEMA = readFileSync(join(__dirname, 'testdata', 'schema-v1.sql'), 'utf8');

/** A database exactly as the version-1 provider left it: its schema, a little content, submissions. */
function makeVersionOneDatabase(dir: string) {
  const db = new Database(join(dir, 'provider.sqlite'));
  db.pragma('journal_mode = WAL');
  db.exec(V1_SCHEMA);
  db.prepare('INSERT INTO content (key, locale, json) VALUES (?, ?, ?)').run('report', 'zh', JSON.stringify({ title: '旧报告', content: '<p>v1</p>' }));
  db.prepare(
    "INSERT INTO jobs (id, locale, title, type, num, area, status, create_time, content) VALUES (1, 'zh', '旧职位', '', 1, '', '', '', ''), (1, 'en', 'Old job', '', 1, '', '', '', '')",
  ).run();
  const application = db.prepare('INSERT INTO applications (job_id, name, phone, email, client_ip, created_at) VALUES (?, ?, ?, ?, ?, ?)');
  for (let i = 0; i < 25; i++)
    application.run(1, `申请人${i}`, `1380000${i}`, `a${i}@example.com`, '127.0.0.1', `2026-01-${String((i % 28) + 1).padStart(2, '0')}T08:00:00.000Z`);
  const patient = db.prepare(
    'INSERT INTO patient_messages (category, medication, reason, name, phone, email, description, client_ip, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  for (let i = 0; i < 10; i++)
    patient.run('adverse', '聚维酮碘溶液', '', `患者${i}`, '123', '', '皮肤发红, "瘙痒"\n第二行 🙂', '127.0.0.1', '2026-02-01T08:00:00.000Z');
  db.pragma('user_version = 1');
  db.close();
}

describe('schema migrations', () => {
  it('numbers the migrations 001, 002, … and starts from the version-1 schema', () => {
    const migrations = loadMigrations();
    expect(migrations.map((m) => m.version)).toEqual(migrations.map((_, i) => i + 1));
    const strip = (sql: string) => sql.replace(/^--.*$/gm, '').trim();
    expect(strip(migrations[0]!.sql)).toBe(strip(V1_SCHEMA));
  });

  it('moves a version-1 database with submissions forward, keeping every row and defaulting the new columns', () => {
    const data = tempDataDir();
    makeVersionOneDatabase(data.dir);
    const db = openDatabase(data.dir, seedPack);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(loadMigrations().length);
      const applications = db.prepare('SELECT * FROM applications ORDER BY id').all() as Record<string, unknown>[];
      expect(applications).toHaveLength(25);
      expect(applications[3]).toMatchObject({ name: '申请人3', email: 'a3@example.com', consent_version: null, consent_at: null, job_title: '旧职位' });
      const messages = db.prepare('SELECT * FROM patient_messages ORDER BY id').all() as Record<string, unknown>[];
      expect(messages).toHaveLength(10);
      for (const m of messages) {
        expect(m).toMatchObject({
          description: '皮肤发红, "瘙痒"\n第二行 🙂',
          consent_version: null,
          health_consent_version: null,
          consent_at: null,
          reference: null,
          safety_flag: 0,
        });
      }
      // Existing content is kept, not reseeded over.
      expect(db.prepare("SELECT json FROM content WHERE key = 'report'").pluck().all()).toEqual([JSON.stringify({ title: '旧报告', content: '<p>v1</p>' })]);
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      // The case reference is unique from now on.
      db.prepare("UPDATE patient_messages SET reference = 'PS-2026-000001' WHERE id = 1").run();
      expect(() => db.prepare("UPDATE patient_messages SET reference = 'PS-2026-000001' WHERE id = 2").run()).toThrow(/UNIQUE/);
    } finally {
      db.close();
      data.remove();
    }
  });

  it('seeds a new database and reopens it without migrating or seeding twice', () => {
    const data = tempDataDir();
    openDatabase(data.dir, seedPack).close();
    const db = openDatabase(data.dir, seedPack);
    try {
      expect(db.prepare("SELECT COUNT(*) FROM content WHERE key = 'main'").pluck().get()).toBe(2);
      expect(db.pragma('user_version', { simple: true })).toBe(loadMigrations().length);
    } finally {
      db.close();
      data.remove();
    }
  });

  it('refuses a database newer than the code, leaving it as it was', () => {
    const data = tempDataDir();
    openDatabase(data.dir, seedPack).close();
    const file = join(data.dir, 'provider.sqlite');
    const future = new Database(file);
    future.pragma('user_version = 99');
    future.close();
    expect(() => openDatabase(data.dir, seedPack)).toThrow(/schema version 99, but this code only knows versions up to \d+.*Refusing to start/);
    const after = new Database(file, { readonly: true });
    expect(after.pragma('user_version', { simple: true })).toBe(99);
    after.close();
    data.remove();
  });

  it('rolls a failing migration back whole', () => {
    const data = tempDataDir();
    const db = new Database(join(data.dir, 'x.sqlite'));
    const broken = [...loadMigrations(), { version: loadMigrations().length + 1, name: 'bad', sql: 'ALTER TABLE applications ADD COLUMN z TEXT; NOT SQL;' }];
    expect(() => migrate(db, broken)).toThrow();
    expect(db.pragma('user_version', { simple: true })).toBe(loadMigrations().length);
    expect((db.prepare('PRAGMA table_info(applications)').all() as { name: string }[]).map((c) => c.name)).not.toContain('z');
    db.close();
    data.remove();
  });
});

describe('PostgreSQL schema migrations', () => {
  const fresh = async () => {
    const database = await createTestDatabase();
    const pool = boundedPool(database.url, { max: 2 });
    return {
      database,
      pool,
      async drop() {
        await pool.end();
        await database.drop();
      },
    };
  };
  const versions = async (pool: pg.Pool) =>
    (await pool.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version')).rows.map((row) => row.version);

  it('applies every migration once, records each, and finds nothing to do the second time', async () => {
    const { pool, drop } = await fresh();
    try {
      expect(await migratePostgres(pool, 'test')).toBe(0);
      expect(await migratePostgres(pool, 'test')).toBe(loadMigrations(POSTGRES_MIGRATIONS_DIR).length);
      expect(await versions(pool)).toEqual(loadMigrations(POSTGRES_MIGRATIONS_DIR).map((m) => m.version));
    } finally {
      await drop();
    }
  });

  it('rolls every pending migration back when one fails, leaving the schema as it was', async () => {
    const { pool, drop } = await fresh();
    try {
      const known = loadMigrations(POSTGRES_MIGRATIONS_DIR);
      const broken = [
        ...known,
        { version: known.length + 1, name: 'good', sql: 'ALTER TABLE applications ADD COLUMN z text' },
        { version: known.length + 2, name: 'bad', sql: 'NOT SQL' },
      ];
      await expect(migratePostgres(pool, 'test', broken)).rejects.toThrow(/syntax error/);
      // Nothing of the first run is left: not even the tables of 001.
      expect((await pool.query("SELECT to_regclass('applications') AS t")).rows).toEqual([{ t: null }]);
      await migratePostgres(pool, 'test');
      await expect(migratePostgres(pool, 'test', broken)).rejects.toThrow(/syntax error/);
      expect(await versions(pool)).toEqual(known.map((m) => m.version));
      expect((await pool.query("SELECT column_name FROM information_schema.columns WHERE table_name = 'applications' AND column_name = 'z'")).rows).toEqual([]);
    } finally {
      await drop();
    }
  });

  it('refuses a database migrated by a newer release, touching nothing', async () => {
    const { pool, drop } = await fresh();
    try {
      await migratePostgres(pool, 'test');
      await pool.query("INSERT INTO schema_migrations (version, name) VALUES (99, '099_future.sql')");
      await expect(migratePostgres(pool, 'the test database')).rejects.toThrow(
        /the test database has schema version 99, but this code only knows versions up to \d+.*Refusing to start/,
      );
      expect((await versions(pool)).at(-1)).toBe(99);
    } finally {
      await drop();
    }
  });
});
