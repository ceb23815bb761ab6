/**
 * An entry an editor took down (unpublished or deleted, in one language or in all), taken out of
 * a Strapi answer the provider keeps for outages (lastGood.ts): removed from every list it is in,
 * and null where it was the answer's one entry or a relation's. So a list or a search nobody asked
 * since the takedown answers, during a later outage, with the rest of its entries and without it.
 */
import type { StrapiEntry } from './client';
import { unchanged } from './lastGood';

export interface Takedown {
  /** Strapi's documentId: the same in every language. */
  documentId: string;
  /** The language taken down; null: every language. */
  locale: string | null;
}

const REMOVED = Symbol('removed');

/**
 * The answer's JSON value without the document, or `unchanged` when it does not name it.
 * `addressLocale` is the language the answer was asked in: an entry read with `fields` carries none.
 */
export function withoutDocument(value: unknown, { documentId, locale }: Takedown, addressLocale: string | null): unknown {
  let changed = false;
  const strip = (inner: unknown): unknown => {
    if (Array.isArray(inner)) return inner.map(strip).filter((each) => each !== REMOVED);
    if (typeof inner !== 'object' || inner === null) return inner;
    const entry = inner as StrapiEntry;
    const entryLocale = typeof entry.locale === 'string' ? entry.locale : addressLocale;
    if (entry.documentId === documentId && (locale === null || entryLocale === null || entryLocale === locale)) {
      changed = true;
      return REMOVED;
    }
    return Object.fromEntries(
      Object.entries(entry).map(([key, field]) => {
        const kept = strip(field);
        return [key, kept === REMOVED ? null : kept];
      }),
    );
  };
  const result = strip(value);
  if (!changed) return unchanged;
  return result === REMOVED ? null : result;
}
