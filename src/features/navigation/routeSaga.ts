import { all, call, select, takeLatest } from 'redux-saga/effects';
import type { RootState } from '../rootReducer';
import { routeLayout } from '../../contracts/routes';
import type { Deps } from '../deps';
import { loadContent } from '../content/saga';
import { LAYOUT_LOADS, pageLoads } from './pageLoads';
import { retryRequested } from '../content/slice';
import { loadProductPage } from '../product/saga';
import { loadFirstNewsPage } from '../news/saga';
import { loadStaffPageOnEntry } from '../members/saga';
import { routeEntered, type RouteEntry } from './slice';

/**
 * Starts every load of a page in parallel and ends when all have ended; the page's paged lists
 * come from their slices. It needs no watcher, so a server render can run it alone and await it.
 */
export function* loadPage(deps: Deps, route: RouteEntry) {
  const { routeId, params } = route;
  const layout = routeId === null || routeLayout(routeId) === 'main' ? LAYOUT_LOADS : [];
  const page = routeId === null ? [] : pageLoads(routeId, params);
  // /product loads the categories itself, before its list: asking here too would fetch them twice.
  const content = [...layout, ...page].filter(([name]) => routeId !== 'product' || name !== 'classifyList');
  const lists = [
    ...(routeId === 'product' ? [call(loadProductPage, deps, route)] : []),
    ...(routeId === 'news' ? [call(loadFirstNewsPage, deps)] : []),
    ...(routeId === 'resources' ? [call(loadStaffPageOnEntry, deps)] : []),
  ];
  yield all([...content.map(([name, p]) => call(loadContent, deps, name, p)), ...lists]);
}

function* handleRouteEntered(deps: Deps, action: ReturnType<typeof routeEntered>) {
  yield call(loadPage, deps, action.payload);
}

function* handleRetry(deps: Deps) {
  const route: RouteEntry | null = yield select((state: RootState) => state.navigation.route);
  // The route as entered, query included: loads already done are skipped, so only what failed is asked again.
  if (route) yield call(loadPage, deps, route);
}

/** A newer navigation (or retry) cancels the loads of the previous one: takeLatest. */
export function* watchRouteLoads(deps: Deps) {
  yield takeLatest([routeEntered.type, retryRequested.type], function* route(deps2: Deps, action: { type: string }) {
    if (routeEntered.match(action)) yield call(handleRouteEntered, deps2, action);
    else yield call(handleRetry, deps2);
  }, deps);
}
