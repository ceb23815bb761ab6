import { createSelector } from '@reduxjs/toolkit';
import { LOCALES, type Locale } from '../../contracts/locale';
import { localizedPath } from '../../contracts/routes';
import type { RootState } from '../rootReducer';
import { routeUrl, type RouteEntry } from '../shared/route';

export const selectLocale = (state: RootState) => state.locale.current;

/** The same page in another language: its URL with the language prefix, query and hash kept. */
export function twinUrl(route: RouteEntry | null, locale: Locale): string {
  return route ? localizedPath(routeUrl(route), locale) : localizedPath('/', locale);
}

/**
 * The language menu's links to this page in each language. No hash: the server never sees one,
 * so the links render the same on both sides (the switch itself keeps the hash, see the locale saga).
 */
export const selectTwinLinks = createSelector([(state: RootState) => state.navigation.route], (route) => {
  const page = route && { ...route, hash: '' };
  return Object.fromEntries(LOCALES.map((locale) => [locale, twinUrl(page, locale)])) as Record<Locale, string>;
});
