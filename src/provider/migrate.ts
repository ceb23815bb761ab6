/**
 * Numbered schema migrations (migrations/NNN_name.sql), applied in order at start, each in
 * its own exclusive transaction together with the `user_version` it brings the database to.
 */
import type Database from 'better-sqlite3';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

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
    const next = migrations[version];
    if (next) {
      db.exec(next.sql);
      db.pragma(`user_version = ${next.version}`);
    }
    return version;
  });
  const before = step.exclusive();
  // Each step applies one migration and says the version it found; the last finds nothing to do.
  for (let found = before; found < latest; ) found = step.exclusive();
  return before;
}
