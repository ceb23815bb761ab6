/**
 * Submissions in PostgreSQL (`DATABASE_URL=postgres://…`), shared by every host of the site: an
 * answer of code 0 means the row is committed, whichever host took the POST; a case reference is
 * numbered by a counter row inside the message's transaction, unique across hosts; the audit
 * trail is the `staff_audit` table. Secure deletion is DELETE, then VACUUM of the tables outside
 * the transaction, so the dead rows are removed from the table files.
 */
import { hostname } from 'node:os';
import pg from 'pg';
import type { ApplicationForm, PatientForm } from '../../contracts/forms';
import { caseReference, caseYear } from '../caseReference';
import { migratePostgres } from '../migratePostgres';
import { SUBMISSION_TABLES, type SubmissionKind } from '../staff/exportRows';
import { national, normalisedIdentifier, type PersonRows, type Subject } from '../staff/personalData';
import { truncateAddress } from '../staff/retention';
import { pgDump } from './pgDump';
import { isAdverse, trimmed, type AuditEntry, type GivenConsent, type PurgeOutcome, type Row, type SubmissionStore } from './store';

const KINDS = Object.keys(SUBMISSION_TABLES) as SubmissionKind[];
const INT8 = 20;

/** The URL without its password, for messages and logs. */
export function describeUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

export interface PostgresStoreOptions {
  /** Connections per process (default 10). */
  max?: number;
  now?: () => Date;
  /** An idle connection that breaks (the server restarted): said, never a crash. */
  warn?: (message: string, error: Error) => void;
}

/** A pool on `url`, migrated to the newest schema under the advisory lock (migratePostgres.ts). */
export async function openPostgresStore(url: string, options: PostgresStoreOptions = {}): Promise<SubmissionStore> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 10_000,
    application_name: `site-provider@${hostname()}`,
    // COUNT(*) and the audit's ids are int8: small enough for a number, as SQLite gives them.
    types: { getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === INT8 ? Number : pg.types.getTypeParser(oid, format))) as typeof pg.types.getTypeParser },
  });
  pool.on('error', (error) => (options.warn ?? (() => {}))('an idle PostgreSQL connection failed; the pool opens another', error));
  try {
    await migratePostgres(pool, describeUrl(url));
  } catch (error) {
    await pool.end();
    throw error;
  }
  return createPostgresStore(pool, describeUrl(url), url, options.now);
}

async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    try {
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch((lost: Error) => (broken = lost));
      throw error;
    }
  } finally {
    client.release(broken);
  }
}

const cutoffOf = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

/**
 * A person's rows: e-mail compared in SQL; a phone narrowed in SQL by its last seven digits
 * (which `national` never changes), then compared as `find` compares it, by `national` itself.
 */
async function personRows(client: pg.Pool | pg.PoolClient, kind: SubmissionKind, subject: Subject, lock = ''): Promise<Row[]> {
  const value = normalisedIdentifier(subject);
  const table = SUBMISSION_TABLES[kind];
  if ('email' in subject) return (await client.query<Row>(`SELECT * FROM ${table} WHERE lower(btrim(email)) = $1 ORDER BY id ${lock}`, [value])).rows;
  const { rows } = await client.query<Row>(`SELECT * FROM ${table} WHERE right(regexp_replace(phone, '\\D', '', 'g'), 7) = right($1, 7) ORDER BY id ${lock}`, [value]);
  return rows.filter((row) => national(String(row.phone ?? '')) === value);
}

function createPostgresStore(pool: pg.Pool, where: string, url: string, now: () => Date = () => new Date()): SubmissionStore {
  return {
    kind: 'postgres',
    where,
    async saveApplication(job: { id: number; title: string }, form: ApplicationForm, consent: GivenConsent, ip: string) {
      const at = now().toISOString();
      await pool.query(
        'INSERT INTO applications (job_id, job_title, name, phone, email, client_ip, created_at, consent_version, consent_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $7)',
        [job.id, job.title, form.name.trim(), form.phone.trim(), form.email.trim(), ip, at, consent.consent],
      );
    },
    async savePatientMessage(form: PatientForm, consent: GivenConsent, ip: string) {
      const at = now();
      const f = trimmed(form);
      return inTransaction(pool, async (client) => {
        const { rows } = await client.query<{ last: number }>(
          `INSERT INTO case_reference_counters (year, last) VALUES ($1, 1)
           ON CONFLICT (year) DO UPDATE SET last = case_reference_counters.last + 1 RETURNING last`,
          [caseYear(at)],
        );
        const reference = caseReference(caseYear(at), rows[0]!.last);
        await client.query(
          `INSERT INTO patient_messages (category, medication, reason, name, phone, email, description, client_ip, created_at,
             consent_version, health_consent_version, consent_at, reference, safety_flag)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $9, $12, $13)`,
          [f.category, f.medication, f.reason, f.name, f.phone, f.email, f.description, ip, at.toISOString(), consent.consent, consent.health_consent ?? '', reference, isAdverse(form) ? 1 : 0],
        );
        return reference;
      });
    },
    async submissionsSince(kind, since) {
      return (await pool.query<Row>(`SELECT * FROM ${SUBMISSION_TABLES[kind]} WHERE created_at >= $1 ORDER BY id`, [since])).rows;
    },
    async columnsOf(kind) {
      const { rows } = await pool.query<{ name: string }>(
        'SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position',
        [SUBMISSION_TABLES[kind]],
      );
      return rows.map((row) => row.name);
    },
    purge: (days, at, dryRun) =>
      inTransaction(pool, async (client) => {
        const outcome: PurgeOutcome[] = [];
        for (const [kind, n] of Object.entries(days) as [SubmissionKind, number][]) {
          const cutoff = cutoffOf(at, n);
          const table = SUBMISSION_TABLES[kind];
          const rows = dryRun
            ? Number((await client.query<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table} WHERE created_at < $1`, [cutoff])).rows[0]?.n ?? 0)
            : ((await client.query(`DELETE FROM ${table} WHERE created_at < $1`, [cutoff])).rowCount ?? 0);
          outcome.push({ kind, cutoff, rows });
        }
        return outcome;
      }),
    /** The addresses are cut by `truncateAddress` itself, so both stores cut them alike. */
    truncateOldAddresses: (days, at) =>
      inTransaction(pool, async (client) => {
        const cutoff = cutoffOf(at, days);
        const outcome: PurgeOutcome[] = [];
        for (const kind of KINDS) {
          const table = SUBMISSION_TABLES[kind];
          const { rows } = await client.query<{ id: number; client_ip: string }>(
            `SELECT id, client_ip FROM ${table} WHERE created_at < $1 AND client_ip <> '' AND client_ip NOT LIKE '%/%' FOR UPDATE`,
            [cutoff],
          );
          if (rows.length > 0) {
            await client.query(`UPDATE ${table} SET client_ip = cut.ip FROM unnest($1::integer[], $2::text[]) AS cut(id, ip) WHERE ${table}.id = cut.id`, [
              rows.map((row) => row.id),
              rows.map((row) => truncateAddress(row.client_ip)),
            ]);
          }
          outcome.push({ kind, cutoff, rows: rows.length });
        }
        return outcome;
      }),
    async findPerson(subject) {
      const rows: PersonRows = { applications: [], patients: [] };
      for (const kind of KINDS) rows[kind] = await personRows(pool, kind, subject);
      return rows;
    },
    deletePerson: (subject) =>
      inTransaction(pool, async (client) => {
        const deleted = { applications: 0, patients: 0 };
        for (const kind of KINDS) {
          const ids = (await personRows(client, kind, subject, 'FOR UPDATE')).map((row) => row.id);
          deleted[kind] = ids.length === 0 ? 0 : ((await client.query(`DELETE FROM ${SUBMISSION_TABLES[kind]} WHERE id = ANY($1::integer[])`, [ids])).rowCount ?? 0);
        }
        return deleted;
      }),
    async eraseDeleted(kinds) {
      // VACUUM cannot run inside a transaction block: each table on its own, after the DELETE committed.
      for (const kind of new Set(kinds)) await pool.query(`VACUUM ${SUBMISSION_TABLES[kind]}`);
      return true;
    },
    backup: (file) => pgDump(url, file),
    async appendAudit(entry: AuditEntry) {
      await pool.query('INSERT INTO staff_audit (at, entry) VALUES ($1, $2)', [entry.at, JSON.stringify(entry)]);
    },
    async auditEntries(since) {
      return (await pool.query<{ entry: AuditEntry }>('SELECT entry FROM staff_audit WHERE at >= $1 ORDER BY id', [since])).rows.map((row) => row.entry);
    },
    close: () => pool.end(),
  };
}
