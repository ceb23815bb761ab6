/**
 * Submissions (job applications, patient messages with their consents and case references), the
 * case reference counters and the daily jobs' claims; on PostgreSQL also the staff audit trail
 * and the per-visitor limits, which a SQLite host keeps in a file and in memory. The schema the
 * numbered SQL migrations had reached (SQLite 6, PostgreSQL 2), so a database they built is
 * carried over as having applied this one.
 */
import type { AnyDatabase } from '../../migrate';
import { identity, isPostgres } from '../../migrate';

export async function up(db: AnyDatabase): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('applications')
    .addColumn('id', 'integer', identity(db))
    .addColumn('job_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('client_ip', 'text', (c) => c.notNull())
    // ISO-8601 UTC text on both: it sorts as time and is exported exactly as stored.
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('consent_version', 'text')
    .addColumn('consent_at', 'text')
    // The job's title as the visitor applied for it: a later content import may give the id to another job.
    .addColumn('job_title', 'text')
    .execute();

  await db.schema
    .createTable('patient_messages')
    .addColumn('id', 'integer', identity(db))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('medication', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('client_ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('consent_version', 'text')
    .addColumn('health_consent_version', 'text')
    .addColumn('consent_at', 'text')
    // Unique as each database first had it: a column constraint in PostgreSQL, an index in SQLite.
    .addColumn('reference', 'text', (c) => (postgres ? c.unique() : c))
    .addColumn('safety_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  if (!postgres) await db.schema.createIndex('patient_messages_reference').unique().on('patient_messages').column('reference').execute();

  // The last case reference given in each (Beijing) year, moved on in the message's own
  // transaction: a number is never given twice, even after its message is deleted.
  await db.schema
    .createTable('case_reference_counters')
    .addColumn('year', 'integer', (c) => c.primaryKey())
    .addColumn('last', 'integer', (c) => c.notNull())
    .execute();

  // A daily job claims its (Beijing) day here: the process whose INSERT wins runs it.
  await db.schema
    .createTable('job_runs')
    .addColumn('job', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('failure', 'text')
    .addPrimaryKeyConstraint('job_runs_pkey', ['job', 'day'])
    .execute();
  if (!postgres) return;

  // One row per staff action from every host; `entry` is the JSON line a SQLite host's file holds.
  await db.schema
    .createTable('staff_audit')
    .addColumn('id', 'bigint', (c) => c.generatedAlwaysAsIdentity().primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('entry', 'json', (c) => c.notNull())
    .execute();

  // Per-visitor counters in rate-limiter-flexible's own layout: one allowance whichever host answers.
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expire', 'bigint')
    .execute();
}
