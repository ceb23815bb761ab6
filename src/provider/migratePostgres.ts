/**
 * The PostgreSQL schema of submissions (migrations/postgres/NNN_name.sql), brought forward at
 * every start. Several hosts may start at once: each takes one transaction-level advisory lock,
 * so the first applies what is missing while the others wait, then find nothing left to do.
 * Every pending migration and its row in `schema_migrations` commit together (PostgreSQL's DDL
 * is transactional): a failing migration leaves the schema as it was.
 */
import { join } from 'node:path';
import type { Pool, PoolClient } from 'pg';
import { DatabaseTooNewError, loadMigrations, MIGRATIONS_DIR, type Migration } from './migrate';

export const POSTGRES_MIGRATIONS_DIR = join(MIGRATIONS_DIR, 'postgres');

/** An arbitrary constant shared by every release: the advisory lock that orders migrations. */
export const MIGRATION_LOCK = 4_174_202_601;

async function pending(client: PoolClient, where: string, migrations: Migration[]): Promise<number> {
  await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
  await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())');
  const { rows } = await client.query<{ version: number }>('SELECT COALESCE(MAX(version), 0)::integer AS version FROM schema_migrations');
  const version = rows[0]?.version ?? 0;
  if (version > migrations.length) throw new DatabaseTooNewError(where, version, migrations.length);
  return version;
}

/** Brings the database to the newest version; returns the version it had before. */
export async function migratePostgres(pool: Pool, where: string, migrations = loadMigrations(POSTGRES_MIGRATIONS_DIR)): Promise<number> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    try {
      const before = await pending(client, where, migrations);
      for (const migration of migrations.slice(before)) {
        await client.query(migration.sql);
        await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      }
      await client.query('COMMIT');
      return before;
    } catch (error) {
      await client.query('ROLLBACK').catch((lost: Error) => (broken = lost));
      throw error;
    }
  } finally {
    client.release(broken);
  }
}
