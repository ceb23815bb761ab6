import { createAction } from '@reduxjs/toolkit';
import { matchRoute, type RouteId, type RouteParams } from '../../contracts/routes';
import type { RootState } from '../rootReducer';

export type Navigation = 'push' | 'pop' | 'replace';

/** One navigation: the page the store shows. Every feature may read it. */
export interface RouteEntry {
  /** null: the path matched no route (the 404 page). */
  routeId: RouteId | null;
  path: string;
  params: RouteParams;
  query: Record<string, string>;
  hash: string;
  /** How the visitor got here: 'pop' is back/forward, whose position the browser restores; none on the server. */
  navigation?: Navigation;
  /**
   * A 'replace' only: the URL it replaces named this page in an old form that is gone for good
   * (an old `?name=` link), so the server answers that URL with a permanent redirect. Any other
   * entry replaced in place (the content it followed may change back) is a temporary one.
   */
  renamed?: true;
}

/**
 * The entry for a location of the route table (no /en prefix): `/news/3?x=1#top`, or its parts.
 * The one place a URL becomes a route, for the server, the router and the sagas alike.
 */
export function routeEntryOf(url: string, navigation?: Navigation): RouteEntry {
  // Split by hand: URL() would read `//host` as another origin and normalise `..` away.
  const [beforeHash, hash] = cutAt(url, '#');
  const [pathname, search] = cutAt(beforeHash, '?');
  const match = matchRoute(pathname);
  const entry: RouteEntry = {
    routeId: match?.routeId ?? null,
    path: pathname,
    params: match?.params ?? {},
    query: Object.fromEntries(new URLSearchParams(search)),
    // A bare `#` names no section.
    hash: hash ? `#${hash}` : '',
  };
  return navigation ? { ...entry, navigation } : entry;
}

/** The text before the first `mark` and the text after it ('' without one). */
function cutAt(text: string, mark: string): [string, string] {
  const at = text.indexOf(mark);
  return at === -1 ? [text, ''] : [text.slice(0, at), text.slice(at + 1)];
}

/** The route table URL of an entry, query and hash included: the inverse of routeEntryOf. */
export function routeUrl(route: Pick<RouteEntry, 'path' | 'query' | 'hash'>): string {
  const query = new URLSearchParams(route.query).toString();
  return `${route.path}${query ? `?${query}` : ''}${route.hash}`;
}

/*
 * The route entry's events: the core every feature may follow (a list reads its position from the
 * entry, a form is forgotten when it is left). The navigation slice keeps the entry; the types stay
 * under `navigation/`, as recorded sessions (config/devtools/sessions) and Redux DevTools show them.
 */

/** Every navigation: a router link, back and forward, the landing, a saga's `navigatedTo`. */
export const routeEntered = createAction<RouteEntry>('navigation/routeEntered');
/**
 * The server-rendered landing as the browser has it (its #hash and every query key, which the
 * server never sees), told the sagas before hydration: from then on React answers clicks, and a
 * saga acting on one (the language switch) must know the page on screen. No reducer takes it, so
 * hydration renders the server's state; the landing is entered (routeEntered) once hydrated.
 */
export const landingLocated = createAction<RouteEntry>('navigation/landingLocated');
/** The route's detail does not exist (the provider answered 404): the page is the 404 page. */
export const routeNotFound = createAction('navigation/routeNotFound');
/** A navigation a saga asks for: the same routeEntered a link makes (`url` of the route table, hash and query kept). */
export const navigatedTo = (url: string) => routeEntered(routeEntryOf(url, 'push'));
/** The entry replaced in place by `url`, the one the page now has for good: the URL left was an old form of it. */
export const renamedTo = (url: string) => routeEntered({ ...routeEntryOf(url, 'replace'), renamed: true });

/** The page the store shows: what the app renders and the URL follows. */
export const selectRoute = (state: RootState) => state.navigation.route;
