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
 * The language menu's links to this page in each language, category, page and anchor kept, so a
 * link opened in a new tab lands where the switch would. The server never sees a hash: its links
 * (and the hydration, made from its state) have none; the browser's landing entry brings it.
 */
export const selectTwinLinks = createSelector(
  [(state: RootState) => state.navigation.route],
  (route) => Object.fromEntries(LOCALES.map((locale) => [locale, twinUrl(route, locale)])) as Record<Locale, string>,
);
