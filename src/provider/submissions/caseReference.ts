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

/** The Beijing calendar day of `at`, YYYY-MM-DD: the day a daily job claims. */
export function beijingDay(at: Date): string {
  return new Date(at.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 10);
}

export function caseReference(year: number, sequence: number): string {
  return `${PREFIX}-${year}-${String(sequence).padStart(DIGITS, '0')}`;
}
