import { all, call, cancel, fork, put, select, take } from 'redux-saga/effects';
import type { Task } from 'redux-saga';
import { routeLayout } from '../../contracts/routes';
import type { Deps } from '../deps';
import type { Resource } from '../shared/resource';
import { loadContent } from '../content/saga';
import { selectContent } from '../content/selectors';
import { retryRequested } from '../content/slice';
import { loadProductPage } from '../product/saga';
import { loadFirstNewsPage } from '../news/saga';
import { loadStaffPageOnEntry } from '../members/saga';
import { LAYOUT_LOADS, routeLoads, type ListLoad, type RouteLoads } from './routeLoads';
import { scrollAfterEntering } from './scrollSaga';
import { selectRoute, selectRouteNotFound } from './selectors';
import { routeEntered, routeNotFound, type RouteEntry } from './slice';

const LIST_LOADERS: Record<ListLoad, (deps: Deps, route: RouteEntry) => Generator> = {
  productList: loadProductPage,
  newsList: loadFirstNewsPage,
  staffList: loadStaffPageOnEntry,
};

const loadsOf = (route: RouteEntry): RouteLoads => (route.routeId === null ? { content: [] } : routeLoads(route.routeId, route.params));

/**
 * Starts every load of a page in parallel and ends when all have ended, with the page's code
 * when the browser asks for it; a detail the provider does not know makes the page a 404. It
 * needs no watcher, so a server render runs it alone and awaits it.
 */
export function* loadPage(deps: Deps, route: RouteEntry) {
  const { routeId } = route;
  const loads = loadsOf(route);
  const layout = routeId === null || routeLayout(routeId) === 'main' ? LAYOUT_LOADS : [];
  // A page already known to be a 404 (the server's answer being hydrated) asks for nothing of its own again.
  const knownMissing: boolean = yield select(selectRouteNotFound);
  const page = knownMissing ? [] : loads.content;
  // The product list loads the categories itself, before its rows: asking here too would fetch them twice.
  const content = [...layout, ...page].filter(([name]) => loads.list !== 'productList' || name !== 'classifyList');
  yield all([
    // The detail's "no such id" is this page's 404, not an error to announce (the errors saga).
    ...content.map((load) => call(loadContent, deps, load[0], load[1], load === loads.detail ? { routeDetail: true } : undefined)),
    ...(loads.list && !knownMissing ? [call(LIST_LOADERS[loads.list], deps, route)] : []),
    ...(routeId && deps.services.preloadPage ? [call(deps.services.preloadPage, routeId)] : []),
  ]);
  if (loads.detail && !knownMissing) {
    const [name, params] = loads.detail;
    const detail: Resource<unknown> = yield select(selectContent(name, params));
    if (detail.error?.kind === 'envelope' && detail.error.notFound) yield put(routeNotFound());
  }
}

/** A page entered: its loads, then the scroll its URL asks for, once they have settled. */
function* enterRoute(deps: Deps, route: RouteEntry, previous: RouteEntry | null) {
  yield call(loadPage, deps, route);
  yield call(scrollAfterEntering, deps, route, previous);
}

/**
 * Every navigation runs its page's loads and scroll; a newer navigation (or a retry) cancels
 * what the previous one had not finished, so a late answer or a scroll never lands on the wrong page.
 */
export function* watchRouteLoads(deps: Deps) {
  let current: RouteEntry | null = yield select(selectRoute);
  let task: Task | undefined;
  for (;;) {
    const action: { type: string } = yield take([routeEntered.type, retryRequested.type]);
    if (task?.isRunning()) yield cancel(task);
    if (routeEntered.match(action)) {
      const previous = current;
      current = action.payload;
      task = yield fork(enterRoute, deps, current, previous);
    } else if (current) {
      // The route as entered, query included: loads already done are skipped, so only what failed is asked again.
      task = yield fork(loadPage, deps, current);
    }
  }
}
