/** Submissions of one kind since a date, as CSV (UTF-8 with BOM, formula cells made inert) or JSON. */
import { stringify } from 'csv-stringify/sync';
import { inertKeepingLines } from './inert';

/**
 * Every field quoted, so a line break in a value never starts a row of its own; a cell that
 * begins with `=`, `+`, `-`, `@` (or their full-width forms `＝＋－＠`), a tab or a carriage
 * return gets a leading `'` (csv-stringify's `escape_formulas`), so a spreadsheet shows it as
 * text and never runs it. Control and bidi characters other than line breaks and tabs are
 * written as `\u001b` (`inert.ts`), so the file is safe to print too.
 */
export function toCsv(columns: string[], rows: Record<string, unknown>[]): string {
  const safe = rows.map((row) => Object.fromEntries(columns.map((c) => [c, typeof row[c] === 'string' ? inertKeepingLines(row[c]) : row[c]])));
  return stringify(safe, { header: true, columns, bom: true, record_delimiter: '\r\n', quoted: true, quoted_empty: true, escape_formulas: true });
}

/** JSON escapes C0 controls itself; C1 and bidi controls are escaped the same way (JSON reads them back as they were). */
export function toJson(rows: Record<string, unknown>[]): string {
  return inertKeepingLines(`${JSON.stringify(rows, null, 2)}\n`);
}
