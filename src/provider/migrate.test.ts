import Database from './sqliteDriver';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from './database';
import { loadMigrations, migrate } from './migrate';
import { tempDataDir } from './testing';
import { loadContentPack } from './content/loadPack';

const seedPack = loadContentPack();

const V1_SCHEMA = readFileSync(join(__dirname, 'testdata', 'schema-v1.sql'), 'utf8');

/** A database exactly as the version-1 provider left it: its schema, a little content, submissions. */
function makeVersionOneDatabase(dir: string) {
  const db = new Database(join(dir, 'provider.sqlite'));
  db.pragma('journal_mode = WAL');
  db.exec(V1_SCHEMA);
  db.prepare('INSERT INTO content (key, locale, json) VALUES (?, ?, ?)').run('report', 'zh', JSON.stringify({ title: '旧报告', content: '<p>v1</p>' }));
  db.prepare("INSERT INTO jobs (id, locale, title, type, num, area, status, create_time, content) VALUES (1, 'zh', '旧职位', '', 1, '', '', '', ''), (1, 'en', 'Old job', '', 1, '', '', '', '')").run();
  const application = db.prepare('INSERT INTO applications (job_id, name, phone, email, client_ip, created_at) VALUES (?, ?, ?, ?, ?, ?)');
  for (let i = 0; i < 25; i++) application.run(1, `申请人${i}`, `1380000${i}`, `a${i}@example.com`, '127.0.0.1', `2026-01-${String((i % 28) + 1).padStart(2, '0')}T08:00:00.000Z`);
  const patient = db.prepare(
    'INSERT INTO patient_messages (category, medication, reason, name, phone, email, description, client_ip, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  for (let i = 0; i < 10; i++) patient.run('adverse', '聚维酮碘溶液', '', `患者${i}`, '123', '', '皮肤发红, "瘙痒"\n第二行 🙂', '127.0.0.1', '2026-02-01T08:00:00.000Z');
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
        expect(m).toMatchObject({ description: '皮肤发红, "瘙痒"\n第二行 🙂', consent_version: null, health_consent_version: null, consent_at: null, reference: null, safety_flag: 0 });
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
