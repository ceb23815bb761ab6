/**
 * /sitemap.xml: every static route and every provider item, in both languages, each URL
 * with its hreflang alternates (zh-CN, en, x-default → Chinese, the default language).
 * Paths come from the route table; the XML is written by the `sitemap` library.
 */
import { Readable } from 'node:stream';
import { SitemapStream, streamToPromise, type SitemapItemLoose } from 'sitemap';
import { LOCALES, type Locale } from '../../contracts/locale';
import { providerTimeToIso } from '../../contracts/providerTime';
import { ROUTES, localizedPath, pathTo } from '../../contracts/routes';
import { DETAIL_ROUTE, type ListKind, type ListedItem, type ProviderLists } from './providerLists';

export const HREFLANG: Record<Locale, string> = { zh: 'zh-CN', en: 'en' };

interface Page {
  /** Path per language the page exists in. */
  paths: Partial<Record<Locale, string>>;
  lastmod?: string;
}

/** Routes without an id, except the bare-layout ones (login) that no visitor is sent to. */
export function staticPaths(): string[] {
  return ROUTES.filter((route) => !route.path.includes(':') && !('layout' in route)).map((route) => route.path);
}

export function sitemapPages(lists: ProviderLists): Page[] {
  const pages: Page[] = staticPaths().map((path) => ({ paths: { zh: path, en: path } }));
  for (const kind of Object.keys(DETAIL_ROUTE) as ListKind[]) {
    const byId = new Map<number, { locales: Locale[]; item: ListedItem }>();
    for (const locale of LOCALES) {
      for (const item of lists[locale][kind]) {
        const seen = byId.get(item.id);
        if (seen) seen.locales.push(locale);
        else byId.set(item.id, { locales: [locale], item });
      }
    }
    for (const [id, { locales, item }] of byId) {
      const path = pathTo(DETAIL_ROUTE[kind], { id });
      const lastmod = providerTimeToIso(item.createTime) ?? undefined;
      pages.push({ paths: Object.fromEntries(locales.map((locale) => [locale, path])), ...(lastmod ? { lastmod } : {}) });
    }
  }
  return pages;
}

function sitemapItems(pages: Page[]): SitemapItemLoose[] {
  return pages.flatMap((page) => {
    const present = LOCALES.filter((locale) => page.paths[locale] !== undefined);
    const url = (locale: Locale) => localizedPath(page.paths[locale] as string, locale);
    // Alternates only mean something when the page exists in both languages.
    const links =
      present.length > 1
        ? [...present.map((locale) => ({ lang: HREFLANG[locale], url: url(locale) })), { lang: 'x-default', url: url(present[0] as Locale) }]
        : [];
    return present.map((locale) => ({ url: url(locale), links, ...(page.lastmod ? { lastmod: page.lastmod } : {}) }));
  });
}

export async function renderSitemap(pages: Page[], origin: string): Promise<string> {
  const stream = new SitemapStream({ hostname: origin, xmlns: { news: false, xhtml: true, image: false, video: false } });
  const xml = await streamToPromise(Readable.from(sitemapItems(pages)).pipe(stream));
  return xml.toString('utf8');
}
