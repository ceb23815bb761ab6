/**
 * The provider's SQLite database: WAL for concurrent reads, synchronous=FULL so an
 * acknowledged submission survives a crash or power loss. Migrated forward on every start
 * (see migrate.ts); seeded once, on first start.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ContentPack } from '../contracts/schema/contentPack';
import { seedDatabase } from './seed';
import { migrate } from './migrate';

export type ProviderDatabase = Database.Database;

export function openDatabase(dataDir: string, pack: ContentPack): ProviderDatabase {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, 'provider.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  try {
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  const empty = db.prepare('SELECT COUNT(*) AS n FROM content').get() as { n: number };
  if (empty.n === 0) db.transaction(() => seedDatabase(db, pack))();
  return db;
}
