/**
 * The audit trail of the SQLite store (sqliteStore.ts): DATA_DIR/staff-audit.log, 0600, one JSON
 * line per entry. PostgreSQL keeps the same entries in its `staff_audit` table
 * (postgresStore.ts), where every host's actions meet.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { privateFile } from '../sqliteDatabase';
import type { AuditEntry } from './store';

export const AUDIT_FILE = 'staff-audit.log';

export function appendAuditFile(dataDir: string, entry: AuditEntry): void {
  const file = join(dataDir, AUDIT_FILE);
  privateFile(file);
  appendFileSync(file, `${JSON.stringify(entry)}\n`);
}

export function readAuditFile(dataDir: string): AuditEntry[] {
  const file = join(dataDir, AUDIT_FILE);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as AuditEntry);
}
