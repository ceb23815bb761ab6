/**
 * The provider's SQLite database: WAL for concurrent reads, synchronous=FULL so an
 * acknowledged submission survives a crash or power loss. Seeded once, on first start.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { SeedPack } from '../../config/seed/types';
import { seedDatabase } from './seed';

const SCHEMA_VERSION = 1;

const SCHEMA = `
CREATE TABLE content (key TEXT NOT NULL, locale TEXT NOT NULL, json TEXT NOT NULL, PRIMARY KEY (key, locale));
CREATE TABLE categories (id INTEGER NOT NULL, locale TEXT NOT NULL, position INTEGER NOT NULL, name TEXT NOT NULL, PRIMARY KEY (id, locale));
CREATE TABLE products (id INTEGER NOT NULL, locale TEXT NOT NULL, classify_id INTEGER NOT NULL, name TEXT NOT NULL, pics TEXT NOT NULL, json TEXT NOT NULL, PRIMARY KEY (id, locale));
CREATE INDEX products_by_category ON products (locale, classify_id, id);
CREATE TABLE news (id INTEGER NOT NULL, locale TEXT NOT NULL, pic TEXT NOT NULL, title TEXT NOT NULL, des TEXT NOT NULL, content TEXT NOT NULL, create_time TEXT NOT NULL, PRIMARY KEY (id, locale));
CREATE TABLE notices (id INTEGER NOT NULL, locale TEXT NOT NULL, title TEXT NOT NULL, content TEXT NOT NULL, create_time TEXT NOT NULL, PRIMARY KEY (id, locale));
CREATE TABLE jobs (id INTEGER NOT NULL, locale TEXT NOT NULL, title TEXT NOT NULL, type TEXT NOT NULL, num INTEGER NOT NULL, area TEXT NOT NULL, status TEXT NOT NULL, create_time TEXT NOT NULL, content TEXT NOT NULL, PRIMARY KEY (id, locale));
CREATE TABLE members (id INTEGER PRIMARY KEY, pic TEXT NOT NULL);
CREATE TABLE applications (id INTEGER PRIMARY KEY AUTOINCREMENT, job_id INTEGER NOT NULL, name TEXT NOT NULL, phone TEXT NOT NULL, email TEXT NOT NULL, client_ip TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE patient_messages (id INTEGER PRIMARY KEY AUTOINCREMENT, category TEXT NOT NULL, medication TEXT NOT NULL, reason TEXT NOT NULL, name TEXT NOT NULL, phone TEXT NOT NULL, email TEXT NOT NULL, description TEXT NOT NULL, client_ip TEXT NOT NULL, created_at TEXT NOT NULL);
`;

export type ProviderDatabase = Database.Database;

export function openDatabase(dataDir: string, pack: SeedPack): ProviderDatabase {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, 'provider.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  if (db.pragma('user_version', { simple: true }) === 0) {
    db.transaction(() => {
      db.exec(SCHEMA);
      seedDatabase(db, pack);
      db.pragma(`user_version = ${SCHEMA_VERSION}`);
    })();
  }
  return db;
}
