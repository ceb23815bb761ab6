/**
 * What search engines and link previews read in <head>: title, description, keywords, the
 * canonical URL, its twin in the other language (hreflang), Open Graph and Twitter cards, and
 * JSON-LD data blocks.
 */
import { escapeJsonForScript } from '../../contracts/jsonScript';
import { LOCALES, type Locale } from '../../contracts/locale';
import { localizedPath } from '../../contracts/routes';
import { SITE_META } from '../../contracts/siteMeta';
import { escapeHtml } from './escapeHtml';

export interface PageHead {
  locale: Locale;
  /** The route table's path, without the /en prefix or a query. */
  path: string;
  /** Absolute origin of the public site, e.g. https://www.example.com */
  origin: string;
  title: string;
  description: string;
  keywords?: string;
  /** Absolute URL of the preview picture. */
  image: string;
  /** The preview picture's alternative text, when it has one. */
  imageAlt?: string;
  type?: 'website' | 'article';
  structuredData?: object[];
}

const HREFLANG: Record<Locale, string> = { zh: 'zh-CN', en: 'en' };
const OG_LOCALE: Record<Locale, string> = { zh: 'zh_CN', en: 'en_US' };

/** The page's absolute URL in a language; English home is /en/. */
export function pageUrl(origin: string, path: string, locale: Locale): string {
  return `${origin}${localizedPath(path, locale)}`;
}

export function headTags(head: PageHead): string {
  const { locale, path, origin, title, description, keywords, image, imageAlt, type = 'website', structuredData = [] } = head;
  const canonical = pageUrl(origin, path, locale);
  const meta = (attr: 'name' | 'property', key: string, value: string) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">`;
  const other = LOCALES.filter((l) => l !== locale);
  return [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    keywords ? meta('name', 'keywords', keywords) : '',
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    ...LOCALES.map((l) => `<link rel="alternate" hreflang="${HREFLANG[l]}" href="${escapeHtml(pageUrl(origin, path, l))}">`),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(pageUrl(origin, path, 'zh'))}">`,
    meta('property', 'og:type', type),
    meta('property', 'og:site_name', SITE_META[locale].title),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', canonical),
    meta('property', 'og:image', image),
    imageAlt ? meta('property', 'og:image:alt', imageAlt) : '',
    meta('property', 'og:locale', OG_LOCALE[locale]),
    ...other.map((l) => meta('property', 'og:locale:alternate', OG_LOCALE[l])),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
    imageAlt ? meta('name', 'twitter:image:alt', imageAlt) : '',
    ...structuredData.map((data) => `<script type="application/ld+json">${escapeJsonForScript(data)}</script>`),
  ]
    .filter(Boolean)
    .join('\n');
}
