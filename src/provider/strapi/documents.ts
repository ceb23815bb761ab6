/**
 * Published documents of one content type in one language, read through the Strapi client.
 * Strapi 5 has no locale fallback: a page's part (a single type, a page banner) missing in a
 * language is read in the default language instead, marked (`shownIn`) and told in the log, once
 * in a while rather than on every request; a part missing in every language is told and left out.
 */
import { LRUCache } from 'lru-cache';
import { DEFAULT_LOCALE, type Locale } from '../../contracts/locale';
import type { QueryObject, StrapiClient, StrapiEntry } from './client';
import { readEntry, uploadsInText, type EntryLanguage, type EntryReader } from './fields';
import { createPictureTexts } from './pictureTexts';

/** How often the same omission is told again: it lasts until an editor acts, and pages ask on every render. */
const NOTICE_EVERY_MS = 10 * 60_000;

/** Strapi's own page size limit (cms/config/api.js). */
const MAX_PAGE_SIZE = 100;

export interface CollectionQuery {
  filters?: QueryObject;
  sort?: string[];
  populate?: QueryObject;
  page?: number;
  pageSize?: number;
  /**
   * The entries' rich text is shown (their `html`): the media library's texts of its pictures are
   * asked too (one more Strapi call). Lists show none of it, so they ask nothing more; a detail
   * page and a single type always ask.
   */
  richText?: boolean;
}

/** A scene component's pictures: what most page components need populated. */
export const PICTURES = { populate: { pic: true, over_pic: true } } as const;
/** A captioned picture component's one picture. */
export const PICTURE = { populate: { pic: true } } as const;

/** Text read in `locale` for a page in `asked`. */
const languageOf = (locale: Locale, asked: Locale): EntryLanguage => (asked === locale ? { locale } : { locale, shownIn: locale });

/** `cmsOrigins`: the CMS's addresses its rich-text editor names uploads by (fields.ts). */
export function createDocuments(client: StrapiClient, warn: (message: string) => void = () => {}, cmsOrigins: readonly string[] = [client.origin]) {
  const told = new LRUCache<string, true>({ max: 1000, ttl: NOTICE_EVERY_MS });
  /** Told once per `message` in a while; `detail` (an error, addresses) is told with it but never makes it new. */
  const notice = (message: string, detail?: string) => {
    if (told.has(message)) return;
    told.set(message, true);
    warn(detail === undefined ? message : `${message} (${detail})`);
  };
  const libraryTexts = createPictureTexts(client, notice);

  /** pin: the address is the code's, not a visitor's (see the client's `pin`). */
  async function read(type: string, plural: string, locale: Locale, query: CollectionQuery, pin: boolean, asked: Locale = locale) {
    const { filters, sort, populate, page: number = 1, pageSize = MAX_PAGE_SIZE, richText = false } = query;
    const answer = await client.get(plural, { locale, filters, sort, populate, pagination: { page: number, pageSize } }, { pin });
    const data = (answer?.data ?? []) as StrapiEntry[];
    const texts = richText ? await libraryTexts(uploadsInText(data, cmsOrigins), pin) : undefined;
    return {
      entries: data.map((entry) => readEntry(type, entry, languageOf(locale, asked), cmsOrigins, texts)),
      total: answer?.meta?.pagination?.total ?? data.length,
      pageCount: answer?.meta?.pagination?.pageCount ?? 1,
    };
  }

  async function singleIn(type: string, locale: Locale, populate: QueryObject, asked: Locale) {
    const answer = await client.get(type, { locale, populate }, { missingIsEmpty: true, pin: true });
    if (!answer?.data) return null;
    const texts = await libraryTexts(uploadsInText(answer.data, cmsOrigins), true);
    return readEntry(type, answer.data as StrapiEntry, languageOf(locale, asked), cmsOrigins, texts);
  }

  /** `name` in the page's language, else in the default one; told when either is missing. */
  async function inPageLanguage(name: string, locale: Locale, readIn: (language: Locale) => Promise<EntryReader | null>): Promise<EntryReader | null> {
    const own = await readIn(locale);
    if (own) return own;
    const standIn = locale === DEFAULT_LOCALE ? null : await readIn(DEFAULT_LOCALE);
    if (standIn) notice(`Strapi: ${name} has no published ${locale} version: the ${locale} pages show its ${DEFAULT_LOCALE} one`);
    else
      notice(`Strapi: ${name} is not published in ${locale === DEFAULT_LOCALE ? locale : `${locale} nor ${DEFAULT_LOCALE}`}: the ${locale} pages leave it out`);
    return standIn;
  }

  return {
    /**
     * A single type's document in the page's language, else the default language's (marked
     * `shownIn`); null when neither is published.
     */
    single: (type: string, locale: Locale, populate: QueryObject): Promise<EntryReader | null> =>
      inPageLanguage(type, locale, (language) => singleIn(type, language, populate, locale)),
    /** The one document of a collection that `filters` picks, with the same fallback as a single type's; `name` says which in the log. */
    async pick(type: string, plural: string, name: string, locale: Locale, query: Omit<CollectionQuery, 'page' | 'pageSize'>): Promise<EntryReader | null> {
      return inPageLanguage(
        name,
        locale,
        async (language) => (await read(type, plural, language, { ...query, pageSize: 1, richText: true }, true, locale)).entries[0] ?? null,
      );
    },
    /** A part of `entry` an editor emptied (an optional component): told, and the page leaves it out. */
    leftOut(entry: EntryReader, part: string) {
      notice(`Strapi: ${entry.type} (${entry.locale}) has an empty ${part}: its section is left out`);
    },
    /** Something the pages show that no document provides, e.g. no featured publication. */
    notice,
    /**
     * One page of documents. Lists page by the visitor's page number, so a query with a number
     * is a visitor's address; one without (a page banner) is fixed by the code, and pinned.
     * Unless the query says `richText`, the pictures in their rich text keep the editor's alt.
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
    /**
     * The one document whose site id (the number in the page's address) is id, in the page's
     * language, else in the default one (marked `shownIn`, told in the log): an entry without its
     * English version is shown in Chinese under /en, as every other part of a page is, so the
     * links that name its /en page (hreflang, the language menu, the sitemap) never lead to a 404.
     * `richText: false` when only its plain fields are read (a title): its pictures' texts are not asked.
     */
    async bySiteId(type: string, plural: string, locale: Locale, id: number, populate: QueryObject = {}, richText = true): Promise<EntryReader | null> {
      if (!Number.isInteger(id) || id < 1) return null;
      const readIn = async (language: Locale) =>
        (await read(type, plural, language, { filters: { site_id: { $eq: id } }, populate, pageSize: 1, richText }, false, locale)).entries[0] ?? null;
      const own = await readIn(locale);
      if (own || locale === DEFAULT_LOCALE) return own;
      // Quiet when missing in both: a made-up id in a visitor's address is no editor's omission.
      const standIn = await readIn(DEFAULT_LOCALE);
      if (standIn) notice(`Strapi: ${type} ${id} has no published ${locale} version: its ${locale} page shows its ${DEFAULT_LOCALE} one`);
      return standIn;
    },
  };
}

export type Documents = ReturnType<typeof createDocuments>;
