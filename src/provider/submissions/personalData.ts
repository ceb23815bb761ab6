/**
 * A person's request about their data (PIPL: access, copy, correction, deletion): every
 * submission that carries their e-mail address or phone number, in both tables, compared as
 * here on both databases (the store's findPerson and deletePerson, submissionStore.ts).
 */
import type { SubmissionKind } from './store';

export type Subject = { email: string } | { phone: string };

/**
 * Phone numbers are compared as national numbers: digits only, and a mainland mobile's country
 * code (86, 0086) taken off either side, so "+86 138 0000 0000" and "13800000000" are one person
 * and an 8-digit landline never matches the end of a stranger's mobile; a landline after the
 * country code gets its trunk 0 back ("+86 10 1234 5678" is "010-12345678").
 */
export const national = (value: string) =>
  value
    .replace(/\D/g, '')
    .replace(/^(?:00)?86(?=1\d{10}$)/, '')
    .replace(/^(?:00)?86(?=[2-9]\d{8,10}$|10\d{8}$)/, '0');
const SHORTEST_PHONE = 7;

/**
 * An e-mail address as it is compared: trimmed and lower-cased by JavaScript on both stores.
 * SQLite's lower() folds ASCII only, PostgreSQL's follows the column's collation ("C" folds ASCII
 * only too): left to SQL, JÖRG@x.de would be found on one store and missed on the other.
 */
export const emailKey = (value: string) => value.trim().toLowerCase();

/**
 * The e-mail address (trimmed, lower-cased) or phone number (its national digits) as submissions
 * are compared with it: one person, one identifier, however it was typed. The audit log's hash
 * is made from it.
 */
export function normalisedIdentifier(subject: Subject): string {
  if ('email' in subject) {
    const value = emailKey(subject.email);
    // Reports without an e-mail store '': a blank address would be everyone who left it out.
    if (!value.includes('@')) throw new RangeError(`--email needs an address, got "${subject.email}"`);
    return value;
  }
  const value = national(subject.phone);
  if (value.length < SHORTEST_PHONE) throw new RangeError(`--phone needs at least ${SHORTEST_PHONE} digits, got "${subject.phone}"`);
  return value;
}

export type PersonRows = Record<SubmissionKind, Record<string, unknown>[]>;
