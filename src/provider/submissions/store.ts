/**
 * Where the provider keeps submissions (job applications, patient messages with their consents
 * and case references) and the staff tools' audit trail: SQLite beside the content
 * (`sqliteStore.ts`, one machine), or PostgreSQL when `DATABASE_URL` names one
 * (`postgresStore.ts`, several hosts sharing it). The routes, the daily retention and the staff
 * tools reach either only through this interface, so one set of tests runs against both.
 */
import type { ApplicationForm, PatientForm } from '../../contracts/forms';
import type { PersonRows, Subject } from './personalData';
import type { Allowance, VisitorLimit } from '../../http/visitorLimits';
import { storable } from '../../contracts/forms';

export type StoreKind = 'sqlite' | 'postgres';

/** The two kinds of submission, by their tables. */
export const SUBMISSION_TABLES = { applications: 'applications', patients: 'patient_messages' } as const;
export type SubmissionKind = keyof typeof SUBMISSION_TABLES;

/**
 * The VACUUM that frees what deletions from `tables` left, as the tools run it and as an operator
 * runs it by hand when they could not (running the command again deletes nothing, so vacuums
 * nothing). INDEX_CLEANUP ON: since PostgreSQL 14 VACUUM may otherwise leave the index entries of
 * a few dead rows.
 */
export const vacuumStatement = (tables: string[]) => `VACUUM (VERBOSE, INDEX_CLEANUP ON) ${tables.join(', ')}`;

/** What to do by hand when erasing the deletions of `kinds` failed: the VACUUM, in psql, as the owner. */
export const vacuumByHand = (kinds: SubmissionKind[]) =>
  `When the database is quiet, run in psql, as the tables' owner: ${vacuumStatement([...new Set(kinds)].map((kind) => SUBMISSION_TABLES[kind]))};`;

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
   * truncates it; PostgreSQL runs VACUUM on the tables. Says what it could not guarantee (a
   * reader held SQLite's WAL; VACUUM skipped a table it does not own, or left rows an open
   * transaction such as a pg_dump still sees), one sentence each; none: erased.
   */
  eraseDeleted(kinds: SubmissionKind[]): Promise<string[]>;
  /** Claims a daily job's day for `host`; false when another process of the site has it. */
  claimDailyJob(job: string, day: string, host: string, at: string): Promise<boolean>;
  /** Records the end of a claimed run, and its failure if any. */
  finishDailyJob(job: string, day: string, at: string, failure: string | null): Promise<void>;
  /** A consistent copy while submissions arrive, into `file` (already created, 0600). */
  backup(file: string): Promise<void>;
  /** A per-visitor allowance counted where the submissions are (visitorLimits.ts): shared by every host on PostgreSQL. */
  visitorLimit(name: string, allowance: Allowance): VisitorLimit;
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

/** Text as either database stores it (`storable`, shared with the forms' validation). */
export { storable };

/** Every field as stored: cleaned (`storable`) and trimmed. */
export const storedForm = <F extends ApplicationForm | PatientForm>(form: F): F =>
  Object.fromEntries(Object.entries(form).map(([k, v]) => [k, storable(v).trim()])) as F;

/** The consents as stored, cleaned like the fields. */
export const storedConsent = (consent: GivenConsent): Required<GivenConsent> => ({
  consent: storable(consent.consent),
  health_consent: storable(consent.health_consent ?? ''),
});

/** Adverse-reaction messages are flagged for the safety team. */
export const isAdverse = (form: PatientForm) => form.category.trim() === 'adverse';

/**
 * The PostgreSQL database DATABASE_URL names, or undefined (unset or empty) for SQLite. Anything
 * else is refused rather than replaced by SQLite in silence: a typo would otherwise keep each
 * host's submissions on that host. The value is never repeated, as it may hold a password.
 */
export function postgresUrlFrom(url: string | undefined): string | undefined {
  if (url === undefined || url.trim() === '') return undefined;
  if (!/^postgres(?:ql)?:\/\//i.test(url)) {
    throw new OperatorError(
      'DATABASE_URL names no PostgreSQL database: it must start with postgres:// or postgresql://. Unset it to keep submissions in SQLite.',
    );
  }
  if (!parsedPostgresUrl(url)) throw new OperatorError(NOT_A_VALID_URL);
  return url;
}

const NOT_A_VALID_URL = 'DATABASE_URL is not a valid URL: percent-encode #, @, /, ? and % in the user name and password (# as %23, % as %25).';

/**
 * `url` parsed, or undefined when it does not parse or an unencoded #, / or ? in its password
 * split it: `postgres://app:2024#Spring@db/site` parses as host app, port 2024, and the rest of
 * the password would end up in the fragment, the database name or the parameters. An unencoded %
 * (`app:50%off@db`) parses too, but the driver and pg_dump cannot decode it (URIError).
 */
export function parsedPostgresUrl(url: string): URL | undefined {
  if (!URL.canParse(url) || url.includes('#')) return undefined;
  const parsed = new URL(url);
  if (parsed.pathname.includes('@') || parsed.search.includes('@')) return undefined;
  return [parsed.username, parsed.password, parsed.pathname].every(decodable) ? parsed : undefined;
}

const decodable = (text: string): boolean => {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
};
