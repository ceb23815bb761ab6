/**
 * Which migrations each database gets, through the one migrator (migrate.ts): a host's SQLite
 * file the content pack's and the submissions', a shared PostgreSQL database the submissions'.
 * The provider brings its database forward at start; the staff tools only check it, and `staff
 * migrate` applies what PostgreSQL lacks.
 */
import { Kysely, SqliteDialect } from 'kysely';
import type pg from 'pg';
import { CONTENT_MIGRATIONS } from './content/migrations';
import type { ProviderDatabase } from './sqliteDatabase';
import { carryOverPostgres, carryOverSqlite } from './legacySchema';
import { checkSchema, migrate, pendingMigrations, PostgresMigrationDialect, type AnyDatabase, type ShippedMigration } from './migrate';
import { closingUnanswered } from './submissions/kyselyPool';
import { SUBMISSION_MIGRATIONS } from './submissions/migrations';

/** Kysely over the provider's connection; never destroyed here, as that would close the connection its owner closes. */
export const sqliteKysely = (db: ProviderDatabase): AnyDatabase => new Kysely({ dialect: new SqliteDialect({ database: db }) });
/** Kysely over a bounded pool (postgresStore.ts), which its owner ends. */
export const postgresKysely = (pool: pg.Pool): AnyDatabase => new Kysely({ dialect: new PostgresMigrationDialect({ pool: closingUnanswered(pool) }) });

export const SQLITE_MIGRATIONS = [CONTENT_MIGRATIONS, SUBMISSION_MIGRATIONS];

/** Brings the SQLite file forward (a file of an earlier release carried over first); returns what it applied. */
export const migrateSqlite = (db: ProviderDatabase): Promise<string[]> =>
  migrate(sqliteKysely(db), SQLITE_MIGRATIONS, db.name, (locked) => carryOverSqlite(locked, db.name));

/** The submission schema of a SQLite file must be this code's (moving it to PostgreSQL). */
export const checkSqliteSubmissions = (db: ProviderDatabase): Promise<void> => checkSchema(sqliteKysely(db), SUBMISSION_MIGRATIONS, db.name);

export const migratePostgres = (pool: pg.Pool, where: string): Promise<string[]> =>
  migrate(postgresKysely(pool), [SUBMISSION_MIGRATIONS], where, (locked) => carryOverPostgres(locked, where));

export const checkPostgresSchema = (pool: pg.Pool, where: string): Promise<void> => checkSchema(postgresKysely(pool), SUBMISSION_MIGRATIONS, where);

export const pendingPostgresMigrations = (pool: pg.Pool, where: string): Promise<ShippedMigration[]> =>
  pendingMigrations(postgresKysely(pool), SUBMISSION_MIGRATIONS, where);
