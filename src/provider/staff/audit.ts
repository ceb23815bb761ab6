/**
 * The staff tools' audit trail, DATA_DIR/staff-audit.log (0600): one JSON line per action,
 * who ran it, when, and what it touched. A person is named by a hash of the e-mail address or
 * phone number asked about, so the log proves a request was answered without keeping the data
 * it deleted (hash the address again to find its lines).
 */
import { createHash } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { privateFile } from '../database';

export const AUDIT_FILE = 'staff-audit.log';

export function subjectHash(identifier: string): string {
  return `sha256:${createHash('sha256').update(identifier.trim().toLowerCase()).digest('hex')}`;
}

export function audit(dataDir: string, action: string, details: Record<string, unknown>): void {
  const file = join(dataDir, AUDIT_FILE);
  privateFile(file);
  appendFileSync(file, `${JSON.stringify({ at: new Date().toISOString(), by: userInfo().username, action, ...details })}\n`);
}
