/**
 * Every page of the public site a batch of CMS changes shows on, whether a site process holds it
 * or not: the pages the sitemap lists, and the page of each changed entry under its own id (an
 * unpublished entry is listed no more, yet its page may still be cached). The purge relay asks
 * the cache in front to refresh these as well as the pages the processes had kept, so a copy
 * the cache made before every process restarted is refreshed too (purgeRelay.ts).
 */
import { LOCALES, type Locale } from '../../contracts/locale';
import { localizedPath, matchRoute, pathTo } from '../../contracts/routes';
import { affectedPages, type CmsChange } from '../render/cmsAffectedPages';
import { DETAIL_ROUTE, type ProviderLists } from '../crawl/providerLists';
import { sitemapPages, staticPaths } from '../crawl/sitemap';

/** Absolute URLs on `origin`, in each language a page exists in; without lists, the listed ones are the pages without an id. */
export function changedPages(changes: readonly CmsChange[], lists: ProviderLists | null, origin: string): string[] {
  const tests = changes.map(affectedPages);
  const shows = (path: string) => {
    const match = matchRoute(path);
    return match !== null && tests.some((test) => test === 'all' || test(match));
  };
  const entries = changes.flatMap(({ siteId }) => (siteId === null ? [] : Object.values(DETAIL_ROUTE).map((routeId) => pathTo(routeId, { id: siteId }))));
  const pages: [string, Locale][] = [
    ...(lists ? sitemapPages(lists) : []).flatMap(({ paths }) =>
      LOCALES.flatMap((locale) => (paths[locale] ? [[paths[locale], locale] as [string, Locale]] : [])),
    ),
    ...[...staticPaths(), ...entries].flatMap((path) => LOCALES.map((locale) => [path, locale] as [string, Locale])),
  ];
  return [...new Set(pages.filter(([path]) => shows(path)).map(([path, locale]) => `${origin}${localizedPath(path, locale)}`))];
}
