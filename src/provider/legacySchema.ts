/**
 * Databases built by the numbered SQL migrations of earlier releases (SQLite `user_version` with
 * `schema_migrations`, PostgreSQL `schema_migrations`), carried over to the migrator's bookkeeping
 * without touching a row: one at the last version those runners reached holds exactly the schema
 * of the first TypeScript migrations, so they are recorded as applied. The old records stay,
 * marked one version past what any old release knows, so an old release refuses the database as
 * too new instead of migrating it again. Runs under the migration lock (migrate.ts).
 */
import { sql } from 'kysely';
import { CONTENT_MIGRATIONS } from './content/migrations';
import { isRecorded, recordAsApplied, type AnyDatabase } from './migrate';
import { SUBMISSION_MIGRATIONS } from './submissions/migrations';
import { OperatorError } from './submissions/store';

/** The last versions the SQL runners reached: 006_news_and_job_extras.sql, postgres/002_cluster_jobs_and_limits.sql. */
export const LAST_SQLITE_VERSION = 6;
export const LAST_POSTGRES_VERSION = 2;

const tooOld = (where: string, version: number, last: number) =>
  new OperatorError(
    `${where} is at version ${version} of the numbered SQL migrations; this release carries over only version ${last}, the last of them. ` +
      'Start the last release that had src/provider/migrations/*.sql once on it, then this one.',
  );

/** A SQLite file the SQL runner built: recorded as having applied the content's and the submissions' first migrations. */
export async function carryOverSqlite(db: AnyDatabase, where: string): Promise<void> {
  const version = (await sql<{ user_version: number }>`PRAGMA user_version`.execute(db)).rows[0]?.user_version ?? 0;
  if (version === 0 || version > LAST_SQLITE_VERSION || (await isRecorded(db, SUBMISSION_MIGRATIONS))) return;
  if (version < LAST_SQLITE_VERSION) throw tooOld(where, version, LAST_SQLITE_VERSION);
  await recordAsApplied(db, CONTENT_MIGRATIONS, ['001_content']);
  await recordAsApplied(db, SUBMISSION_MIGRATIONS, ['001_submissions']);
  await sql.raw(`PRAGMA user_version = ${LAST_SQLITE_VERSION + 1}`).execute(db);
}

/** A PostgreSQL schema the SQL runner built: recorded as having applied the submissions' first migration. */
export async function carryOverPostgres(db: AnyDatabase, where: string): Promise<void> {
  if ((await sql<{ legacy: string | null }>`SELECT to_regclass('schema_migrations') AS legacy`.execute(db)).rows[0]?.legacy == null) return;
  if (await isRecorded(db, SUBMISSION_MIGRATIONS)) return;
  const version = (await sql<{ version: number | null }>`SELECT MAX(version) AS version FROM schema_migrations`.execute(db)).rows[0]?.version ?? 0;
  if (version !== LAST_POSTGRES_VERSION) throw tooOld(where, version, LAST_POSTGRES_VERSION);
  await recordAsApplied(db, SUBMISSION_MIGRATIONS, ['001_submissions']);
  await sql`INSERT INTO schema_migrations (version, name) VALUES (${LAST_POSTGRES_VERSION + 1}, ${`recorded in ${SUBMISSION_MIGRATIONS.table} from here on`})`.execute(
    db,
  );
}
