import { call, put, takeLatest } from 'redux-saga/effects';
import { pathTo } from '../../contracts/routes';
import type { Deps } from '../deps';
import { loadContent } from '../content/saga';
import { navigatedTo } from '../navigation/slice';
import { pageOfQuery } from '../shared/pageQuery';
import { routeUrl, type RouteEntry } from '../shared/route';
import { staffPageSelected, staffRouteApplied } from './slice';

/** Entering /resources: the staff page its URL names (?page=), one page of 10 (a page already loaded is kept). */
export function* loadStaffPage(deps: Deps, route: RouteEntry) {
  const page = pageOfQuery(route.query.page);
  yield put(staffRouteApplied(page));
  yield call(loadContent, deps, 'memberList', { page });
}

/** The /resources URL of a staff page: page 1 is the bare path. */
export const staffUrl = (page: number) => routeUrl({ path: pathTo('resources'), query: page > 1 ? { page: String(page) } : {}, hash: '' });

/**
 * A staff page the visitor chose is a new history entry, from the action alone (the state may be
 * one Redux DevTools shows from the past); the entry loads it, and a newer entry cancels it.
 */
function* followStaffPage(_deps: Deps, action: ReturnType<typeof staffPageSelected>) {
  yield put(navigatedTo(staffUrl(Math.max(1, action.payload))));
}

export function* watchStaffPages(deps: Deps) {
  yield takeLatest(staffPageSelected.type, followStaffPage, deps);
}
