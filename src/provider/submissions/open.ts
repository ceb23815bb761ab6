/** The submission store the provider and the staff tools use: PostgreSQL when DATABASE_URL names one, else the SQLite file. */
import type { ProviderDatabase } from '../database';
import { openPostgresStore, type PostgresStoreOptions } from './postgresStore';
import { createSqliteStore } from './sqliteStore';
import { isPostgresUrl, type SubmissionStore } from './store';

export async function openSubmissionStore(databaseUrl: string | undefined, db: ProviderDatabase, options: PostgresStoreOptions = {}): Promise<SubmissionStore> {
  return isPostgresUrl(databaseUrl) ? openPostgresStore(databaseUrl, options) : createSqliteStore(db, { now: options.now });
}
