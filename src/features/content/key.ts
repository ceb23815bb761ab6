import type { Locale } from '../../contracts/locale';
import type { ContentName, ContentParams } from './types';

/** Entries are keyed by resource, locale and params: "pageBanner|en|type=2", "newsList|zh|page=3". */
export function contentKey(name: ContentName, locale: Locale, params: ContentParams = {}): string {
  const query = Object.entries(params)
    .filter(([, value]) => value !== undefined && value !== '')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
    .join('&');
  return `${name}|${locale}|${query}`;
}
