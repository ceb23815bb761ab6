/**
 * Numbered schema migrations (migrations/NNN_name.sql), applied in order at start, each in
 * its own exclusive transaction together with the `user_version` it brings the database to and
 * its checksum, so a shipped migration edited afterwards is refused.
 */
import type Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OperatorError } from './submissions/store';

export const MIGRATIONS_DIR = join(__dirname, 'migrations');

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const migrations = readdirSync(dir)
    .filter((file) => /^\d{3}_[\w-]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ version: Number(file.slice(0, 3)), name: file, sql: readFileSync(join(dir, file), 'utf8') }));
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`Migrations must be numbered 001, 002, … without gaps; found ${m.name} at position ${i + 1}`);
  });
  return migrations;
}

export class DatabaseTooNewError extends Error {
  constructor(file: string, found: number, known: number) {
    super(
      `${file} has schema version ${found}, but this code only knows versions up to ${known}. ` +
        'It was written by a newer release: run that release, or restore a backup made by this one. Refusing to start so the database is not damaged.',
    );
    this.name = 'DatabaseTooNewError';
  }
}

export const checksumOf = (migration: Migration): string => createHash('sha256').update(migration.sql).digest('hex');

/**
 * A migration that shipped is never edited: a database that applied another text than the file's
 * now would differ from a new one built from the files. Refused, naming the file.
 */
export function verifyChecksums(where: string, applied: { version: number; checksum: string | null }[], migrations: Migration[]): void {
  for (const { version, checksum } of applied) {
    const migration = migrations[version - 1];
    if (migration && checksum !== null && checksum !== checksumOf(migration)) {
      throw new OperatorError(
        `${migration.name} differs from the migration ${where} applied: a shipped migration is never edited. Restore the file and add the change as a new migration.`,
      );
    }
  }
}

/** SQLite's record of each migration's checksum, beside `user_version`; versions applied before it was kept get theirs on the next start. */
function recordChecksums(db: Database.Database, migrations: Migration[], version: number): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, checksum TEXT NOT NULL)');
  const applied = db.prepare<[], { version: number; checksum: string }>('SELECT version, checksum FROM schema_migrations ORDER BY version').all();
  verifyChecksums(db.name, applied, migrations);
  const record = db.prepare('INSERT OR IGNORE INTO schema_migrations (version, name, checksum) VALUES (?, ?, ?)');
  for (const migration of migrations.slice(0, version)) record.run(migration.version, migration.name, checksumOf(migration));
}

/**
 * Brings the database to the newest version; returns the version it had before. Each step
 * reads the version inside an exclusive transaction: of two processes starting together one
 * migrates, the other waits (busy_timeout) and then finds nothing left to do.
 */
export function migrate(db: Database.Database, migrations = loadMigrations()): number {
  const latest = migrations.length;
  const step = db.transaction((): number => {
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > latest) throw new DatabaseTooNewError(db.name, version, latest);
    recordChecksums(db, migrations, version);
    const next = migrations[version];
    if (next) {
      db.exec(next.sql);
      db.pragma(`user_version = ${next.version}`);
      recordChecksums(db, migrations, next.version);
    }
    return version;
  });
  const before = step.exclusive();
  // Each step applies one migration and says the version it found; the last finds nothing to do.
  for (let found = before; found < latest;) found = step.exclusive();
  return before;
}
