/**
 * What the sitemap needs from the provider: the ids (and dates, where the provider gives
 * them) of every product, news item, notice and job, per language. Asked through the same typed
 * api the server renderer uses, with one deadline for the whole walk, so a slow provider cannot
 * hold a request.
 */
import type { ProviderApi } from '../render/serverDeps';
import { LOCALES, type Locale } from '../../contracts/locale';
import type { RouteId } from '../../contracts/routes';

export interface ListedItem {
  id: number;
  /** The provider's "YYYY-MM-DD HH:mm:ss", when it gives one. */
  createTime?: string;
}

export type ListKind = 'products' | 'news' | 'notices' | 'jobs';
export type ProviderLists = Record<Locale, Record<ListKind, ListedItem[]>>;

/** The detail route of each provider list. */
export const DETAIL_ROUTE: Record<ListKind, RouteId> = {
  products: 'productDetail',
  news: 'newsDetail',
  notices: 'noticeDetail',
  jobs: 'jobDetail',
};

/** Per lists, per language and route, the ids they name (made once per lists, on first use). */
const namedIds = new WeakMap<ProviderLists, Map<string, Set<string>>>();

/** Whether the lists name `id` as a page of `routeId` in `locale` (and so the sitemap lists it). */
export function listsName(lists: ProviderLists, locale: Locale, routeId: RouteId, id: string): boolean {
  let index = namedIds.get(lists);
  if (!index) {
    index = new Map();
    for (const lan of LOCALES) {
      for (const kind of Object.keys(DETAIL_ROUTE) as ListKind[]) {
        index.set(`${lan}|${DETAIL_ROUTE[kind]}`, new Set(lists[lan][kind].map((item) => String(item.id))));
      }
    }
    namedIds.set(lists, index);
  }
  return index.get(`${locale}|${routeId}`)?.has(id) ?? false;
}

/** The provider pages at most 50 rows; 200 pages is far past any real catalogue. */
const PAGE_SIZE = 50;
const MAX_PAGES = 200;

export async function fetchProviderLists(api: ProviderApi, deadlineMs: number): Promise<ProviderLists> {
  const forLocale = async (lan: Locale) => {
    const [products, news, notices, jobs] = await Promise.all([
      allPages((page) => api.productList(lan, { classifyId: 0, page, pageSize: PAGE_SIZE, keyword: '' })),
      allPages((page) => api.newsList(lan, { page, pageSize: PAGE_SIZE })),
      api.noticeList(lan).then(items),
      api.jobs(lan).then(items),
    ]);
    return { products, news, notices, jobs };
  };
  const walk = Promise.all(LOCALES.map(forLocale)).then(([zh, en]) => ({ zh, en }) as ProviderLists);
  return withDeadline(walk, deadlineMs);
}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`provider lists took longer than ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

type Row = { id: number; create_time?: string };

async function allPages(load: (page: number) => Promise<{ rows: Row[]; total: number }>): Promise<ListedItem[]> {
  const collected: ListedItem[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const { rows, total } = await load(page);
    collected.push(...items(rows));
    if (rows.length === 0 || collected.length >= total) break;
  }
  return collected;
}

/** Rows with a positive integer id; anything else the provider sends is skipped. */
function items(rows: Row[]): ListedItem[] {
  return rows.flatMap(({ id, create_time: createTime }) => {
    if (!Number.isSafeInteger(id) || id < 1) return [];
    return [createTime ? { id, createTime } : { id }];
  });
}
