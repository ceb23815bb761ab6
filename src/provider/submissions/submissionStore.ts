/**
 * The one submission store: every query written once with Kysely, run on SQLite (`sqliteStore.ts`,
 * one machine) or PostgreSQL (`postgresStore.ts`, several hosts). What the two databases truly
 * do differently comes from the `Backend` each opener passes: how a save's transaction is
 * bounded, how a person's rows are narrowed in SQL, how deleted rows are erased from the files,
 * backups, the audit trail and the visitor limits.
 */
import type { ColumnType, Expression, Generated, Kysely, SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { ApplicationForm, PatientForm } from '../../contracts/forms';
import { caseReference, caseYear } from './caseReference';
import { emailKey, national, normalisedIdentifier, type PersonRows, type Subject } from './personalData';
import { truncateAddress } from './retention';
import {
  SUBMISSION_TABLES,
  isAdverse,
  storable,
  storedConsent,
  storedForm,
  type AuditEntry,
  type GivenConsent,
  type PurgeOutcome,
  type Row,
  type StoreKind,
  type SubmissionKind,
  type SubmissionStore,
} from './store';
import type { Allowance, VisitorLimit } from '../../http/visitorLimits';

type Nullable = string | null;

/** The submission schema (migrations/) as the queries read it. */
export interface SubmissionTables {
  applications: {
    id: Generated<number>;
    job_id: number;
    name: string;
    phone: string;
    email: string;
    client_ip: string;
    created_at: string;
    consent_version: Nullable;
    consent_at: Nullable;
    job_title: Nullable;
  };
  patient_messages: {
    id: Generated<number>;
    category: string;
    medication: string;
    reason: string;
    name: string;
    phone: string;
    email: string;
    description: string;
    client_ip: string;
    created_at: string;
    consent_version: Nullable;
    health_consent_version: Nullable;
    consent_at: Nullable;
    reference: Nullable;
    safety_flag: ColumnType<number, number | undefined, number>;
  };
  case_reference_counters: { year: number; last: number };
  job_runs: { job: string; day: string; host: string; started_at: string; finished_at: Nullable; failure: Nullable };
}

export type SubmissionDb = Kysely<SubmissionTables>;

/** What differs between SQLite and PostgreSQL, given by the store's opener. */
export interface Backend {
  kind: StoreKind;
  where: string;
  db: SubmissionDb;
  now: () => Date;
  /** A save's transaction (bounded by SAVE_LIMITS on PostgreSQL): stored whole or not at all. */
  save<T>(work: (trx: SubmissionDb) => Promise<T>): Promise<T>;
  /** The rows that may be `value`'s, narrowed in SQL; `exact` decides in JavaScript, alike on both. */
  mayBePerson(subject: Subject, value: string): Expression<SqlBool>;
  /** Rows read to be changed in the same transaction are locked (PostgreSQL), or the write lock already orders them (SQLite). */
  lockRows: boolean;
  eraseDeleted(kinds: SubmissionKind[]): Promise<string[]>;
  backup(file: string): Promise<void>;
  visitorLimit(name: string, allowance: Allowance): VisitorLimit;
  appendAudit(entry: AuditEntry): Promise<void>;
  auditEntries(since: string): Promise<AuditEntry[]>;
  close(): Promise<void>;
}

const KINDS = Object.keys(SUBMISSION_TABLES) as SubmissionKind[];
const cutoffOf = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

/** Whether a row is the person's: the comparison both databases share (personalData.ts). */
const exact = (subject: Subject, value: string) => (row: Row) =>
  'email' in subject ? emailKey(String(row.email ?? '')) === value : national(String(row.phone ?? '')) === value;

export function createSubmissionStore(backend: Backend): SubmissionStore {
  const { db, now } = backend;

  /** A person's rows of one kind, oldest first; locked when read to be deleted. */
  async function personRows(from: SubmissionDb, kind: SubmissionKind, subject: Subject, lock = false): Promise<Row[]> {
    const value = normalisedIdentifier(subject);
    const rows: Row[] = await from
      .selectFrom(SUBMISSION_TABLES[kind])
      .selectAll()
      .where(backend.mayBePerson(subject, value))
      .orderBy('id')
      .$if(lock && backend.lockRows, (query) => query.forUpdate())
      .execute();
    return rows.filter(exact(subject, value));
  }

  return {
    kind: backend.kind,
    where: backend.where,
    async saveApplication(job: { id: number; title: string }, form: ApplicationForm, consent: GivenConsent, ip: string) {
      const at = now().toISOString();
      const f = storedForm(form);
      const values = { job_id: job.id, job_title: storable(job.title), name: f.name, phone: f.phone, email: f.email, client_ip: ip, created_at: at };
      await backend.save((trx) =>
        trx
          .insertInto('applications')
          .values({ ...values, consent_version: storedConsent(consent).consent, consent_at: at })
          .execute(),
      );
    },
    async savePatientMessage(form: PatientForm, consent: GivenConsent, ip: string) {
      const at = now();
      const year = caseYear(at);
      const { category, medication, reason, name, phone, email, description } = storedForm(form);
      const given = storedConsent(consent);
      return backend.save(async (trx) => {
        // The year's counter row, taken and moved on in the message's transaction: a number is
        // never given twice (not even after its message is deleted), and one not stored is given back.
        const { last } = await trx
          .insertInto('case_reference_counters')
          .values({ year, last: 1 })
          .onConflict((conflict) => conflict.column('year').doUpdateSet({ last: sql<number>`case_reference_counters.last + 1` }))
          .returning('last')
          .executeTakeFirstOrThrow();
        const reference = caseReference(year, last);
        await trx
          .insertInto('patient_messages')
          .values({
            ...{ category, medication, reason, name, phone, email, description, client_ip: ip, created_at: at.toISOString() },
            ...{ consent_version: given.consent, health_consent_version: given.health_consent, consent_at: at.toISOString() },
            ...{ reference, safety_flag: isAdverse(form) ? 1 : 0 },
          })
          .execute();
        return reference;
      });
    },
    /** One statement, so one snapshot: a row is never half written. */
    submissionsSince: (kind, since) => db.selectFrom(SUBMISSION_TABLES[kind]).selectAll().where('created_at', '>=', since).orderBy('id').execute(),
    async columnsOf(kind) {
      const tables = await db.introspection.getTables();
      return tables.find((table) => table.name === SUBMISSION_TABLES[kind])?.columns.map((column) => column.name) ?? [];
    },
    purge: (days, at, dryRun) =>
      db.transaction().execute(async (trx) => {
        const outcome: PurgeOutcome[] = [];
        for (const [kind, n] of Object.entries(days) as [SubmissionKind, number][]) {
          const cutoff = cutoffOf(at, n);
          const table = SUBMISSION_TABLES[kind];
          const rows = dryRun
            ? Number(
                (
                  await trx
                    .selectFrom(table)
                    .select((eb) => eb.fn.countAll().as('n'))
                    .where('created_at', '<', cutoff)
                    .executeTakeFirstOrThrow()
                ).n,
              )
            : Number((await trx.deleteFrom(table).where('created_at', '<', cutoff).executeTakeFirstOrThrow()).numDeletedRows);
          outcome.push({ kind, cutoff, rows });
        }
        return outcome;
      }),
    /** The addresses are cut by `truncateAddress` itself, so both databases cut them alike: one UPDATE per network. */
    truncateOldAddresses: (days, at) =>
      db.transaction().execute(async (trx) => {
        const cutoff = cutoffOf(at, days);
        const outcome: PurgeOutcome[] = [];
        for (const kind of KINDS) {
          const table = SUBMISSION_TABLES[kind];
          const rows = await trx
            .selectFrom(table)
            .select(['id', 'client_ip'])
            .where('created_at', '<', cutoff)
            .where('client_ip', '<>', '')
            .where('client_ip', 'not like', '%/%')
            .$if(backend.lockRows, (query) => query.forUpdate())
            .execute();
          const byNetwork = new Map<string, number[]>();
          for (const row of rows) byNetwork.set(truncateAddress(row.client_ip), [...(byNetwork.get(truncateAddress(row.client_ip)) ?? []), row.id]);
          for (const [network, ids] of byNetwork) await trx.updateTable(table).set({ client_ip: network }).where('id', 'in', ids).execute();
          outcome.push({ kind, cutoff, rows: rows.length });
        }
        return outcome;
      }),
    async findPerson(subject) {
      const rows: PersonRows = { applications: [], patients: [] };
      for (const kind of KINDS) rows[kind] = await personRows(db, kind, subject);
      return rows;
    },
    deletePerson: (subject) =>
      db.transaction().execute(async (trx) => {
        const deleted = { applications: 0, patients: 0 };
        for (const kind of KINDS) {
          const ids = (await personRows(trx, kind, subject, true)).map((row) => row.id as number);
          if (ids.length > 0)
            deleted[kind] = Number((await trx.deleteFrom(SUBMISSION_TABLES[kind]).where('id', 'in', ids).executeTakeFirstOrThrow()).numDeletedRows);
        }
        return deleted;
      }),
    eraseDeleted: (kinds) => backend.eraseDeleted(kinds),
    async claimDailyJob(job, day, host, at) {
      const claimed = await db
        .insertInto('job_runs')
        .values({ job, day, host, started_at: at })
        .onConflict((conflict) => conflict.columns(['job', 'day']).doNothing())
        .executeTakeFirstOrThrow();
      return Number(claimed.numInsertedOrUpdatedRows) === 1;
    },
    async finishDailyJob(job, day, at, failure) {
      await db.updateTable('job_runs').set({ finished_at: at, failure }).where('job', '=', job).where('day', '=', day).execute();
    },
    backup: (file) => backend.backup(file),
    visitorLimit: (name, allowance) => backend.visitorLimit(name, allowance),
    appendAudit: (entry) => backend.appendAudit(entry),
    auditEntries: (since) => backend.auditEntries(since),
    close: () => backend.close(),
  };
}
