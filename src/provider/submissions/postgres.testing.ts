/**
 * PostgreSQL for the tests. TEST_DATABASE_URL names a server and a role that may create
 * databases: `npm test`, `npm run test:unit` and the like set it to a throwaway cluster of their
 * own (tests/system/withPostgres.ts); jest run by hand falls back to a local server's role site.
 * Each test file gets a database of its own, created on first use and dropped after the file.
 * When the server cannot be reached, every PostgreSQL variant fails saying how to set it up: a
 * test skipped in silence would pass a release never tested on PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describeUrl } from './postgresStore';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://site:site@127.0.0.1:5432/postgres';

export const POSTGRES_SETUP = `The PostgreSQL variants of the tests need a PostgreSQL server. Run them through npm
(npm test, npm run test:unit, test:changed, test:cms), which starts one of its own, or
point TEST_DATABASE_URL at a server and a role that may create databases.`;

/** The tables a test empties between cases (the schema stays). */
const EMPTIED_TABLES = [
  'applications',
  'patient_messages',
  'case_reference_counters',
  'staff_audit',
  'job_runs',
  'rate_limits',
  'content_packs',
  'submission_moves',
];

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    throw new Error(`PostgreSQL is not reachable at ${describeUrl(TEST_DATABASE_URL)} (${(error as Error).message}).\n${POSTGRES_SETUP}`, { cause: error });
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

export async function dropTestDatabase(name: string): Promise<void> {
  await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/** A new database, empty or a copy of `template` (which nobody may be connected to). */
export async function createTestDatabase(template?: string): Promise<TestDatabase> {
  const name = `site_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin((client) => client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => dropTestDatabase(name) };
}

/** Runs SQL on a test database (for assertions and fixtures); `?` placeholders as in SQLite. */
export async function queryTestDatabase<T = Record<string, unknown>>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  // COUNT(*) as a number, as SQLite and the store give it.
  const client = new pg.Client({
    connectionString: url,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === 20 ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  await client.connect();
  try {
    let n = 0;
    return (
      await client.query(
        sql.replace(/\?/g, () => `$${(n += 1)}`),
        params,
      )
    ).rows as T[];
  } finally {
    await client.end();
  }
}

export async function emptyTables(url: string): Promise<void> {
  await queryTestDatabase(url, `TRUNCATE ${EMPTIED_TABLES.join(', ')} RESTART IDENTITY`);
}

/**
 * A test file's own database: `const postgres = postgresPerFile()` at the top of the file, then
 * `await postgres.url()` in the PostgreSQL variants (created on first call, dropped after the file).
 */
export function postgresPerFile(): { url(): Promise<string> } {
  let database: Promise<TestDatabase> | undefined;
  afterAll(async () => {
    const created = await database?.catch(() => undefined);
    await created?.drop();
  });
  return { url: async () => (await (database ??= createTestDatabase())).url };
}
