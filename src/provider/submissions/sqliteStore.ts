/**
 * Submissions in the provider's SQLite file, beside the content (one machine): synchronous
 * better-sqlite3 statements behind the async store interface. synchronous=FULL (database.ts)
 * makes a row durable before the answer; deleted rows are overwritten (secure_delete) and the
 * WAL emptied after a deletion. The audit trail is DATA_DIR/staff-audit.log.
 */
import { dirname } from 'node:path';
import type { ApplicationForm, PatientForm } from '../../contracts/forms';
import { caseReference, caseYear } from '../caseReference';
import type { ProviderDatabase } from '../database';
import { appendAuditFile, readAuditFile } from '../staff/audit';
import { columnsOf, submissionsSince } from '../staff/exportRows';
import { deletePerson, findPerson } from '../staff/personalData';
import { eraseFromWal, purge, truncateOldAddresses } from '../staff/retention';
import { memoryLimit } from '../../http/visitorLimits';
import { CLAIM_DAILY_JOB, FINISH_DAILY_JOB, NEXT_CASE_SEQUENCE, SQLITE_PARAM } from './sharedSql';
import { isAdverse, storable, storedConsent, storedForm, type GivenConsent, type SubmissionStore } from './store';

export interface SqliteStoreOptions {
  /** Where the audit trail is kept (default: the database file's folder, DATA_DIR). */
  dataDir?: string;
  /** The clock of stored times and case references (tests move it across a new year). */
  now?: () => Date;
}

export function createSqliteStore(db: ProviderDatabase, { dataDir = dirname(db.name), now = () => new Date() }: SqliteStoreOptions = {}): SubmissionStore {
  const insertApplication = db.prepare(
    'INSERT INTO applications (job_id, job_title, name, phone, email, client_ip, created_at, consent_version, consent_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertPatient = db.prepare(
    `INSERT INTO patient_messages (category, medication, reason, name, phone, email, description, client_ip, created_at,
       consent_version, health_consent_version, consent_at, reference, safety_flag)
     VALUES (@category, @medication, @reason, @name, @phone, @email, @description, @ip, @at, @consent, @health, @at, @reference, @safety)`,
  );
  const claimJob = db.prepare(CLAIM_DAILY_JOB(SQLITE_PARAM));
  const finishJob = db.prepare(FINISH_DAILY_JOB(SQLITE_PARAM));
  const nextSequence = db.prepare<[number], { last: number }>(NEXT_CASE_SEQUENCE(SQLITE_PARAM));
  /** Numbering and insert in one write transaction: one process at a time, so two messages never share a reference. */
  const addPatientMessage = db.transaction((row: Record<string, string | number>, year: number) => {
    const reference = caseReference(year, nextSequence.get(year)!.last);
    insertPatient.run({ ...row, reference });
    return reference;
  });

  return {
    kind: 'sqlite',
    where: db.name,
    async saveApplication(job: { id: number; title: string }, form: ApplicationForm, consent: GivenConsent, ip: string) {
      const at = now().toISOString();
      const f = storedForm(form);
      insertApplication.run(job.id, storable(job.title), f.name, f.phone, f.email, ip, at, storedConsent(consent).consent, at);
    },
    async savePatientMessage(form: PatientForm, consent: GivenConsent, ip: string) {
      const at = now();
      const given = storedConsent(consent);
      const row = { ...storedForm(form), ip, at: at.toISOString(), consent: given.consent, health: given.health_consent, safety: isAdverse(form) ? 1 : 0 };
      return addPatientMessage.immediate(row, caseYear(at));
    },
    submissionsSince: async (kind, since) => submissionsSince(db, kind, since),
    columnsOf: async (kind) => columnsOf(db, kind),
    purge: async (days, at, dryRun) => purge(db, days, at, dryRun),
    truncateOldAddresses: async (days, at) => truncateOldAddresses(db, days, at),
    findPerson: async (subject) => findPerson(db, subject),
    deletePerson: async (subject) => deletePerson(db, subject),
    eraseDeleted: async () => eraseFromWal(db),
    claimDailyJob: async (job, day, host, at) => claimJob.run(job, day, host, at).changes === 1,
    finishDailyJob: async (job, day, at, failure) => void finishJob.run(at, failure, job, day),
    backup: async (file) => void (await db.backup(file)),
    // One machine: the process's own memory, as the only process answering.
    visitorLimit: memoryLimit,
    appendAudit: async (entry) => appendAuditFile(dataDir, entry),
    auditEntries: async (since) => readAuditFile(dataDir).filter((entry) => entry.at >= since),
    // The database is the content's too: whoever opened it closes it.
    close: async () => {},
  };
}
