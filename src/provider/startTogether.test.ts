/**
 * Two processes opening one database at once (a restart overlapping the old process, two
 * site processes, several hosts sharing PostgreSQL): one migrates, the others wait for it and
 * find nothing left to do.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from './sqliteDriver';
import { loadContentPack } from './content/loadPack';
import { connect, DATABASE_FILE, openDatabase } from './sqliteDatabase';
import { migrateSqlite } from './schema';
import { SUBMISSION_MIGRATIONS } from './submissions/migrations';
import { startProvider } from './startProvider';
import { hangLimit, startProviderProcess, tempDataDir } from './provider.testing';
import { openPostgresStore } from './submissions/postgresStore';
import { createTestDatabase, queryTestDatabase } from './submissions/postgres.testing';

jest.setTimeout(hangLimit(3)); // three starts of the provider at once

/** Another process that takes the write lock to migrate, says so, and migrates and commits when told. */
function migratingElsewhere(file: string) {
  const script = `
    const { connect } = require(${JSON.stringify(join(__dirname, 'sqliteDatabase.ts'))});
    const { migrate } = require(${JSON.stringify(join(__dirname, 'migrate.ts'))});
    const { sqliteKysely, SQLITE_MIGRATIONS } = require(${JSON.stringify(join(__dirname, 'schema.ts'))});
    const db = connect(${JSON.stringify(file)});
    db.pragma('journal_mode = WAL');
    const told = new Promise((resolve) => process.stdin.once('data', resolve));
    migrate(sqliteKysely(db), SQLITE_MIGRATIONS, db.name, async () => {
      process.stdout.write('locked\\n');
      await told;
    }).then(() => { db.close(); process.exit(0); });
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  const locked = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
    child.once('exit', (code) => reject(new Error(`exited with ${code} before locking`)));
  });
  return { child, locked, commit: () => child.stdin.write('go\n') };
}

describe('starting together', () => {
  it('reads what was applied under the lock: the second process waits and does not migrate again', async () => {
    const data = tempDataDir();
    const file = join(data.dir, DATABASE_FILE);
    const other = migratingElsewhere(file);
    await other.locked;
    const db = connect(file);
    db.pragma('journal_mode = WAL');
    // Written to the pipe at once; the other process migrates and commits while migrateSqlite() below waits on the lock.
    other.commit();
    try {
      expect(await migrateSqlite(db)).toEqual([]);
      expect(db.prepare('SELECT COUNT(*) FROM submission_migration').pluck().get()).toBe(SUBMISSION_MIGRATIONS.migrations.length);
    } finally {
      db.close();
      await new Promise((resolve) => other.child.once('exit', resolve));
      data.remove();
    }
  }, 30_000);

  it('a content pack being edited (or broken) never stops a start once the database is seeded', async () => {
    const data = tempDataDir();
    (await openDatabase(data.dir, loadContentPack())).close();
    const broken = join(data.dir, 'pack');
    mkdirSync(broken);
    writeFileSync(join(broken, 'news.yaml'), 'news: [unclosed');
    const provider = await startProvider({ port: 0, dataDir: data.dir, packDir: broken });
    try {
      expect(((await (await fetch(`${provider.url}/index/index/banner?lan=zh`)).json()) as { code: number }).code).toBe(0);
    } finally {
      await provider.close();
      data.remove();
    }
  });

  it('creates the database 0600 (its WAL too) in a 0700 folder', async () => {
    const data = tempDataDir();
    const dir = join(data.dir, 'data');
    const db = await openDatabase(dir, loadContentPack());
    db.prepare("UPDATE content SET json = json WHERE key = 'main'").run();
    try {
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      for (const name of [DATABASE_FILE, `${DATABASE_FILE}-wal`, `${DATABASE_FILE}-shm`]) {
        expect({ name, mode: statSync(join(dir, name)).mode & 0o777 }).toEqual({ name, mode: 0o600 });
      }
    } finally {
      db.close();
      data.remove();
    }
  });

  it('narrows an older world-readable database to 0600 on open', async () => {
    const data = tempDataDir();
    const file = join(data.dir, DATABASE_FILE);
    new Database(file).close();
    chmodSync(file, 0o644);
    (await openDatabase(data.dir, loadContentPack())).close();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    data.remove();
  });
});

describe('hosts starting together on one PostgreSQL database', () => {
  const migrationsRecorded = async (url: string) =>
    (await queryTestDatabase<{ name: string }>(url, 'SELECT name FROM submission_migration ORDER BY name')).map((row) => row.name);
  const known = () => SUBMISSION_MIGRATIONS.migrations.map((m) => m.name);

  it('eight pools opening a new database at once: the advisory lock lets one migrate, the others find it done', async () => {
    const database = await createTestDatabase();
    try {
      const stores = await Promise.all(Array.from({ length: 8 }, () => openPostgresStore(database.url, { max: 1 })));
      await Promise.all(stores.map((store) => store.close()));
      expect(await migrationsRecorded(database.url)).toEqual(known());
    } finally {
      await database.drop();
    }
  });

  it('three provider processes started at once on a new database all listen, and number messages from one sequence', async () => {
    const database = await createTestDatabase();
    const dirs = [tempDataDir(), tempDataDir(), tempDataDir()];
    const started = await Promise.allSettled(dirs.map((data) => startProviderProcess(data.dir, { DATABASE_URL: database.url })));
    try {
      expect(started.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      expect(await migrationsRecorded(database.url)).toEqual(known());
      const ports = started.map((s) => (s.status === 'fulfilled' ? s.value.port : 0));
      const message = {
        category: 'other',
        medication: 'm',
        reason: '',
        name: '',
        phone: '13800000000',
        email: '',
        description: '',
        consent: '2026-01',
        health_consent: '2026-01',
      };
      const references = await Promise.all(
        ports.map(async (port) => {
          const res = await fetch(`http://127.0.0.1:${port}/index/patient/submitData`, { method: 'POST', body: new URLSearchParams(message) });
          return ((await res.json()) as { data: { reference: string } }).data.reference;
        }),
      );
      expect(references.map((reference) => reference.slice(-6)).sort()).toEqual(['000001', '000002', '000003']);
    } finally {
      for (const s of started) {
        if (s.status !== 'fulfilled') continue;
        s.value.child.kill('SIGTERM');
        await once(s.value.child, 'exit');
      }
      for (const data of dirs) data.remove();
      await database.drop();
    }
  });
});
