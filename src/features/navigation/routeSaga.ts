import { all, call, cancel, fork, put, take } from 'redux-saga/effects';
import type { Task } from 'redux-saga';
import { routeLayout } from '../../contracts/routes';
import type { Deps } from '../deps';
import type { ApiResult } from '../shared/callApi';
import { loadContent } from '../content/saga';
import { retryRequested } from '../content/slice';
import { sagaMemory, type SagaMemory } from '../shared/sagaMemory';
import { LAYOUT_LOADS, routeLoads, type ListLoaders, type RouteLoads } from './routeLoads';
import { scrollAfterEntering } from './scrollSaga';
import { landingLocated, routeEntered, routeNotFound, type RouteEntry } from '../shared/route';
import { isLanding, isServerNotFound } from './slice';

const loadsOf = (route: RouteEntry): RouteLoads => (route.routeId === null ? { content: [] } : routeLoads(route.routeId, route.params));

/**
 * Starts every load of a page in parallel and ends when all have ended, with the page's code
 * when the browser asks for it; a detail the provider does not know makes the page a 404. It
 * needs no watcher, so a server render runs it alone and awaits it. `lists`: the list loaders
 * (routeLoads.ts). `knownMissing`: the page is the server's 404 being hydrated, which asks for
 * nothing of its own again.
 */
export function* loadPage(deps: Deps, lists: ListLoaders, route: RouteEntry, knownMissing = false) {
  const { routeId } = route;
  const loads = loadsOf(route);
  const layout = routeId === null || routeLayout(routeId) === 'main' ? LAYOUT_LOADS : [];
  const page = knownMissing ? [] : loads.content;
  // The product list loads the categories itself, before its rows: asking here too would fetch them twice.
  const content = [...layout, ...page].filter(([name]) => loads.list !== 'productList' || name !== 'classifyList');
  const results: (ApiResult<unknown> | undefined)[] = yield all([
    // The detail's "no such id" is this page's 404, not an error to announce (the errors saga).
    ...content.map((load) => call(loadContent, deps, load[0], load[1], load === loads.detail ? { routeDetail: true } : undefined)),
    ...(loads.list && !knownMissing ? [call(lists[loads.list], deps, route)] : []),
    ...(routeId && deps.services.preloadPage ? [call(deps.services.preloadPage, routeId)] : []),
  ]);
  // Decided from the detail's own answer, not from the state (which Redux DevTools may be showing from the past).
  const detail = loads.detail ? results[content.indexOf(loads.detail)] : undefined;
  if (detail && !detail.ok && detail.error.kind === 'envelope' && detail.error.notFound) yield put(routeNotFound());
}

/**
 * Every entry (a navigation, back and forward, the landing) runs its page's loads and, beside
 * them, the scroll its URL asks for; a newer entry cancels both, so a late answer or a scroll
 * never lands on the wrong page. The loads are shared by resource (shared/sharedLoads.ts): the
 * new page starts first and joins what it still needs of the loads in flight (a tab tap does not
 * ask the contacts again); then the old page is cancelled, which cancels and aborts only the loads
 * nobody waits for any more. A retry runs the loads again: those done are skipped, those in flight
 * joined, so only what failed is asked again; it leaves the scroll alone.
 */
export function* watchRouteLoads(deps: Deps, lists: ListLoaders) {
  const memory: SagaMemory = yield* sagaMemory();
  // The entry on screen and whether the server answered the landing with its 404 are the sagas'
  // own knowledge (a restarted watcher finds them there too), not the state's. A later entry
  // learns its 404 from its own detail's answer.
  let current = memory.route;
  const serverNotFound = memory.landing.notFound || isServerNotFound(memory.landing.route);
  let knownMissing = false;
  let loading: Task | undefined;
  let scrolling: Task | undefined;
  for (;;) {
    const action: { type: string } = yield take([routeEntered.type, retryRequested.type, landingLocated.type]);
    if (landingLocated.match(action)) {
      // The landing on screen, at the browser's URL: the sagas' memory has it before React answers
      // clicks; `current` stays the server's entry, which the landing's routeEntered is compared to.
      if (current === memory.landing.route && current?.path === action.payload.path) memory.route = action.payload;
      continue;
    }
    const entered = routeEntered.match(action);
    if (!entered && !current) continue;
    if (entered) {
      if (scrolling?.isRunning()) yield cancel(scrolling);
      const previous = current;
      current = action.payload;
      memory.route = current;
      knownMissing = serverNotFound && previous !== null && isLanding(current, previous);
      scrolling = yield fork(scrollAfterEntering, deps, current, previous);
    }
    const left = loading;
    loading = yield fork(loadPage, deps, lists, current as RouteEntry, knownMissing);
    if (left?.isRunning()) yield cancel(left);
  }
}
