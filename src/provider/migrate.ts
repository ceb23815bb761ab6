/**
 * One migrator for both databases: Kysely's Migrator over SQLite (better-sqlite3) or PostgreSQL
 * (the bounded pool). Each set of migrations (the submissions, the content pack) keeps Kysely's
 * record of what ran in tables named after it, and beside them the checksum of each migration's
 * source, so a shipped migration edited afterwards is refused, naming its file. A start's
 * migrations run in one transaction under a lock (SQLite's write lock, a PostgreSQL advisory
 * lock): of several processes starting together one migrates, the others wait and find nothing
 * left to do, and a migration that fails leaves the schema as it was.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PostgresAdapter, PostgresDialect, sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import { OperatorError } from './submissions/store';

/** A migration as it shipped: its name (the file's, without `.ts`), its source text and its step. */
export interface ShippedMigration {
  name: string;
  source: string;
  up: Migration['up'];
}

/** Migrations applied in name order, recorded in `table` (Kysely's) and `<table>_checksum`. */
export interface MigrationSet {
  table: string;
  migrations: ShippedMigration[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations build the schema the typed queries read
export type AnyDatabase = Kysely<any>;

/** The migration module `<dir>/<name>.ts`, with the source its checksum is taken of. */
export const shipped = (dir: string, name: string, migration: Migration): ShippedMigration => ({
  name,
  source: readFileSync(join(dir, `${name}.ts`), 'utf8'),
  up: migration.up,
});

/**
 * The SHA-256 of the migration file's text with its line endings made LF, so a checkout that
 * writes CRLF (git's core.autocrlf) reads the same file. It covers that file alone: what the file
 * calls (migrate.ts's helpers, Kysely's compiler) is not in it, and is never to change what an
 * applied migration built.
 */
export const checksumOf = (migration: ShippedMigration): string => createHash('sha256').update(migration.source.replace(/\r\n?/g, '\n')).digest('hex');

export const isPostgres = (db: AnyDatabase): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/** A row id numbered by the database: IDENTITY on PostgreSQL, AUTOINCREMENT (never reused) on SQLite. */
export const identity =
  (db: AnyDatabase) =>
  (column: ColumnDefinitionBuilder): ColumnDefinitionBuilder =>
    isPostgres(db) ? column.generatedByDefaultAsIdentity().primaryKey() : column.primaryKey().autoIncrement();

/** An arbitrary constant shared by every release: the PostgreSQL advisory lock that orders migrations. */
export const MIGRATION_LOCK = 4_174_202_601;

/**
 * PostgreSQL as the migrator needs it: Kysely's own migration lock is a session lock released
 * after its transaction, which fails (and hides the migration's error) when the transaction it
 * runs in is the caller's and has been aborted. The transaction-level lock ends with it instead.
 */
class TransactionLockedAdapter extends PostgresAdapter {
  override async acquireMigrationLock(db: AnyDatabase): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(db);
  }

  override async releaseMigrationLock(): Promise<void> {}
}

export class PostgresMigrationDialect extends PostgresDialect {
  override createAdapter() {
    return new TransactionLockedAdapter();
  }
}

export class DatabaseTooNewError extends Error {
  constructor(where: string, unknown: string[]) {
    super(
      `${where} has migrations this code does not know (${unknown.join(', ')}). ` +
        'It was written by a newer release: run that release, or restore a backup made by this one. Refusing to start so the database is not damaged.',
    );
    this.name = 'DatabaseTooNewError';
  }
}

/**
 * `work` in one transaction holding the migration lock: PostgreSQL's advisory lock (released at
 * COMMIT), SQLite's write lock taken at BEGIN IMMEDIATE (another process waits busy_timeout).
 * SQLite has one connection, so the migrator runs on it inside the transaction.
 */
export async function underMigrationLock<T>(db: AnyDatabase, work: (locked: AnyDatabase) => Promise<T>): Promise<T> {
  if (isPostgres(db)) {
    return db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
      return work(trx);
    });
  }
  return db.connection().execute(async (connection) => {
    await sql`BEGIN IMMEDIATE`.execute(connection);
    try {
      const result = await work(connection);
      await sql`COMMIT`.execute(connection);
      return result;
    } catch (error) {
      await sql`ROLLBACK`.execute(connection);
      throw error;
    }
  });
}

async function tableExists(db: AnyDatabase, table: string): Promise<boolean> {
  const { rows } = isPostgres(db)
    ? await sql<{ present: boolean }>`SELECT to_regclass(${table}) IS NOT NULL AS present`.execute(db)
    : await sql<{ present: number }>`SELECT COUNT(*) AS present FROM sqlite_master WHERE type = 'table' AND name = ${table}`.execute(db);
  return Boolean(rows[0]?.present);
}

const checksumTable = (set: MigrationSet) => `${set.table}_checksum`;

/** Whether the set's bookkeeping exists: a database this migrator has seen. */
export const isRecorded = (db: AnyDatabase, set: MigrationSet) => tableExists(db, set.table);

/**
 * The set's migrations not yet applied, after checking the database against the code: a
 * migration it applied that the code does not know (a newer release), or one whose source changed
 * since, is refused.
 */
export async function pendingMigrations(db: AnyDatabase, set: MigrationSet, where: string): Promise<ShippedMigration[]> {
  if (!(await isRecorded(db, set))) return set.migrations;
  const applied = (await db.selectFrom(set.table).select('name').execute()).map((row: { name: string }) => row.name);
  const known = new Map(set.migrations.map((migration) => [migration.name, migration]));
  const unknown = applied.filter((name) => !known.has(name));
  if (unknown.length > 0) throw new DatabaseTooNewError(where, unknown.sort());
  if (await tableExists(db, checksumTable(set))) {
    const recorded: { name: string; checksum: string }[] = await db.selectFrom(checksumTable(set)).select(['name', 'checksum']).execute();
    for (const { name, checksum } of recorded) {
      const migration = known.get(name);
      if (migration && checksum !== checksumOf(migration)) {
        throw new OperatorError(
          `${name}.ts differs from the migration ${where} applied: a shipped migration is never edited. Restore the file and add the change as a new migration.`,
        );
      }
    }
  }
  return set.migrations.filter((migration) => !applied.includes(migration.name));
}

/** Kysely's Migrator over `db` (already locked), each step recording its checksum beside Kysely's row. */
async function runMigrator(db: AnyDatabase, set: MigrationSet, migrations: ShippedMigration[]): Promise<string[]> {
  await db.schema
    .createTable(checksumTable(set))
    .ifNotExists()
    .addColumn('name', 'varchar(255)', (column) => column.primaryKey())
    .addColumn('checksum', 'text', (column) => column.notNull())
    .execute();
  const steps = Object.fromEntries(
    migrations.map((migration): [string, Migration] => [
      migration.name,
      {
        up: async (trx) => {
          await migration.up(trx);
          await trx
            .insertInto(checksumTable(set))
            .values({ name: migration.name, checksum: checksumOf(migration) })
            .execute();
        },
      },
    ]),
  );
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => steps },
    migrationTableName: set.table,
    migrationLockTableName: `${set.table}_lock`,
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) throw error;
  return results.map((result) => result.migrationName);
}

/** Applies the set's pending migrations on a database already under the migration lock; returns their names. */
export async function migrateLocked(db: AnyDatabase, set: MigrationSet, where: string): Promise<string[]> {
  const pending = await pendingMigrations(db, set, where);
  return pending.length === 0 ? [] : runMigrator(db, set, set.migrations);
}

/**
 * Records migrations as applied without running them: a database whose schema an earlier
 * runner built to the same point (legacySchema.ts). Their checksums are the code's.
 */
export const recordAsApplied = (db: AnyDatabase, set: MigrationSet, names: string[]): Promise<string[]> =>
  runMigrator(
    db,
    set,
    set.migrations.filter((migration) => names.includes(migration.name)).map((migration) => ({ ...migration, up: async () => {} })),
  );

/** Brings every set forward in one locked transaction; returns the names it applied. */
export const migrate = (db: AnyDatabase, sets: MigrationSet[], where: string, before?: (locked: AnyDatabase) => Promise<void>): Promise<string[]> =>
  underMigrationLock(db, async (locked) => {
    await before?.(locked);
    const applied: string[] = [];
    for (const set of sets) applied.push(...(await migrateLocked(locked, set, where)));
    return applied;
  });

/** For the staff tools, which never migrate: the schema must be exactly this code's. */
export async function checkSchema(db: AnyDatabase, set: MigrationSet, where: string): Promise<void> {
  const pending = await pendingMigrations(db, set, where);
  if (pending.length > 0) {
    throw new OperatorError(
      `${where} lacks migrations this code needs (${pending.map((m) => m.name).join(', ')}). ` +
        'The staff tools never change the schema: run the release the hosts run, or `npm run staff -- migrate` to bring the database forward for every host.',
    );
  }
}

/** A migration's opening comment, in one line: what it changes. */
export const purposeOf = (migration: ShippedMigration): string =>
  (/\/\*\*([\s\S]*?)\*\//.exec(migration.source)?.[1] ?? '')
    .split('\n')
    .map((line) => line.replace(/^\s*\*\s?/, '').trim())
    .filter(Boolean)
    .join(' ');
