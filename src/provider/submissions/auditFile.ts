/**
 * The audit trail of the SQLite store (sqliteStore.ts): DATA_DIR/staff-audit.log, 0600, one JSON
 * line per entry. PostgreSQL keeps the same entries in its `staff_audit` table
 * (postgresStore.ts), where every host's actions meet.
 */
import { appendFileSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { privateFile } from '../sqliteDatabase';
import type { AuditEntry } from './store';

export const AUDIT_FILE = 'staff-audit.log';

export function appendAuditFile(dataDir: string, entry: AuditEntry): void {
  const file = join(dataDir, AUDIT_FILE);
  privateFile(file);
  appendFileSync(file, `${JSON.stringify(entry)}\n`);
}

/** The entries of `name` in `dataDir` (the audit log, or a part of it moved aside), oldest first. */
export function readAuditFile(dataDir: string, name = AUDIT_FILE): AuditEntry[] {
  return auditLines(join(dataDir, name)).map((line) => JSON.parse(line) as AuditEntry);
}

const auditLines = (file: string): string[] =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line.trim())
    : [];

/** `lines` written whole into `file` (0600) or not at all: a process that dies leaves the file as it was. */
function replaceFile(file: string, lines: string[]): void {
  const next = `${file}.next`;
  writeFileSync(next, lines.map((line) => `${line}\n`).join(''), { mode: 0o600 });
  renameSync(next, file);
}

/**
 * The audit log's first `count` entries moved into DATA_DIR/`aside`; the entries after them, if
 * any, stay in the log. Each file is replaced whole, the part set aside first: a process that dies
 * in between leaves them in the log and in `aside`, which a caller tells apart by their digests.
 */
export function setAuditAside(dataDir: string, count: number, aside: string): void {
  if (count === 0) return;
  const file = join(dataDir, AUDIT_FILE);
  const lines = auditLines(file);
  if (lines.length === count) {
    if (existsSync(file)) renameSync(file, join(dataDir, aside));
    return;
  }
  replaceFile(join(dataDir, aside), lines.slice(0, count));
  replaceFile(file, lines.slice(count));
}
