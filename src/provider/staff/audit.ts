/**
 * The staff tools' audit trail: one entry per action, who ran it, on which host, when, and what
 * it touched, kept by the store (`appendAudit`: DATA_DIR/staff-audit.log with SQLite, see
 * submissions/auditFile.ts; the `staff_audit` table with PostgreSQL, where every host's actions
 * meet). A person is named by an HMAC-SHA-256, with a secret key, of the e-mail address or phone number asked about as `find` compares it (see
 * `personalData.ts`), so the log proves a request was answered without keeping the data it
 * deleted: one person has one hash however the number was typed, and without the key an
 * 11-digit phone number cannot be found again by trying every number.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { hostname, userInfo } from 'node:os';
import { join } from 'node:path';
import { PRIVATE_FILE_MODE } from '../sqliteDatabase';
import type { AuditEntry } from '../submissions/store';
import { normalisedIdentifier, type Subject } from '../submissions/personalData';

/** The key when STAFF_AUDIT_KEY is unset: made on first use, 0600, beside the log. */
export const AUDIT_KEY_FILE = 'staff-audit.key';
const SHORTEST_KEY = 32;

/**
 * STAFF_AUDIT_KEY, else DATA_DIR/staff-audit.key (created with a random key on first use).
 * Hosts sharing a PostgreSQL database need the same STAFF_AUDIT_KEY, so one person has one hash
 * whichever host answered them (the staff tools refuse to name a person there without it).
 */
export function auditKey(dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.STAFF_AUDIT_KEY;
  if (configured !== undefined && configured !== '') {
    if (configured.length < SHORTEST_KEY) throw new RangeError(`STAFF_AUDIT_KEY must be at least ${SHORTEST_KEY} characters (e.g. openssl rand -hex 32).`);
    return configured;
  }
  const file = join(dataDir, AUDIT_KEY_FILE);
  try {
    writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = readFileSync(file, 'utf8').trim();
  if (key.length < SHORTEST_KEY)
    throw new RangeError(`${file} holds no usable key (at least ${SHORTEST_KEY} characters); restore it from a backup or set STAFF_AUDIT_KEY.`);
  return key;
}

export function subjectHash(dataDir: string, subject: Subject, env: NodeJS.ProcessEnv = process.env): string {
  return `hmac-sha256:${createHmac('sha256', auditKey(dataDir, env)).update(normalisedIdentifier(subject)).digest('hex')}`;
}

export function auditEntry(action: string, details: Record<string, unknown>, at = new Date()): AuditEntry {
  return { at: at.toISOString(), by: userInfo().username, host: hostname(), action, ...details };
}
