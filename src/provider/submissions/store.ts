/**
 * Where the provider keeps submissions (job applications, patient messages with their consents
 * and case references) and the staff tools' audit trail: SQLite beside the content
 * (`sqliteStore.ts`, one machine), or PostgreSQL when `DATABASE_URL` names one
 * (`postgresStore.ts`, several hosts sharing it). The routes, the daily retention and the staff
 * tools reach either only through this interface, so one set of tests runs against both.
 */
import type { ApplicationForm, PatientForm } from '../../contracts/forms';
import type { SubmissionKind } from '../staff/exportRows';
import type { PersonRows, Subject } from '../staff/personalData';

export type StoreKind = 'sqlite' | 'postgres';

/** The notice versions a visitor agreed to, as sent. */
export interface GivenConsent {
  consent: string;
  health_consent?: string;
}

/** One line of the audit trail: who did what, when, on which host; a person only as a keyed hash. */
export interface AuditEntry {
  at: string;
  by: string;
  host: string;
  action: string;
  [detail: string]: unknown;
}

export type Row = Record<string, unknown>;

export interface PurgeOutcome {
  kind: SubmissionKind;
  cutoff: string;
  rows: number;
}

export interface SubmissionStore {
  readonly kind: StoreKind;
  /** The SQLite file, or the PostgreSQL database without its password: for messages. */
  readonly where: string;
  /** One transaction: stored whole or not at all. */
  saveApplication(job: { id: number; title: string }, form: ApplicationForm, consent: GivenConsent, ip: string): Promise<void>;
  /** Numbers the message and stores it in one transaction; returns its case reference. */
  savePatientMessage(form: PatientForm, consent: GivenConsent, ip: string): Promise<string>;
  /** One statement, so one snapshot: a row is never half written. */
  submissionsSince(kind: SubmissionKind, since: string): Promise<Row[]>;
  columnsOf(kind: SubmissionKind): Promise<string[]>;
  /** Rows of each kind stored before its cutoff, deleted unless `dryRun`; one transaction for all kinds. */
  purge(days: Partial<Record<SubmissionKind, number>>, now: Date, dryRun: boolean): Promise<PurgeOutcome[]>;
  /** `client_ip` of rows older than `days` cut to its network (`truncateAddress`). */
  truncateOldAddresses(days: number, now: Date): Promise<PurgeOutcome[]>;
  findPerson(subject: Subject): Promise<PersonRows>;
  /** Deletes what findPerson finds, in one transaction. */
  deletePerson(subject: Subject): Promise<Record<SubmissionKind, number>>;
  /**
   * The second half of a secure deletion, after the transaction: SQLite copies the WAL back and
   * truncates it; PostgreSQL runs VACUUM on the tables. False when it could not finish (a reader
   * held SQLite's WAL): run again when the site is quiet.
   */
  eraseDeleted(kinds: SubmissionKind[]): Promise<boolean>;
  /** A consistent copy while submissions arrive, into `file` (already created, 0600). */
  backup(file: string): Promise<void>;
  appendAudit(entry: AuditEntry): Promise<void>;
  auditEntries(since: string): Promise<AuditEntry[]>;
  close(): Promise<void>;
}

/** A problem the operator can fix, said in a sentence (the staff tools print it without a stack). */
export class OperatorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OperatorError';
  }
}

/** Every field as stored: trimmed. */
export const trimmed = (form: PatientForm): PatientForm => Object.fromEntries(Object.entries(form).map(([k, v]) => [k, v.trim()])) as PatientForm;

/** Adverse-reaction messages are flagged for the safety team. */
export const isAdverse = (form: PatientForm) => form.category.trim() === 'adverse';

/** PostgreSQL when DATABASE_URL is a postgres:// or postgresql:// URL; anything else keeps SQLite. */
export function isPostgresUrl(url: string | undefined): url is string {
  return url !== undefined && /^postgres(?:ql)?:\/\//i.test(url);
}
