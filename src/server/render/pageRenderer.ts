/**
 * The site server's pages: a cached server render when the provider delivers, else the
 * client-rendered shell. Made once per server; each render gets a fresh store and services.
 */
import './ignoreStyles';
import DOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import type { Locale } from '../../contracts/locale';
import { matchRoute, type RouteId } from '../../contracts/routes';
import type { RuntimeConfig } from '../../contracts/runtimeConfig';
import { SITE_META } from '../../contracts/siteMeta';
import type { Api } from '../../api/api';
import { structuredDataFor } from '../../app/head/structuredData';
import { PAGES } from '../../app/pages';
import { readBuildAssets, renderDocument } from './document';
import { headTags } from './headTags';
import { createPageCache, type CachedPage, type PageCacheOptions } from './pageCache';
import { renderPage } from './renderPage';
import { createProviderApi, serverDeps } from './serverDeps';
import { shareImage, DEFAULT_SHARE_IMAGE } from './shareImage';

export interface PageRendererOptions {
  distDir: string;
  providerUrl: string;
  config: RuntimeConfig;
  deadlineMs: number;
  cache: PageCacheOptions;
  log: (...args: unknown[]) => void;
  /** The provider calls; by default over HTTP to providerUrl (the bench replays recorded answers). */
  api?: Api;
}

export interface PageAddress {
  locale: Locale;
  /** The route table's path (no /en prefix). */
  path: string;
  search: string;
  /** The public origin the page's absolute URLs use. */
  origin: string;
}

/** Query keys that change what a page shows; every other key is ignored, so it cannot flood the cache. */
const PAGE_QUERY_KEYS: Partial<Record<RouteId, string[]>> = { product: ['name', 'keyword'] };

export function pageSearch(routeId: RouteId | null, search: string): string {
  const keys = routeId ? (PAGE_QUERY_KEYS[routeId] ?? []) : [];
  const query = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const key of keys) {
    const value = query.get(key)?.trim().slice(0, 50);
    if (value) kept.set(key, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}

export function createPageRenderer({ distDir, providerUrl, config, deadlineMs, cache: cacheOptions, log, api = createProviderApi(providerUrl, config.mediaUrl, deadlineMs) }: PageRendererOptions) {
  const assets = readBuildAssets(distDir);
  const purifier = DOMPurify(new JSDOM('').window);
  const cache = createPageCache(cacheOptions);

  async function render({ locale, path, search, origin }: PageAddress) {
    const outcome = await renderPage({ locale, path, search }, { deps: serverDeps(api, log), config, purifier, deadlineMs });
    if (outcome.kind === 'failed') {
      log(`Server render of ${locale} ${path}${search} fell back: ${outcome.reason}`);
      return null;
    }
    const { state, routeId, status, meta } = outcome;
    const head = headTags({
      locale,
      path,
      origin,
      title: meta?.title ?? SITE_META[locale].title,
      description: meta?.description ?? SITE_META[locale].description,
      keywords: meta?.keywords,
      image: shareImage(state, origin),
      type: routeId === 'newsDetail' && status === 200 ? 'article' : 'website',
      structuredData: routeId && status === 200 ? structuredDataFor(routeId, state, origin, locale) : [],
    });
    const chunk = routeId && status === 200 ? PAGES[routeId].chunk : undefined;
    return { status, html: renderDocument(assets, { locale, head, config, chunk, rendered: { html: outcome.html, state } }) };
  }

  return {
    /** The rendered page (fresh, stale or just rendered), or null: serve the shell. */
    page(address: PageAddress): Promise<CachedPage | null> {
      const match = matchRoute(address.path);
      const search = pageSearch(match?.routeId ?? null, address.search);
      // Every unknown path renders the same error page: one entry per language, not one per path.
      const key = [address.origin, address.locale, match ? address.path : '(not found)', search].join('|');
      return cache.get(key, () => render({ ...address, search }));
    },
    /** Drops every rendered page (after a content import). */
    purge: () => cache.purge(),
    /** The client-rendered shell: the browser loads everything itself. */
    shell({ locale, path, origin }: PageAddress): string {
      const { title, description } = SITE_META[locale];
      const head = headTags({ locale, path, origin, title, description, image: `${origin}${DEFAULT_SHARE_IMAGE}` });
      return renderDocument(assets, { locale, head, config });
    },
  };
}

export type PageRenderer = ReturnType<typeof createPageRenderer>;
