/**
 * A person's request about their data (PIPL: access, copy, correction, deletion): every
 * submission that carries their e-mail address or phone number, in both tables.
 */
import type Database from 'better-sqlite3';
import { SUBMISSION_TABLES, type SubmissionKind } from './exportRows';

export type Subject = { email: string } | { phone: string };

/**
 * Phone numbers are compared by their digits; a number given without its country code (1–3
 * digits) matches one stored with it ("13800000000" finds "+86 138 0000 0000").
 */
const digits = (value: string) => value.replace(/\D/g, '');
const SHORTEST_PHONE = 7;

function condition(db: Database.Database, subject: Subject): { where: string; value: string } {
  if ('email' in subject) return { where: 'lower(trim(email)) = @value', value: subject.email.trim().toLowerCase() };
  db.function('phone_digits', { deterministic: true }, (phone: unknown) => digits(String(phone ?? '')));
  const value = digits(subject.phone);
  if (value.length < SHORTEST_PHONE) throw new RangeError(`--phone needs at least ${SHORTEST_PHONE} digits, got "${subject.phone}"`);
  const stored = 'phone_digits(phone)';
  return { where: `(${stored} = @value OR (length(${stored}) - length(@value) BETWEEN 1 AND 3 AND substr(${stored}, -length(@value)) = @value))`, value };
}

export type PersonRows = Record<SubmissionKind, Record<string, unknown>[]>;

export function findPerson(db: Database.Database, subject: Subject): PersonRows {
  const { where, value } = condition(db, subject);
  const rows = (kind: SubmissionKind) => db.prepare(`SELECT * FROM ${SUBMISSION_TABLES[kind]} WHERE ${where} ORDER BY id`).all({ value }) as Record<string, unknown>[];
  return { applications: rows('applications'), patients: rows('patients') };
}

/** Deletes what findPerson finds, in one transaction; returns how many rows of each kind. */
export function deletePerson(db: Database.Database, subject: Subject): Record<SubmissionKind, number> {
  const { where, value } = condition(db, subject);
  return db.transaction(() => ({
    applications: db.prepare(`DELETE FROM ${SUBMISSION_TABLES.applications} WHERE ${where}`).run({ value }).changes,
    patients: db.prepare(`DELETE FROM ${SUBMISSION_TABLES.patients} WHERE ${where}`).run({ value }).changes,
  }))();
}
