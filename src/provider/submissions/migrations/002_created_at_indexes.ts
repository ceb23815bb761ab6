/**
 * Submissions indexed by their time on both databases, for the retention purge and `export
 * --since` (PostgreSQL had them from its first migration, SQLite had none).
 */
import type { AnyDatabase } from '../../migrate';

export async function up(db: AnyDatabase): Promise<void> {
  for (const table of ['applications', 'patient_messages'])
    await db.schema.createIndex(`${table}_created_at`).ifNotExists().on(table).column('created_at').execute();
}
