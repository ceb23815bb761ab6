/**
 * The provider's SQLite database: WAL for concurrent reads, synchronous=FULL so an
 * acknowledged submission survives a crash or power loss, secure_delete so a deleted
 * submission is overwritten, not left in a free page. Migrated forward on every start (see
 * schema.ts); seeded once, on first start. It holds personal data: the file (and the WAL
 * and shared-memory files SQLite gives the same mode) is 0600, in a 0700 folder.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import type { ContentPack } from '../contracts/schema/contentPack';
import { seedDatabase } from './content/seed';
import { migrateSqlite } from './schema';
import Database from './sqliteDriver';

export type ProviderDatabase = BetterSqlite3.Database;

export const DATABASE_FILE = 'provider.sqlite';
export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates (or narrows) a folder only its owner can enter; a folder owned by someone else is left as it is. */
export function privateFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  try {
    chmodSync(dir, PRIVATE_FOLDER_MODE);
  } catch {
    // not ours to change (EPERM): the files inside are still 0600
  }
}

/** Creates the file empty with mode 0600 before anyone writes to it (or narrows an older one). */
export function privateFile(file: string): void {
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  chmodSync(file, PRIVATE_FILE_MODE);
}

/** Opens the staff tools' and the provider's connection the same way. */
export function connect(file: string, options: BetterSqlite3.Options = {}): ProviderDatabase {
  const db = new Database(file, options);
  db.pragma('busy_timeout = 5000');
  db.pragma('secure_delete = ON');
  return db;
}

/** `pack` is read only when the database is new: a pack being edited never stops a start. */
export async function openDatabase(dataDir: string, pack: ContentPack | (() => ContentPack)): Promise<ProviderDatabase> {
  privateFolder(dataDir);
  const file = join(dataDir, DATABASE_FILE);
  privateFile(file);
  const db = connect(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    await migrateSqlite(db);
    // Checked and seeded under the write lock, so two processes starting together seed once.
    db.transaction(() => {
      const empty = db.prepare('SELECT COUNT(*) AS n FROM content').get() as { n: number };
      if (empty.n === 0) seedDatabase(db, typeof pack === 'function' ? pack() : pack);
    }).immediate();
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
