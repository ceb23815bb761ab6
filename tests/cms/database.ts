/**
 * The database of the Strapi a cms test file starts: its own SQLite file by default, or, with
 * CMS_TEST_DATABASE=postgres (the second run of `npm run test:cms`), a PostgreSQL database of its
 * own, made before the file and dropped after it (src/provider/submissions/postgres.testing.ts). Every
 * Strapi a file starts reads DATABASE_CLIENT and CMS_DATABASE_URL from the environment it inherits.
 */
import { join } from 'node:path';
import Database from '../../src/provider/sqliteDriver';
import { createTestDatabase, queryTestDatabase, type TestDatabase } from '../../src/provider/submissions/postgres.testing';

export const CMS_ON_POSTGRES = process.env.CMS_TEST_DATABASE === 'postgres';

let database: TestDatabase | null = null;

function adopt(made: TestDatabase) {
  database = made;
  process.env.DATABASE_CLIENT = 'postgres';
  process.env.CMS_DATABASE_URL = made.url;
}

/** Called once per file (setupCmsDatabase.ts): a fresh PostgreSQL database when asked. */
export async function useFreshCmsDatabase() {
  if (CMS_ON_POSTGRES) adopt(await createTestDatabase());
}

/** On PostgreSQL, this file's database becomes a copy of `template` (the run's seeded Strapi). */
export async function takeCopyOfCmsDatabase(template: string) {
  await dropCmsDatabase();
  adopt(await createTestDatabase(template));
}

export async function dropCmsDatabase() {
  await database?.drop();
  database = null;
}

/** Rows of a query on the database of the Strapi whose SQLite folder is `dataDir` (or on this file's PostgreSQL). */
export async function cmsRows<T = Record<string, unknown>>(dataDir: string, sql: string, params: unknown[] = []): Promise<T[]> {
  if (database) return queryTestDatabase<T>(database.url, sql, params);
  const db = new Database(join(dataDir, 'data.db'));
  try {
    return (sql.trimStart().toUpperCase().startsWith('SELECT') ? db.prepare(sql).all(...params) : (db.prepare(sql).run(...params), [])) as T[];
  } finally {
    db.close();
  }
}

/** The names of Strapi's tables. */
export async function cmsTables(dataDir: string): Promise<string[]> {
  const sql = database
    ? "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'"
    : "SELECT name FROM sqlite_master WHERE type = 'table'";
  return (await cmsRows<{ name: string }>(dataDir, sql)).map(({ name }) => name);
}
