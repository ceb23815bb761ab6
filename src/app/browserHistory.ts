/**
 * The browser's URL and the store's route, kept as one: a navigation in the app pushes its URL,
 * back and forward enter the URL's route, and any other change of the route (a Redux DevTools
 * jump, an imported session) replaces the URL without a new history entry, runs no saga and
 * fetches nothing.
 */
import type { Middleware } from '@reduxjs/toolkit';
import { localizedPath, splitLocalePath } from '../contracts/routes';
import type { RootState } from '../features/rootReducer';
import { routeEntryOf, routeUrl, type RouteEntry, routeEntered } from '../features/shared/route';

const currentUrl = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

/**
 * The exact URL of each entry the browser showed without the store writing it: the landing (the
 * server's state leaves out a #hash and tracking parameters; the shell's entry re-encodes its
 * query) and back and forward. A jump to one of them restores that URL; every other entry's URL
 * is the one the middleware pushed for it. Keyed by the entry itself, as DevTools keep it.
 */
const shownAt = new WeakMap<RouteEntry, string>();

function urlOf(state: RootState): string | null {
  const { route } = state.navigation;
  return route && (shownAt.get(route) ?? localizedPath(routeUrl(route), state.locale.current));
}

/** True while a navigation goes through the store: its URL is written once the store shows it. */
let navigating = false;

/**
 * Writes the URL of a navigation once the store shows its route; one the store does not show
 * (Redux DevTools keeps showing a past state while new actions are recorded) leaves the URL at
 * the page on screen. Only actions dispatched through the middleware get here: DevTools time
 * travel happens inside the store and never pushes.
 */
export const historyMiddleware: Middleware<object, RootState> = (store) => (next) => (action) => {
  if (!routeEntered.match(action)) return next(action);
  const entry = action.payload;
  // Back, forward or the shell's landing: the browser is at the entry's URL already.
  if (entry.navigation === 'pop' && splitLocalePath(window.location.pathname).path === entry.path) shownAt.set(entry, currentUrl());
  const wasNavigating = navigating;
  navigating = true;
  try {
    return next(action);
  } finally {
    navigating = wasNavigating;
    const state = store.getState();
    // A route the store does not show (DevTools showing the past) writes nothing.
    if (entry.navigation !== 'pop' && state.navigation.route === entry) {
      const url = localizedPath(routeUrl(entry), state.locale.current);
      if (url !== currentUrl()) window.history[entry.navigation === 'replace' ? 'replaceState' : 'pushState'](null, '', url);
    }
  }
};

/** The location the browser is at, as a route entry (for the landing and for back and forward). */
export const browserRouteEntry = (navigation: 'pop' | 'push' = 'pop') =>
  routeEntryOf(`${splitLocalePath(window.location.pathname).path}${window.location.search}${window.location.hash}`, navigation);

/** Back and forward enter the URL's route; a route changed by anything else moves the URL in place. Returns the unbinding. */
export function bindBrowserHistory(store: { getState(): RootState; dispatch(action: unknown): unknown; subscribe(listener: () => void): () => void }) {
  const onPopState = () => void store.dispatch(routeEntered(browserRouteEntry('pop')));
  // Only a change of the route moves the URL, and back to the landing it is the URL the visitor
  // arrived at, with what the server's state leaves out (a #hash, tracking parameters).
  let followed = store.getState().navigation.route;
  if (followed && !shownAt.has(followed)) shownAt.set(followed, currentUrl());
  const followStore = () => {
    const state = store.getState();
    if (state.navigation.route === followed) return;
    followed = state.navigation.route;
    // The middleware writes a navigation's URL, as a new history entry when it is one.
    if (navigating && followed?.navigation !== 'pop') return;
    // In place, and only when it differs: a replace, even with the URL shown, cancels a page load
    // under way (a link clicked before the app started, whose next page the landing would keep
    // from ever coming). A null URL (no route yet: a jump to the state before the landing) leaves it.
    const url = urlOf(state);
    if (url !== null && url !== currentUrl()) window.history.replaceState(null, '', url);
  };
  window.addEventListener('popstate', onPopState);
  const unsubscribe = store.subscribe(followStore);
  return () => {
    window.removeEventListener('popstate', onPopState);
    unsubscribe();
  };
}
