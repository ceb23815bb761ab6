/**
 * The moves of a SQLite store into PostgreSQL (staff/moveToPostgres.ts), on both databases: the
 * SQLite file records a move's id before it copies anything, PostgreSQL records it in the same
 * transaction as the copied rows, with what was copied (`moved`: JSON of each table's last SQLite
 * id, row count and digest, and the audit entries'). A move interrupted after PostgreSQL committed
 * is then finished, not copied twice.
 */
import type { AnyDatabase } from '../../migrate';

export async function up(db: AnyDatabase): Promise<void> {
  await db.schema
    .createTable('submission_moves')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('moved', 'text')
    .execute();
}
