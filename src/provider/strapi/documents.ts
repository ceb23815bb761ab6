/** Published documents of one content type in one language, read through the Strapi client. */
import type { Locale } from '../../contracts/locale';
import type { QueryObject, StrapiClient, StrapiEntry } from './client';
import { readEntry, type EntryReader } from './fields';

/** Strapi's own page size limit (cms/config/api.js). */
const MAX_PAGE_SIZE = 100;

export interface CollectionQuery {
  filters?: QueryObject;
  sort?: string[];
  populate?: QueryObject;
  page?: number;
  pageSize?: number;
}

/** A scene component's pictures: what most page components need populated. */
export const PICTURES = { populate: { pic: true, over_pic: true } } as const;
/** A captioned picture component's one picture. */
export const PICTURE = { populate: { pic: true } } as const;

export function createDocuments(client: StrapiClient) {
  /** pin: the address is the code's, not a visitor's (see the client's `pin`). */
  async function read(type: string, plural: string, locale: Locale, query: CollectionQuery, pin: boolean) {
    const { filters, sort, populate, page: number = 1, pageSize = MAX_PAGE_SIZE } = query;
    const answer = await client.get(plural, { locale, filters, sort, populate, pagination: { page: number, pageSize } }, { pin });
    const data = (answer?.data ?? []) as StrapiEntry[];
    return { entries: data.map((entry) => readEntry(type, entry)), total: answer?.meta?.pagination?.total ?? data.length, pageCount: answer?.meta?.pagination?.pageCount ?? 1 };
  }

  return {
    /** A single type's document; null when it is not published in this language. */
    async single(type: string, locale: Locale, populate: QueryObject): Promise<EntryReader | null> {
      const answer = await client.get(type, { locale, populate }, { missingIsEmpty: true, pin: true });
      return answer?.data ? readEntry(type, answer.data as StrapiEntry) : null;
    },
    /**
     * One page of documents. Lists page by the visitor's page number, so a query with a number
     * is a visitor's address; one without (a page banner) is fixed by the code, and pinned.
     */
    page: (type: string, plural: string, locale: Locale, query: CollectionQuery) => read(type, plural, locale, query, query.page === undefined),
    /** Every document that matches, page by page: whole collections are the code's queries. */
    async all(type: string, plural: string, locale: Locale, query: Omit<CollectionQuery, 'page' | 'pageSize'> = {}): Promise<EntryReader[]> {
      const first = await read(type, plural, locale, query, true);
      const rest = await Promise.all(
        Array.from({ length: Math.max(0, first.pageCount - 1) }, (_, i) => read(type, plural, locale, { ...query, page: i + 2 }, true)),
      );
      return [first, ...rest].flatMap((p) => p.entries);
    },
    /** The one document whose site id (the number in the page's address) is id. */
    async bySiteId(type: string, plural: string, locale: Locale, id: number, populate: QueryObject = {}): Promise<EntryReader | null> {
      if (!Number.isInteger(id) || id < 1) return null;
      const { entries } = await read(type, plural, locale, { filters: { site_id: { $eq: id } }, populate, pageSize: 1 }, false);
      return entries[0] ?? null;
    },
  };
}

export type Documents = ReturnType<typeof createDocuments>;
