import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import Database from './sqliteDriver';
import { connect, DATABASE_FILE, openDatabase, type ProviderDatabase } from './sqliteDatabase';
import { loadContentPack } from './content/loadPack';
import { CONTENT_MIGRATIONS } from './content/migrations';
import { buildLegacyPostgres, buildLegacySqlite, postgresShape, sqliteShape } from './legacySchema.testing';
import { LAST_POSTGRES_VERSION, LAST_SQLITE_VERSION } from './legacySchema';
import { migrate, type MigrationSet } from './migrate';
import { migratePostgres, migrateSqlite, postgresKysely, sqliteKysely } from './schema';
import { SUBMISSION_MIGRATIONS } from './submissions/migrations';
import { boundedPool } from './submissions/postgresStore';
import { createTestDatabase } from './submissions/postgres.testing';
import { tempDataDir } from './provider.testing';

const seedPack = loadContentPack();
const names = (set: MigrationSet) => set.migrations.map((m) => m.name);
const ALL_SQLITE = [...names(CONTENT_MIGRATIONS), ...names(SUBMISSION_MIGRATIONS)];

/** A set that adds a column, then fails: the column must not survive. */
const failingAfterWork = (table: string): MigrationSet => ({
  ...SUBMISSION_MIGRATIONS,
  migrations: [
    ...SUBMISSION_MIGRATIONS.migrations,
    { name: '900_good', source: 'good', up: (db) => db.schema.alterTable(table).addColumn('z', 'text').execute() },
    { name: '901_bad', source: 'bad', up: (db) => sql`NOT SQL`.execute(db).then(() => undefined) },
  ],
});

const sqliteRecorded = (db: ProviderDatabase) => [
  ...(db.prepare('SELECT name FROM content_migration ORDER BY name').pluck().all() as string[]),
  ...(db.prepare('SELECT name FROM submission_migration ORDER BY name').pluck().all() as string[]),
];

/** A file as the SQL runner of an earlier release left it at `version`, with content and submissions. */
function legacySqliteFile(dir: string, version: number) {
  const db = new Database(join(dir, DATABASE_FILE));
  db.pragma('journal_mode = WAL');
  buildLegacySqlite(db, version);
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
  if (version >= 4) db.prepare('INSERT INTO case_reference_counters (year, last) VALUES (2026, 41)').run();
  db.close();
}

describe('the SQLite schema', () => {
  it('builds a new file from every migration, records each with its checksum, and applies nothing on the next start', async () => {
    const data = tempDataDir();
    const db = await openDatabase(data.dir, seedPack);
    try {
      expect(sqliteRecorded(db)).toEqual(ALL_SQLITE);
      expect(db.prepare('SELECT COUNT(*) FROM submission_migration_checksum').pluck().get()).toBe(SUBMISSION_MIGRATIONS.migrations.length);
      expect(await migrateSqlite(db)).toEqual([]);
      expect(db.prepare("SELECT COUNT(*) FROM content WHERE key = 'main'").pluck().get()).toBe(2);
    } finally {
      db.close();
      data.remove();
    }
  });

  it(`carries a file of the SQL runner (version ${LAST_SQLITE_VERSION}) over without losing a row, to the schema a new file has`, async () => {
    const old = tempDataDir();
    legacySqliteFile(old.dir, LAST_SQLITE_VERSION);
    const fresh = tempDataDir();
    const db = await openDatabase(old.dir, seedPack);
    const made = await openDatabase(fresh.dir, seedPack);
    try {
      expect(sqliteRecorded(db)).toEqual(ALL_SQLITE);
      expect(sqliteShape(db)).toEqual(sqliteShape(made));
      // An earlier release refuses it as newer than it knows, rather than migrating it again.
      expect(db.pragma('user_version', { simple: true })).toBe(LAST_SQLITE_VERSION + 1);
      const applications = db.prepare('SELECT * FROM applications ORDER BY id').all() as Record<string, unknown>[];
      expect(applications).toHaveLength(25);
      expect(applications[3]).toMatchObject({ name: '申请人3', email: 'a3@example.com', consent_version: null, job_title: null });
      const messages = db.prepare('SELECT description, reference, safety_flag FROM patient_messages').all();
      expect(messages).toEqual(Array.from({ length: 10 }, () => ({ description: '皮肤发红, "瘙痒"\n第二行 🙂', reference: null, safety_flag: 0 })));
      expect(db.prepare('SELECT year, last FROM case_reference_counters').all()).toEqual([{ year: 2026, last: 41 }]);
      // The content is kept, not seeded over.
      expect(db.prepare("SELECT json FROM content WHERE key = 'report'").pluck().all()).toEqual([JSON.stringify({ title: '旧报告', content: '<p>v1</p>' })]);
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
      made.close();
      old.remove();
      fresh.remove();
    }
  });

  it('refuses a file of an earlier SQL migration, naming what to do, and leaves it as it was', async () => {
    const data = tempDataDir();
    legacySqliteFile(data.dir, 1);
    await expect(openDatabase(data.dir, seedPack)).rejects.toThrow(
      /is at version 1 of the numbered SQL migrations; this release carries over only version 6.*Start the last release/,
    );
    const after = new Database(join(data.dir, DATABASE_FILE), { readonly: true });
    expect(after.pragma('user_version', { simple: true })).toBe(1);
    expect(after.prepare("SELECT COUNT(*) FROM sqlite_master WHERE name LIKE '%_migration'").pluck().get()).toBe(0);
    after.close();
    data.remove();
  });

  it('refuses a file a newer release migrated, leaving it as it was', async () => {
    const data = tempDataDir();
    (await openDatabase(data.dir, seedPack)).close();
    const file = join(data.dir, DATABASE_FILE);
    const future = new Database(file);
    future.prepare("INSERT INTO submission_migration (name, timestamp) VALUES ('099_future', '2030-01-01T00:00:00.000Z')").run();
    future.close();
    await expect(openDatabase(data.dir, seedPack)).rejects.toThrow(/has migrations this code does not know \(099_future\).*Refusing to start/);
    const after = new Database(file, { readonly: true });
    expect(after.prepare('SELECT name FROM submission_migration ORDER BY name').pluck().all()).toEqual([...names(SUBMISSION_MIGRATIONS), '099_future']);
    after.close();
    data.remove();
  });

  it('rolls a failing start back whole', async () => {
    const data = tempDataDir();
    (await openDatabase(data.dir, seedPack)).close();
    const db = connect(join(data.dir, DATABASE_FILE));
    try {
      const outcome = await migrate(sqliteKysely(db), [failingAfterWork('applications')], db.name).then(
        (applied) => ({ applied }),
        (error: Error) => ({ error: error.message }),
      );
      expect(outcome).toEqual({ error: expect.stringMatching(/syntax error/) });
      expect((db.pragma('table_info(applications)') as { name: string }[]).map((c) => c.name)).not.toContain('z');
      expect(db.prepare('SELECT name FROM submission_migration ORDER BY name').pluck().all()).toEqual(names(SUBMISSION_MIGRATIONS));
    } finally {
      db.close();
      data.remove();
    }
  });
});

describe('the PostgreSQL schema', () => {
  const fresh = async () => {
    const database = await createTestDatabase();
    const pool = boundedPool(database.url, { max: 2 });
    return {
      pool,
      async drop() {
        await pool.end();
        await database.drop();
      },
    };
  };
  const recorded = async (pool: pg.Pool) =>
    (await pool.query<{ name: string }>('SELECT name FROM submission_migration ORDER BY name')).rows.map((row) => row.name);

  it('applies every migration once, records each with its checksum, and finds nothing to do the second time', async () => {
    const { pool, drop } = await fresh();
    try {
      expect(await migratePostgres(pool, 'test')).toEqual(names(SUBMISSION_MIGRATIONS));
      expect(await migratePostgres(pool, 'test')).toEqual([]);
      expect(await recorded(pool)).toEqual(names(SUBMISSION_MIGRATIONS));
      expect((await pool.query('SELECT name FROM submission_migration_checksum ORDER BY name')).rows.map((row) => row.name)).toEqual(
        names(SUBMISSION_MIGRATIONS),
      );
    } finally {
      await drop();
    }
  });

  it('rolls every pending migration back when one fails, leaving the schema as it was', async () => {
    const { pool, drop } = await fresh();
    try {
      const broken = failingAfterWork('applications');
      await expect(migrate(postgresKysely(pool), [broken], 'test')).rejects.toThrow(/syntax error/);
      // Nothing of the first run is left: not even the tables of 001.
      expect((await pool.query("SELECT to_regclass('applications') AS t, to_regclass('submission_migration') AS m")).rows).toEqual([{ t: null, m: null }]);
      await migratePostgres(pool, 'test');
      await expect(migrate(postgresKysely(pool), [broken], 'test')).rejects.toThrow(/syntax error/);
      expect(await recorded(pool)).toEqual(names(SUBMISSION_MIGRATIONS));
      expect((await pool.query("SELECT column_name FROM information_schema.columns WHERE table_name = 'applications' AND column_name = 'z'")).rows).toEqual([]);
    } finally {
      await drop();
    }
  });

  it('refuses a database migrated by a newer release, touching nothing', async () => {
    const { pool, drop } = await fresh();
    try {
      await migratePostgres(pool, 'test');
      await pool.query("INSERT INTO submission_migration (name, timestamp) VALUES ('099_future', '2030-01-01T00:00:00.000Z')");
      await expect(migratePostgres(pool, 'the test database')).rejects.toThrow(
        /the test database has migrations this code does not know \(099_future\).*Refusing to start/,
      );
      expect((await recorded(pool)).at(-1)).toBe('099_future');
    } finally {
      await drop();
    }
  });

  it(`carries a schema of the SQL runner (version ${LAST_POSTGRES_VERSION}) over without losing a row, to the schema a new database has`, async () => {
    const old = await fresh();
    const made = await fresh();
    try {
      await buildLegacyPostgres(old.pool, LAST_POSTGRES_VERSION);
      await old.pool.query(
        "INSERT INTO patient_messages (category, medication, reason, name, phone, email, description, client_ip, created_at, reference) VALUES ('adverse', 'm', '', '李', '123', '', '发红', '127.0.0.1', '2026-02-01T08:00:00.000Z', 'PS-2026-000007')",
      );
      await old.pool.query(
        "INSERT INTO case_reference_counters (year, last) VALUES (2026, 7); INSERT INTO staff_audit (at, entry) VALUES ('2026-02-01', '{}')",
      );
      expect(await migratePostgres(old.pool, 'test')).toEqual(names(SUBMISSION_MIGRATIONS).slice(1));
      await migratePostgres(made.pool, 'test');
      expect(await recorded(old.pool)).toEqual(names(SUBMISSION_MIGRATIONS));
      expect(await postgresShape(old.pool)).toEqual(await postgresShape(made.pool));
      expect((await old.pool.query('SELECT reference FROM patient_messages')).rows).toEqual([{ reference: 'PS-2026-000007' }]);
      expect((await old.pool.query('SELECT year, last FROM case_reference_counters')).rows).toEqual([{ year: 2026, last: 7 }]);
      expect((await old.pool.query('SELECT COUNT(*)::int AS n FROM staff_audit')).rows).toEqual([{ n: 1 }]);
      // An earlier release finds a version it does not know and refuses to start, rather than migrating again.
      expect((await old.pool.query('SELECT MAX(version) AS v FROM schema_migrations')).rows).toEqual([{ v: LAST_POSTGRES_VERSION + 1 }]);
    } finally {
      await old.drop();
      await made.drop();
    }
  });

  it('refuses a schema of an earlier SQL migration, touching nothing', async () => {
    const { pool, drop } = await fresh();
    try {
      await buildLegacyPostgres(pool, 1);
      await expect(migratePostgres(pool, 'the test database')).rejects.toThrow(/the test database is at version 1 of the numbered SQL migrations/);
      expect((await pool.query("SELECT to_regclass('submission_migration') AS m, to_regclass('job_runs') AS j")).rows).toEqual([{ m: null, j: null }]);
    } finally {
      await drop();
    }
  });
});
