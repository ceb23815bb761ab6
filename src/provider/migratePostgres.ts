/**
 * The PostgreSQL schema of submissions (migrations/postgres/NNN_name.sql), brought forward when
 * the provider starts. Several hosts may start at once: each takes one transaction-level advisory
 * lock, so the first applies what is missing while the others wait, then find nothing left to do.
 * Every pending migration and its row in `schema_migrations` commit together (PostgreSQL's DDL
 * is transactional): a failing migration leaves the schema as it was. The staff tools never
 * migrate (checkPostgresSchema); `npm run staff -- migrate` does, saying what it applies.
 */
import { join } from 'node:path';
import type { Pool, PoolClient } from 'pg';
import { checksumOf, DatabaseTooNewError, loadMigrations, MIGRATIONS_DIR, verifyChecksums, type Migration } from './migrate';
import { OperatorError } from './submissions/store';

export const POSTGRES_MIGRATIONS_DIR = join(MIGRATIONS_DIR, 'postgres');

/** An arbitrary constant shared by every release: the advisory lock that orders migrations. */
export const MIGRATION_LOCK = 4_174_202_601;

type Applied = { version: number; checksum: string | null };

async function applied(client: Pool | PoolClient): Promise<Applied[]> {
  const { rows } = await client.query<{ present: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS present");
  if (!rows[0]?.present) return [];
  // Read through to_jsonb: a table from before checksums has no such column, and reading must not change it.
  return (await client.query<Applied>("SELECT version, to_jsonb(m) ->> 'checksum' AS checksum FROM schema_migrations m ORDER BY version")).rows;
}

/** The version the database is at, after checking it against the code: newer, or a shipped migration edited, is refused. */
async function versionOf(client: Pool | PoolClient, where: string, migrations: Migration[]): Promise<number> {
  const rows = await applied(client);
  const version = rows.at(-1)?.version ?? 0;
  if (version > migrations.length) throw new DatabaseTooNewError(where, version, migrations.length);
  verifyChecksums(where, rows, migrations);
  return version;
}

/** The migrations this code would apply to the database, without applying them. */
export async function pendingPostgresMigrations(pool: Pool, where: string, migrations = loadMigrations(POSTGRES_MIGRATIONS_DIR)): Promise<Migration[]> {
  return migrations.slice(await versionOf(pool, where, migrations));
}

/** For the staff tools: the schema must be exactly this code's, or the tools refuse to run. */
export async function checkPostgresSchema(pool: Pool, where: string, migrations = loadMigrations(POSTGRES_MIGRATIONS_DIR)): Promise<void> {
  const pending = await pendingPostgresMigrations(pool, where, migrations);
  if (pending.length > 0) {
    throw new OperatorError(
      `${where} is at schema version ${migrations.length - pending.length}; this code needs ${migrations.length} (${pending.map((m) => m.name).join(', ')}). ` +
        'The staff tools never change the schema: run the release the hosts run, or `npm run staff -- migrate` to bring the database forward for every host.',
    );
  }
}

/** Brings the database to the newest version; returns the version it had before. */
export async function migratePostgres(pool: Pool, where: string, migrations = loadMigrations(POSTGRES_MIGRATIONS_DIR)): Promise<number> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    try {
      await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await client.query(
        'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
      );
      await client.query('ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text');
      const before = await versionOf(client, where, migrations);
      // Rows written before checksums were kept get theirs now.
      for (const migration of migrations.slice(0, before))
        await client.query('UPDATE schema_migrations SET checksum = $2 WHERE version = $1 AND checksum IS NULL', [migration.version, checksumOf(migration)]);
      for (const migration of migrations.slice(before)) {
        await client.query(migration.sql);
        await client.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
          migration.version,
          migration.name,
          checksumOf(migration),
        ]);
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
