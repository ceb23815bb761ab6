/**
 * Submissions in PostgreSQL (`DATABASE_URL=postgres://…`), shared by every host of the site: an
 * answer of code 0 means the row is committed, whichever host took the POST; a case reference is
 * numbered by a counter row inside the message's transaction, unique across hosts; the audit
 * trail is the `staff_audit` table. Deletion is DELETE, then VACUUM of the tables outside the
 * transaction: it frees the dead rows' space in the table files for reuse and (INDEX_CLEANUP ON)
 * removes their index entries, but does not overwrite the freed bytes, which stay in the files
 * until new rows take the space (SQLite's secure_delete does zero them).
 */
import { hostname } from 'node:os';
import { Kysely, PostgresDialect, sql, type ColumnType, type Generated, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { checkPostgresSchema, migratePostgres } from '../schema';
import { LIMIT_ANSWER_MS, postgresLimit } from '../../http/visitorLimits';
import { closingUnanswered } from './kyselyPool';
import { pgDump } from './pgDump';
import { createSubmissionStore, type SubmissionDb } from './submissionStore';
import { parsedPostgresUrl, SUBMISSION_TABLES, vacuumStatement, type AuditEntry, type SubmissionKind, type SubmissionStore } from './store';

const INT8 = 20;

/** PostgreSQL's own audit table, beside the submission schema. */
type AuditTable = {
  staff_audit: { id: Generated<number>; at: string; entry: ColumnType<AuditEntry, string, never> };
};

/**
 * Where `url` leads, for messages and logs: its host, port and database, never its user, password
 * or parameters (`?password=` is one pg reads). One that does not parse is not repeated at all.
 */
export function describeUrl(url: string): string {
  const parsed = parsedPostgresUrl(url);
  return parsed ? `postgres://${parsed.host}${parsed.pathname}` : 'DATABASE_URL (not a valid URL)';
}

/**
 * The bounds of every other statement (staff tools, retention, migrations): PostgreSQL cancels a
 * statement after `statementMs`; an answer that never comes (a host gone without a reset, a
 * half-open connection) fails after `answerMs`, and TCP keep-alive finds a dead idle connection.
 * DATABASE_STATEMENT_TIMEOUT_MS changes the first (a very large deletion); the second follows it.
 */
export function queryLimits(env: NodeJS.ProcessEnv = process.env) {
  const statementMs = Number(env.DATABASE_STATEMENT_TIMEOUT_MS) > 0 ? Number(env.DATABASE_STATEMENT_TIMEOUT_MS) : 30_000;
  return { statementMs, answerMs: statementMs + 5_000, keepAliveMs: 10_000 };
}

export interface PostgresStoreOptions {
  /** Connections per process (default 10). */
  max?: number;
  now?: () => Date;
  /** An idle connection that breaks (the server restarted): said, never a crash. */
  warn?: (message: string, error: Error) => void;
  /** Tighter bounds on a save than SAVE_LIMITS (the tests). */
  saveLimits?: Partial<SaveLimits>;
  /**
   * true (the provider): bring the schema forward at start. false (the staff tools): refuse a
   * schema that is not this code's, so a newer checkout never changes what running hosts use.
   */
  migrate?: boolean;
}

/**
 * The bounds of one save. The site's proxy gives up on the provider after
 * TIMING.requestTimeoutMs (10 s) and tells the visitor it failed: a save must be over before,
 * committed or rolled back, never committed after the visitor was told otherwise. A connection
 * is waited for 3 s; each statement may run 4 s (statement_timeout, a wait for a lock included);
 * whatever is not over 5 s after the save began (the connection's wait included) is refused and
 * its connection closed, which rolls the transaction back; COMMIT then has 3 s. At most 8 s.
 */
export const SAVE_LIMITS = { connectMs: 3_000, statementMs: 4_000, workMs: 5_000, commitMs: 3_000 };
export type SaveLimits = typeof SAVE_LIMITS;

/** How long closing waits for PostgreSQL to close the pool's connections. */
const POOL_END_MS = 2_000;

export class SaveTimeoutError extends Error {
  constructor(ms: number) {
    super(`the submission was not stored within ${ms} ms; its transaction was rolled back`);
    this.name = 'SaveTimeoutError';
  }
}

/** Ends `pool`, waiting POOL_END_MS at most: ending a connection waits for the server to close it, and one that went silent never does. */
export async function endPool(pool: pg.Pool): Promise<void> {
  await within(pool.end(), POOL_END_MS, () => new Error('connections left unclosed')).catch(() => {});
}

/** A pool on `url` with the bounds every statement has (queryLimits); a connection that fails is warned about, never a crash. */
export function boundedPool(url: string, config: pg.PoolConfig, warn: PostgresStoreOptions['warn'] = () => {}): pg.Pool {
  const bounds = queryLimits();
  const pool = new pg.Pool({
    connectionString: url,
    statement_timeout: bounds.statementMs,
    query_timeout: bounds.answerMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: bounds.keepAliveMs,
    application_name: `site-provider@${hostname()}`,
    // COUNT(*) and the audit's ids are int8: small enough for a number, as SQLite gives them.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8 ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
    ...config,
  });
  pool.on('error', (error) => warn('an idle PostgreSQL connection failed; the pool opens another', error));
  // The pool listens to its connections only while they are idle. One that fails while checked out
  // (PostgreSQL restarted mid-transaction) emits 'error' on its client, which would end the process
  // unheard; its statement fails as well, and the code holding it releases it as broken.
  pool.on('connect', (client) => client.on('error', (error) => warn('a PostgreSQL connection in use failed', error)));
  return pool;
}

/** A pool on `url`, migrated to the newest schema under the advisory lock (schema.ts), or only checked (`migrate: false`). */
export async function openPostgresStore(url: string, options: PostgresStoreOptions = {}): Promise<SubmissionStore> {
  const limits = { ...SAVE_LIMITS, ...options.saveLimits };
  // A save's statements follow each other within milliseconds and it is over within workMs: a
  // transaction idle that long is a host gone silent (power cut, a dropped network), whose locks
  // (the year's counter row, which every host's patient message takes) PostgreSQL then gives up
  // rather than keeping them until TCP keep-alive fails, hours later. Staff transactions on this
  // pool are as brisk.
  const pool = boundedPool(
    url,
    { max: options.max ?? 10, connectionTimeoutMillis: limits.connectMs, idle_in_transaction_session_timeout: limits.workMs },
    options.warn,
  );
  try {
    if (options.migrate === false) await checkPostgresSchema(pool, describeUrl(url));
    else await migratePostgres(pool, describeUrl(url));
  } catch (error) {
    await pool.end();
    throw error;
  }
  // The visitor limits count on connections of their own: a burst of submissions never waits
  // for a save's connection behind its own counting, nor a save behind a count.
  const counting = () => boundedPool(url, { max: 2, connectionTimeoutMillis: LIMIT_ANSWER_MS, statement_timeout: LIMIT_ANSWER_MS }, options.warn);
  return createPostgresStore(pool, counting, describeUrl(url), url, options.now ?? (() => new Date()), limits);
}

/** `promise`, or `refusal` once `ms` have passed without its answer. */
function within<T>(promise: Promise<T>, ms: number, refusal: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(refusal()), ms);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}

/**
 * A save's transaction within `limits` (SAVE_LIMITS). Until COMMIT is sent the guard may refuse
 * it: the connection, perhaps still waiting on a lock, is closed rather than queued behind its
 * statement for a ROLLBACK, and PostgreSQL rolls back a transaction whose connection ended.
 */
async function boundedSave<T>(pool: pg.Pool, limits: SaveLimits, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const refused = () => new SaveTimeoutError(limits.workMs);
  const started = Date.now();
  const connecting = pool.connect();
  const client = await within(connecting, limits.workMs, refused).catch((error: unknown) => {
    // A connection that comes after the save was refused goes back to the pool unused.
    connecting.then(
      (late) => late.release(),
      () => {},
    );
    throw error;
  });
  let closeConnection: Error | undefined;
  try {
    const transaction = (async () => {
      await client.query(`BEGIN; SET LOCAL statement_timeout = ${Math.round(limits.statementMs)}`);
      return work(client);
    })();
    const result = await within(transaction, limits.workMs - (Date.now() - started), refused).catch(async (error: unknown) => {
      if (error instanceof SaveTimeoutError) closeConnection = error;
      else await within(client.query('ROLLBACK'), limits.commitMs, () => new Error('ROLLBACK unanswered')).catch((lost: Error) => (closeConnection = lost));
      throw error;
    });
    // Sent: from here on the outcome is PostgreSQL's. Unanswered, the connection is not reused.
    await within(
      client.query('COMMIT'),
      limits.commitMs,
      () => new Error(`COMMIT unanswered within ${limits.commitMs} ms: the submission may be stored`),
    ).catch((error: Error) => {
      closeConnection = error;
      throw error;
    });
    return result;
  } finally {
    client.release(closeConnection);
  }
}

/** ASCII letters folded whatever the collation, and the ASCII white space JavaScript's trim() takes off. */
const ASCII_EMAIL_KEY = sql.raw("translate(btrim(email, E' \\t\\n\\r\\f\\x0b'), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')");

/** Kysely on the one connection a bounded save holds (its transaction is the save's own). */
function onConnection(client: pg.PoolClient): SubmissionDb {
  const held: PostgresPoolClient = { query: client.query.bind(client) as PostgresPoolClient['query'], release: () => {} };
  const pool: PostgresPool = { connect: async () => held, end: async () => {}, options: {} };
  return new Kysely({ dialect: new PostgresDialect({ pool }) });
}

/**
 * VACUUM of the tables a deletion touched, after its commit (it cannot run in a transaction).
 * Its VERBOSE report says what it could not do: a table skipped (the role does not own it), or
 * deleted rows still visible to an open transaction (a pg_dump, a long query) and so kept.
 */
export async function vacuum(pool: pg.Pool, kinds: SubmissionKind[]): Promise<string[]> {
  const client = await pool.connect();
  const notices: string[] = [];
  const listen = (notice: { message?: string }) => notices.push(notice.message ?? '');
  client.on('notice', listen);
  let broken: Error | undefined;
  try {
    const problems: string[] = [];
    for (const kind of new Set(kinds)) {
      const table = SUBMISSION_TABLES[kind];
      notices.length = 0;
      await client.query(vacuumStatement([table])).catch((error: Error) => {
        broken = error;
        throw error;
      });
      const kept = notices.map((text) => /(\d+) are dead but not yet removable/.exec(text)?.[1]).find((n) => n !== undefined && n !== '0');
      if (notices.some((text) => /skipping/i.test(text)))
        problems.push(
          `VACUUM skipped ${table}: the database role does not own it, so deleted rows may remain in its files. As the table's owner, run in psql: ${vacuumStatement([table])};`,
        );
      else if (kept)
        problems.push(
          `${kept} deleted rows of ${table} are still visible to an open transaction (a pg_dump or a long query) and remain in its files until it ends. ` +
            `Once it has ended, run in psql, as the table's owner: ${vacuumStatement([table])};`,
        );
    }
    return problems;
  } finally {
    client.off('notice', listen);
    client.release(broken);
  }
}

function createPostgresStore(pool: pg.Pool, countingPool: () => pg.Pool, where: string, url: string, now: () => Date, limits: SaveLimits): SubmissionStore {
  let counting: pg.Pool | undefined;
  const db: SubmissionDb = new Kysely({ dialect: new PostgresDialect({ pool: closingUnanswered(pool) }) });
  const audit = db.withTables<AuditTable>();
  return createSubmissionStore({
    kind: 'postgres',
    where,
    db,
    now,
    save: (work) => boundedSave(pool, limits, (client) => work(onConnection(client))),
    /**
     * An e-mail: the ASCII addresses whose folded spelling is the address, and every address with
     * a character beyond ASCII, for `emailKey` to decide. A phone: the numbers ending in the same
     * seven digits (which `national` never changes), then `national` itself.
     */
    mayBePerson: (subject, value) =>
      'email' in subject
        ? sql<boolean>`(${ASCII_EMAIL_KEY} = ${value} OR email ~ '[^\\x01-\\x7f]')`
        : sql<boolean>`right(regexp_replace(phone, '\\D', '', 'g'), 7) = right(${value}, 7)`,
    lockRows: true,
    eraseDeleted: (kinds) => vacuum(pool, kinds),
    backup: (file) => pgDump(url, file),
    visitorLimit: (name, allowance) => postgresLimit((counting ??= countingPool()), name, allowance),
    async appendAudit(entry) {
      await audit
        .insertInto('staff_audit')
        .values({ at: entry.at, entry: JSON.stringify(entry) })
        .execute();
    },
    async auditEntries(since) {
      return (await audit.selectFrom('staff_audit').select('entry').where('at', '>=', since).orderBy('id').execute()).map((row) => row.entry);
    },
    close: async () => {
      await Promise.all([pool, counting].map((each) => each && endPool(each)));
    },
  });
}
