/**
 * Databases exactly as the numbered SQL runners of earlier releases left them, built from frozen
 * copies of their migrations (testdata/legacy-migrations), and a schema's shape for comparing a
 * carried-over database with a new one.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import type { ProviderDatabase } from './sqliteDatabase';

const LEGACY_DIR = join(__dirname, 'testdata', 'legacy-migrations');

const legacyMigrations = (database: 'sqlite' | 'postgres') =>
  readdirSync(join(LEGACY_DIR, database))
    .sort()
    .map((name, i) => ({ version: i + 1, name, sql: readFileSync(join(LEGACY_DIR, database, name), 'utf8') }));

const checksum = (sql: string) => createHash('sha256').update(sql).digest('hex');

/** The SQLite runner: each file, `user_version` and its `schema_migrations` row, up to `version`. */
export function buildLegacySqlite(db: ProviderDatabase, version: number): void {
  db.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, checksum TEXT NOT NULL)');
  for (const migration of legacyMigrations('sqlite').slice(0, version)) {
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
      db.prepare('INSERT INTO schema_migrations (version, name, checksum) VALUES (?, ?, ?)').run(migration.version, migration.name, checksum(migration.sql));
    })();
  }
}

/** The PostgreSQL runner: each file and its `schema_migrations` row, up to `version`. */
export async function buildLegacyPostgres(pool: pg.Pool, version: number): Promise<void> {
  await pool.query(
    'CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now(), checksum text)',
  );
  for (const migration of legacyMigrations('postgres').slice(0, version)) {
    await pool.query(migration.sql);
    await pool.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
      migration.version,
      migration.name,
      checksum(migration.sql),
    ]);
  }
}

/** The bookkeeping of either runner, left out when comparing schemas. */
const BOOKKEEPING = /^(schema_migrations|sqlite_sequence|.*_migration(_lock|_checksum)?)$/;

/** Every table's columns and indexes, as SQLite describes them (declared types compared in lower case). */
export function sqliteShape(db: ProviderDatabase): Record<string, unknown> {
  const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[]).filter(
    (name) => !BOOKKEEPING.test(name),
  );
  return Object.fromEntries(
    tables.map((table) => [
      table,
      {
        columns: (db.pragma(`table_info(${table})`) as { name: string; type: string; notnull: number; dflt_value: unknown; pk: number }[]).map((c) => ({
          ...c,
          type: c.type.toLowerCase(),
        })),
        indexes: (db.pragma(`index_list(${table})`) as { name: string; unique: number }[])
          .map(({ name, unique }) => ({ name, unique, columns: (db.pragma(`index_info(${name})`) as { name: string }[]).map((c) => c.name) }))
          .sort((a, b) => a.name.localeCompare(b.name)),
      },
    ]),
  );
}

/** Every table's columns and indexes, as PostgreSQL describes them. */
export async function postgresShape(pool: pg.Pool): Promise<Record<string, unknown>> {
  const { rows: columns } = await pool.query<{ table_name: string }>(
    `SELECT table_name, column_name, data_type, character_maximum_length, is_nullable, column_default, is_identity, identity_generation
     FROM information_schema.columns WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`,
  );
  const { rows: indexes } = await pool.query<{ tablename: string }>(
    'SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() ORDER BY tablename, indexname',
  );
  const shape: Record<string, { columns: unknown[]; indexes: unknown[] }> = {};
  const of = (table: string) => (shape[table] ??= { columns: [], indexes: [] });
  for (const column of columns.filter((c) => !BOOKKEEPING.test(c.table_name))) of(column.table_name).columns.push(column);
  for (const index of indexes.filter((i) => !BOOKKEEPING.test(i.tablename))) of(index.tablename).indexes.push(index);
  return shape;
}
