/** The provider's submission store: PostgreSQL when DATABASE_URL is set (it must name one), else the SQLite file. */
import type { ProviderDatabase } from '../sqliteDatabase';
import { openPostgresStore, type PostgresStoreOptions } from './postgresStore';
import { createSqliteStore } from './sqliteStore';
import { postgresUrlFrom, type SubmissionStore } from './store';

export async function openSubmissionStore(databaseUrl: string | undefined, db: ProviderDatabase, options: PostgresStoreOptions = {}): Promise<SubmissionStore> {
  const url = postgresUrlFrom(databaseUrl);
  return url ? openPostgresStore(url, options) : createSqliteStore(db, { now: options.now });
}
