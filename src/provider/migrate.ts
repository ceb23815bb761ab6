/**
 * Numbered schema migrations (migrations/NNN_name.sql), applied in order at start, each in
 * its own transaction together with the `user_version` it brings the database to.
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

/** Brings the database to the newest version; returns the version it had before. */
export function migrate(db: Database.Database, migrations = loadMigrations()): number {
  const latest = migrations.length;
  const before = db.pragma('user_version', { simple: true }) as number;
  if (before > latest) throw new DatabaseTooNewError(db.name, before, latest);
  for (const migration of migrations.slice(before)) {
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    })();
  }
  return before;
}
