/** Submissions of one kind since a date, as CSV (UTF-8 with BOM, formula cells made inert) or JSON. */
import type Database from 'better-sqlite3';
import { stringify } from 'csv-stringify/sync';

export const SUBMISSION_TABLES = { applications: 'applications', patients: 'patient_messages' } as const;
export type SubmissionKind = keyof typeof SUBMISSION_TABLES;

/** A spreadsheet runs a cell starting with one of these as a formula; a leading quote keeps it text. */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralise(value: unknown): unknown {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

/** One SELECT: SQLite reads it from one snapshot, so a row is never half written. */
export function submissionsSince(db: Database.Database, kind: SubmissionKind, since: string): Record<string, unknown>[] {
  return db.prepare(`SELECT * FROM ${SUBMISSION_TABLES[kind]} WHERE created_at >= ? ORDER BY id`).all(since) as Record<string, unknown>[];
}

export function columnsOf(db: Database.Database, kind: SubmissionKind): string[] {
  return (db.prepare(`PRAGMA table_info(${SUBMISSION_TABLES[kind]})`).all() as { name: string }[]).map((c) => c.name);
}

export function toCsv(columns: string[], rows: Record<string, unknown>[]): string {
  const safe = rows.map((row) => Object.fromEntries(columns.map((c) => [c, neutralise(row[c])])));
  return stringify(safe, { header: true, columns, bom: true, record_delimiter: '\r\n' });
}

export function toJson(rows: Record<string, unknown>[]): string {
  return `${JSON.stringify(rows, null, 2)}\n`;
}
