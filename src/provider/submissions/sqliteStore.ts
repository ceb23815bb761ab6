/**
 * Submissions in the provider's SQLite file, beside the content (one machine): the one store's
 * queries (submissionStore.ts) over Kysely's SqliteDialect on the provider's connection.
 * synchronous=FULL (../sqliteDatabase.ts) makes a row durable before the answer; deleted rows are
 * overwritten (secure_delete) and the WAL emptied after a deletion. The audit trail is
 * DATA_DIR/staff-audit.log (auditFile.ts).
 */
import { dirname } from 'node:path';
import { sql } from 'kysely';
import type { ProviderDatabase } from '../sqliteDatabase';
import { sqliteKysely } from '../schema';
import { appendAuditFile, readAuditFile } from './auditFile';
import { emailKey, national } from './personalData';
import { eraseFromWal } from './retention';
import { memoryLimit } from '../../http/visitorLimits';
import { createSubmissionStore, type SubmissionDb } from './submissionStore';
import type { SubmissionStore } from './store';

export interface SqliteStoreOptions {
  /** Where the audit trail is kept (default: the database file's folder, DATA_DIR). */
  dataDir?: string;
  /** The clock of stored times and case references (tests move it across a new year). */
  now?: () => Date;
}

export function createSqliteStore(db: ProviderDatabase, { dataDir = dirname(db.name), now = () => new Date() }: SqliteStoreOptions = {}): SubmissionStore {
  // SQLite has no regular expressions: a person is compared in SQL by JavaScript's own functions.
  db.function('email_key', { deterministic: true }, (email: unknown) => emailKey(String(email ?? '')));
  db.function('phone_national', { deterministic: true }, (phone: unknown) => national(String(phone ?? '')));
  const kysely = sqliteKysely(db) as SubmissionDb;
  return createSubmissionStore({
    kind: 'sqlite',
    where: db.name,
    db: kysely,
    now,
    // One connection, and SQLite's write lock orders the processes on the file.
    save: (work) => kysely.transaction().execute(work),
    mayBePerson: (subject, value) => ('email' in subject ? sql<boolean>`email_key(email) = ${value}` : sql<boolean>`phone_national(phone) = ${value}`),
    lockRows: false,
    eraseDeleted: async () => eraseFromWal(db),
    backup: async (file) => void (await db.backup(file)),
    // One machine: the process's own memory, as the only process answering.
    visitorLimit: memoryLimit,
    // Under the file's write lock, which a move to PostgreSQL holds from its read of the log to
    // setting it aside: an entry is never appended in between and left behind unmoved.
    appendAudit: async (entry) => db.transaction(() => appendAuditFile(dataDir, entry)).immediate(),
    auditEntries: async (since) => readAuditFile(dataDir).filter((entry) => entry.at >= since),
    // The database is the content's too: whoever opened it closes it.
    close: async () => {},
  });
}
