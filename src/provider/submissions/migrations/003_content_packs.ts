/**
 * The content pack every host serves, on PostgreSQL (content/sharedPack.ts): `npm run
 * content:import` adds a row, each host imports the newest into its own SQLite copy. Older rows
 * stay as the history of imports (who, when, which files). A SQLite store is one host's: it has no
 * pack to share.
 */
import { sql } from 'kysely';
import { isPostgres, type AnyDatabase } from '../../migrate';

export async function up(db: AnyDatabase): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema
    .createTable('content_packs')
    .addColumn('id', 'bigint', (c) => c.generatedAlwaysAsIdentity().primaryKey())
    .addColumn('digest', 'text', (c) => c.notNull())
    .addColumn('files', 'jsonb', (c) => c.notNull())
    .addColumn('imported_by', 'text', (c) => c.notNull())
    .addColumn('imported_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}
