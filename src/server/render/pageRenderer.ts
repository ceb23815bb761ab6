/**
 * The site server's pages: a cached server render when the provider delivers, else the
 * client-rendered shell. Made once per server; each render gets a fresh store and services.
 */
import './ignoreStyles';
import type { Middleware } from '@reduxjs/toolkit';
import DOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import type { Locale } from '../../contracts/locale';
import { localizedPath, matchRoute, type RouteId, type RouteMatch } from '../../contracts/routes';
import type { RuntimeConfig } from '../../contracts/runtimeConfig';
import { SITE_META } from '../../contracts/siteMeta';
import type { Api } from '../../api/api';
import { structuredDataFor } from '../../app/head/structuredData';
import { PAGES } from '../../app/pages';
import { renderDocument, type BuildAssets } from './document';
import { headTags } from './headTags';
import { LRUCache } from 'lru-cache';
import { createPageCache, type Admit, type CachedPage, type PageCache, type PageCacheOptions, type RenderResult } from './pageCache';
import { createSlots } from '../slots';
import { renderPage } from './renderPage';
import { categoriesNamed, categoriesOfSearch, keptPage, listSearch, pageOfSearch, pagesOfList } from './listPages';
import { createProviderApi, serverDeps } from './serverDeps';
import { sharePicture, DEFAULT_SHARE_IMAGE } from './shareImage';
import type { PictureVersions } from '../media/pictureVersions';
import { withPictureVersions } from './versionedPictures';

export interface PageRendererOptions {
  assets: BuildAssets;
  providerUrl: string;
  config: RuntimeConfig;
  deadlineMs: number;
  cache: PageCacheOptions;
  log: (...args: unknown[]) => void;
  /** A render that threw, with the page it was for. */
  logError?: (page: string, error: unknown) => void;
  /** The provider calls; by default over HTTP to providerUrl (the bench replays recorded answers). */
  api?: Api;
  /**
   * Whether a provider list (those behind the sitemap) names this id as a page of the route in
   * this language, from lists kept in memory: such a page renders in the cache's own budget.
   * By default no list names any id.
   */
  listed?: (locale: Locale, routeId: RouteId, id: string) => Promise<boolean>;
  /** The versions of the site's own pictures, named in their URLs; null: media from a media host. */
  pictureVersions?: PictureVersions | null;
  /** Watches each render's store, given the page it renders (devToolsMirror.ts). */
  inspect?: (page: string) => Middleware;
}

export interface PageAddress {
  locale: Locale;
  /** The route table's path (no /en prefix). */
  path: string;
  search: string;
  /** The public origin the page's absolute URLs use. */
  origin: string;
  /** The request that asked for the render (not part of the cache key): the provider logs it. */
  requestId?: string;
}

/** The one path every unknown page is rendered from: nothing a visitor sends ends up in the shared 404. */
export const NOT_FOUND_PATH = '/404';
/** Searches are many and each is rarely asked twice: a small cache of their own keeps the pages'. */
const SEARCH_CACHE_BYTES = 4 * 1024 * 1024;
/** Ids the provider said it does not know, remembered so that asking again costs no render. */
const MISSING_IDS = 2000;
/**
 * Any visitor can ask for /news/<any number>, and each new number costs a render that waits for
 * the provider. Ids no provider list names therefore render in a small lane of their own: a flood
 * of made-up ids (with a slow provider, each holds its slot up to the render deadline) fills that
 * lane and is told 503, while the pages the site knows keep the cache's own renders. An id is
 * known when the provider's lists (the sitemap's) name it in that language, so a crawl of the
 * sitemap on a cold site renders in the cache's budget; or once it rendered as a page (kept
 * across purges: content that changed still exists; this also covers the lists' fallback when
 * the provider cannot give them).
 */
const UNVERIFIED_RENDERS = 2;
const UNVERIFIED_QUEUED = 8;
const VERIFIED_IDS = 20_000;

/** Query keys that change what a page shows; every other key is ignored, so it cannot flood the cache. */
const PAGE_QUERY_KEYS: Partial<Record<RouteId, string[]>> = { product: ['category', 'name', 'keyword', 'page'], resources: ['page'] };
/** The one query key a visitor types (the variant's search box): anything can follow it. */
const SEARCH_QUERY_KEY = 'keyword';

/** Picks the pages of the route table a content change shows on (both languages, any search). */
export type PageTest = (page: RouteMatch) => boolean;

/** A page's cache key. A route's path and a kept search (URL-encoded) hold no '|': the path is the last part but one. */
const pageKey = (origin: string, locale: Locale, path: string, search: string) => [origin, locale, path, search].join('|');
const pathOfKey = (key: string) => key.split('|').at(-2) ?? '';
/** The absolute URL a page's key was rendered for: /en/about?name=… under its origin. */
const urlOfKey = (key: string) => {
  const [origin = '', locale, path = '', search] = key.split('|');
  return `${origin}${localizedPath(path, locale === 'en' ? 'en' : 'zh')}${search ? `?${search}` : ''}`;
};

export function pageSearch(routeId: RouteId | null, search: string): string {
  const keys = routeId ? (PAGE_QUERY_KEYS[routeId] ?? []) : [];
  const query = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const key of keys) {
    const trimmed = query.get(key)?.trim().slice(0, 50);
    const value = trimmed && key === 'page' ? keptPage(trimmed) : trimmed;
    if (value) kept.set(key, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}

/**
 * Where a page that moved sends this request: the URL its render moved to (made from the query
 * keys the render saw), the request's other query keys passed on as they came, in its language.
 */
function movedTo(routeId: RouteId, { locale, search }: PageAddress, location: string): string {
  const [path = '/', query = ''] = location.split('?');
  const seen = new Set(PAGE_QUERY_KEYS[routeId] ?? []);
  const merged = new URLSearchParams(query);
  for (const [key, value] of new URLSearchParams(search)) if (!seen.has(key)) merged.append(key, value);
  const text = merged.toString();
  return localizedPath(`${path}${text ? `?${text}` : ''}`, locale);
}

export function createPageRenderer(options: PageRendererOptions) {
  const { assets, providerUrl, config, deadlineMs, cache: cacheOptions, log, logError = log, listed = async () => false } = options;
  const { pictureVersions } = options;
  const providerApi = (requestId?: string) => options.api ?? createProviderApi(providerUrl, config.mediaUrl, deadlineMs, requestId);
  const apiFor = (requestId?: string) =>
    pictureVersions ? withPictureVersions(providerApi(requestId), pictureVersions, config.mediaUrl) : providerApi(requestId);
  const purifier = DOMPurify(new JSDOM('').window);
  const onRenderError = (key: string, error: unknown) => logError(key, error);
  // The search itself stays out of the log: a visitor typed it.
  const onKeptPageServed = (key: string, page: CachedPage) => {
    const [search, path, locale] = key.split('|').reverse();
    log(
      `Serving the last good copy of ${locale} ${path}${search ? ' (with a search)' : ''}, rendered ${new Date(page.renderedAt).toISOString()}: its new render failed`,
    );
  };
  const cache = createPageCache({ ...cacheOptions, onRenderError, onKeptPageServed });
  const searches = createPageCache({ ...cacheOptions, maxBytes: Math.min(SEARCH_CACHE_BYTES, cacheOptions.maxBytes), onRenderError, onKeptPageServed });
  const missing = new LRUCache<string, true>({ max: MISSING_IDS, ttl: cacheOptions.freshMs || 1 });
  const verified = new LRUCache<string, true>({ max: VERIFIED_IDS });
  /** The pages of each paged list a render showed, by the key of its first page: the numbers the site links to. */
  const listPages = new LRUCache<string, number>({ max: VERIFIED_IDS });
  /** The categories a render's menu named, by origin and id or name: the ones the site links to. */
  const namedCategories = new LRUCache<string, true>({ max: VERIFIED_IDS });
  const unverified = createSlots(UNVERIFIED_RENDERS, UNVERIFIED_QUEUED);
  /** Counts purges, whole or partial: a miss found by a render begun before one may be out of date. */
  let purges = 0;

  async function render({ locale, path, search, origin, requestId }: PageAddress, api = apiFor(requestId)): Promise<RenderResult> {
    const outcome = await renderPage({ locale, path, search }, { deps: serverDeps(api, log), config, purifier, deadlineMs, inspect: options.inspect });
    if (outcome.kind === 'failed') {
      log(`Server render of ${locale} ${path}${search ? ' (with a search)' : ''} fell back: ${outcome.reason}`);
      return null;
    }
    // Cached like a page: the next request for the old URL costs no render. Only an old form of
    // the URL moved for good; any other replace follows content that may change back.
    if (outcome.kind === 'moved') return { status: outcome.permanent ? 301 : 302, html: '', location: outcome.location };
    const { state, routeId, status, meta } = outcome;
    if (status === 404 && path !== NOT_FOUND_PATH) return 'gone';
    const pages = pagesOfList(routeId, state);
    if (pages !== null) listPages.set(pageKey(origin, locale, path, listSearch(search)), pages);
    const categories = categoriesNamed(state);
    for (const named of categories) namedCategories.set(`${origin}|${named}`, true);
    if (categories.length > 0) namedCategories.set(`${origin}|`, true);
    const picture = sharePicture(state, origin);
    const head = headTags({
      locale,
      path,
      origin,
      title: meta?.title ?? SITE_META[locale].title,
      description: meta?.description ?? SITE_META[locale].description,
      keywords: meta?.keywords,
      image: picture.image,
      imageAlt: picture.alt,
      type: routeId === 'newsDetail' && status === 200 ? 'article' : 'website',
      structuredData: routeId && status === 200 ? structuredDataFor(routeId, state, origin, locale) : [],
    });
    const chunk = routeId && status === 200 ? PAGES[routeId].chunk : undefined;
    const crawlableIcon = routeId === 'index';
    return { status, html: renderDocument(assets, { locale, head, config, chunk, rendered: { html: outcome.html, state }, crawlableIcon }) };
  }

  /** Every unknown path and id shares one error page per language, rendered from a fixed path. */
  async function notFound({ locale, origin }: PageAddress): Promise<CachedPage | null> {
    const page = await cache.get(pageKey(origin, locale, NOT_FOUND_PATH, ''), () => render({ locale, origin, path: NOT_FOUND_PATH, search: '' }));
    return page === 'gone' ? null : page;
  }

  const renderer = {
    /**
     * The rendered page (fresh, stale or just rendered), or null: serve the shell.
     * `admitSearch`: the asking client's budget, asked before a search (`?keyword=`) not in hand
     * starts a render, before a page number (`?page=`) past those a rendered page of its list
     * links to, and before a category no rendered page names; the site's own links
     * (`?category=`, `?page=`) never ask it. A page that moved
     * (an old `?name=` link) has a `location`: where this request is sent for good.
     */
    async page(address: PageAddress, admitSearch?: Admit): Promise<CachedPage | null> {
      const match = matchRoute(address.path);
      const search = pageSearch(match?.routeId ?? null, address.search);
      const key = pageKey(address.origin, address.locale, address.path, search);
      if (!match || missing.has(key)) return notFound(address);
      const startedIn = purges;
      const { id } = match.params;
      const newId = id !== undefined && !verified.has(key) && !(await listed(address.locale, match.routeId, id));
      // Only a visitor's own search counts against their budget: the site's category and page
      // links (`?category=`, `?page=`) are finite, and a crawler following them must get them all.
      // A page number past those a rendered page of its list links to, or a category no rendered
      // page's menu names, is typed, not followed. What the site links to is learnt from a render
      // here: a host that rendered none yet (just started, or its memory of it evicted) first
      // renders the list's first page, as the site links to it.
      // A typed search is charged whatever it names: nothing is learnt (rendered free) for it.
      const typed = new URLSearchParams(search).has(SEARCH_QUERY_KEY);
      const categories = categoriesOfSearch(search);
      if (!typed && categories.length > 0 && !namedCategories.has(`${address.origin}|`)) await renderer.page({ ...address, search: '' });
      const unlinkedCategory = categories.some((named) => !namedCategories.has(`${address.origin}|${named}`));
      const pageNumber = pageOfSearch(search);
      const listKey = pageKey(address.origin, address.locale, address.path, listSearch(search));
      if (!typed && pageNumber > 1 && !unlinkedCategory && !listPages.has(listKey)) await renderer.page({ ...address, search: listSearch(search) });
      const unlinkedPage = pageNumber > 1 && pageNumber > (listPages.get(listKey) ?? 1);
      const ownSearch = typed || unlinkedPage || unlinkedCategory;
      const page = await (search ? searches : cache).get(
        key,
        () => render({ ...address, search }),
        newId ? unverified : undefined,
        ownSearch ? admitSearch : undefined,
      );
      if (page !== 'gone') {
        if (page?.status === 200 && match.params.id !== undefined) verified.set(key, true);
        return page?.location === undefined ? page : { ...page, location: movedTo(match.routeId, address, page.location) };
      }
      if (startedIn === purges) missing.set(key, true);
      return notFound(address);
    },
    /**
     * The content changed (a content import): every rendered page is out of date (rendered again
     * on its next request, kept if that fails) and every remembered miss is forgotten.
     */
    purge(): string[] {
      purges += 1;
      missing.clear();
      return [...cache.clear(), ...searches.clear()].map(urlOfKey);
    },
    /**
     * Like purge(), for the pages `affected` picks alone (the error page is left alone: it is no
     * route). Both return the URLs of the pages that were kept: a cache in front may hold them too.
     * `takenDown`: they showed content an editor took down, so they are thrown away, not kept
     * for a failed render to fall back on.
     */
    purgePages(affected: PageTest, { takenDown = false } = {}): string[] {
      purges += 1;
      const picked = (key: string) => {
        const page = matchRoute(pathOfKey(key));
        return page !== null && affected(page);
      };
      for (const key of [...missing.keys()]) if (picked(key)) missing.delete(key);
      const drop = (pages: PageCache) => (takenDown ? pages.forget(picked) : pages.drop(picked));
      return [...drop(cache), ...drop(searches)].map(urlOfKey);
    },
    /**
     * One render with other provider calls (a preview's, which read drafts), outside every cache:
     * the result is for the one request that asked.
     */
    async uncached(address: PageAddress, api: Api): Promise<RenderResult> {
      const named = pictureVersions ? withPictureVersions(api, pictureVersions, config.mediaUrl) : api;
      const routeId = matchRoute(address.path)?.routeId ?? null;
      const result = await render({ ...address, search: pageSearch(routeId, address.search) }, named);
      if (typeof result !== 'object' || result?.location === undefined) return result;
      // A page that moved (an old link) is shown as the page it moved to, once: no redirect leaves the preview.
      const [path = address.path, query = ''] = result.location.split('?');
      return render({ ...address, path, search: query ? `?${query}` : '' }, named);
    },
    /** The client-rendered shell: the browser loads everything itself. */
    shell({ locale, path, origin }: PageAddress): string {
      const { title, description } = SITE_META[locale];
      const head = headTags({ locale, path, origin, title, description, image: `${origin}${DEFAULT_SHARE_IMAGE}` });
      return renderDocument(assets, { locale, head, config, crawlableIcon: true });
    },
  };
  return renderer;
}

export type PageRenderer = ReturnType<typeof createPageRenderer>;
