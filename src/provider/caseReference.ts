/**
 * The case reference of a patient message, e.g. PS-2026-000123: the year, then a sequence
 * that starts again each year. The year is Beijing's (UTC+8, no daylight saving), the
 * calendar the company's safety team works in.
 */
const PREFIX = 'PS';
const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;
const DIGITS = 6;

export function caseYear(at: Date): number {
  return new Date(at.getTime() + BEIJING_OFFSET_MS).getUTCFullYear();
}

/** The GLOB pattern of a year's references (it can use the UNIQUE index on `reference`). */
export function yearPattern(year: number): string {
  return `${PREFIX}-${year}-*`;
}

/** Where the sequence starts in a reference, 1-based for SQLite's substr. */
export const SEQUENCE_START = `${PREFIX}-0000-`.length + 1;

export function caseReference(year: number, sequence: number): string {
  return `${PREFIX}-${year}-${String(sequence).padStart(DIGITS, '0')}`;
}
