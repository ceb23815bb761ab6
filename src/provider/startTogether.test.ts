/**
 * Two processes opening one database at once (a restart overlapping the old process, two
 * site processes): one migrates, the other waits for it and finds nothing left to do.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database, { SQLITE_DRIVER } from './sqliteDriver';
import { loadContentPack } from './content/loadPack';
import { connect, DATABASE_FILE, openDatabase } from './database';
import { loadMigrations, migrate } from './migrate';
import { startProvider } from './startProvider';
import { tempDataDir } from './testing';

/** Another process that takes the write lock, migrates to the newest version, says so, and commits when told. */
function migratingElsewhere(file: string) {
  const script = `
    const Database = require(${JSON.stringify(SQLITE_DRIVER)});
    const { readFileSync, readdirSync } = require('node:fs');
    const dir = ${JSON.stringify(join(__dirname, 'migrations'))};
    const db = new Database(${JSON.stringify(file)});
    db.pragma('journal_mode = WAL');
    db.exec('BEGIN EXCLUSIVE');
    const files = readdirSync(dir).filter((f) => f.endsWith('.sql')).sort();
    for (const f of files) db.exec(readFileSync(dir + '/' + f, 'utf8'));
    db.pragma('user_version = ' + files.length);
    process.stdout.write('locked\\n');
    process.stdin.once('data', () => { db.exec('COMMIT'); db.close(); process.exit(0); });
  `;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  const locked = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
    child.once('exit', (code) => reject(new Error(`exited with ${code} before locking`)));
  });
  return { child, locked, commit: () => child.stdin.write('go\n') };
}

describe('starting together', () => {
  it('reads the schema version under the lock: the second process waits and does not migrate again', async () => {
    const data = tempDataDir();
    const file = join(data.dir, DATABASE_FILE);
    const other = migratingElsewhere(file);
    await other.locked;
    const db = connect(file);
    db.pragma('journal_mode = WAL');
    // Written to the pipe at once; the other process commits while migrate() below waits on the lock.
    other.commit();
    try {
      expect(migrate(db)).toBe(loadMigrations().length);
      expect(db.pragma('user_version', { simple: true })).toBe(loadMigrations().length);
    } finally {
      db.close();
      await new Promise((resolve) => other.child.once('exit', resolve));
      data.remove();
    }
  }, 30_000);

  it('a content pack being edited (or broken) never stops a start once the database is seeded', async () => {
    const data = tempDataDir();
    openDatabase(data.dir, loadContentPack()).close();
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

  it('creates the database 0600 (its WAL too) in a 0700 folder', () => {
    const data = tempDataDir();
    const dir = join(data.dir, 'data');
    const db = openDatabase(dir, loadContentPack());
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

  it('narrows an older world-readable database to 0600 on open', () => {
    const data = tempDataDir();
    const file = join(data.dir, DATABASE_FILE);
    new Database(file).close();
    chmodSync(file, 0o644);
    openDatabase(data.dir, loadContentPack()).close();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    data.remove();
  });
});
