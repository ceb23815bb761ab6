import type { Locale } from '../../contracts/locale';
import type { ContentName, ContentParams } from './types';

/** Entries are keyed by resource, params and locale: "pageBanner|en|type=2". */
export function contentKey(name: ContentName, locale: Locale, params: ContentParams = {}): string {
  const query = Object.entries(params)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  return `${name}|${locale}|${query}`;
}
