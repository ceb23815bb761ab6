/**
 * What the sitemap needs from the provider: the ids (and dates, where the provider gives
 * them) of every product, news item, notice and job, per language. The provider is asked
 * directly, with one deadline for the whole walk, so a slow provider cannot hold a request.
 */
import { ENDPOINT } from '../contracts/endpoints';
import { ENVELOPE_CODE, type Envelope } from '../contracts/envelope';
import { LOCALES, type Locale } from '../contracts/locale';

export interface ListedItem {
  id: number;
  /** The provider's "YYYY-MM-DD HH:mm:ss", when it gives one. */
  createTime?: string;
}

export type ListKind = 'products' | 'news' | 'notices' | 'jobs';
export type ProviderLists = Record<Locale, Record<ListKind, ListedItem[]>>;

/** The provider pages at most 50 rows; 200 pages is far past any real catalogue. */
const PAGE_SIZE = 50;
const MAX_PAGES = 200;

export async function fetchProviderLists(providerUrl: string, deadlineMs: number): Promise<ProviderLists> {
  const signal = AbortSignal.timeout(deadlineMs);
  const get = (path: string, query: Record<string, string | number>) => getData(providerUrl, path, query, signal);
  const forLocale = async (lan: Locale) => {
    const [products, news, notices, jobs] = await Promise.all([
      allPages((page) => get(ENDPOINT.productList, { lan, page, pageSize: PAGE_SIZE, classify_id: 0 })),
      allPages((page) => get(ENDPOINT.newsList, { lan, page, pageSize: PAGE_SIZE })),
      get(ENDPOINT.noticeList, { lan }).then(items),
      get(ENDPOINT.jobs, { lan }).then(items),
    ]);
    return { products, news, notices, jobs };
  };
  const [zh, en] = await Promise.all(LOCALES.map(forLocale));
  return { zh, en } as ProviderLists;
}

async function getData(base: string, path: string, query: Record<string, string | number>, signal: AbortSignal): Promise<unknown> {
  const url = new URL(path, base);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
  const response = await fetch(url, { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`provider answered ${response.status} for ${path}`);
  const envelope = (await response.json()) as Partial<Envelope<unknown>>;
  if (envelope.code !== ENVELOPE_CODE.ok) throw new Error(`provider answered code ${String(envelope.code)} for ${path}`);
  return envelope.data;
}

async function allPages(load: (page: number) => Promise<unknown>): Promise<ListedItem[]> {
  const collected: ListedItem[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const data = (await load(page)) as { rows?: unknown; total?: unknown } | null;
    const rows = items(data?.rows);
    collected.push(...rows);
    const total = Number(data?.total);
    if (rows.length === 0 || !Number.isFinite(total) || collected.length >= total) break;
  }
  return collected;
}

/** Rows with a positive integer id; anything else the provider sends is skipped. */
function items(value: unknown): ListedItem[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((row: { id?: unknown; create_time?: unknown }) => {
    const id = Number(row?.id);
    if (!Number.isSafeInteger(id) || id < 1) return [];
    return [typeof row.create_time === 'string' ? { id, createTime: row.create_time } : { id }];
  });
}
