import { call } from 'redux-saga/effects';
import type { Deps } from '../deps';
import { loadContent } from '../content/saga';
import { pageOfQuery } from '../shared/pageQuery';
import type { RouteEntry } from '../shared/route';

/** Entering /resources: the staff page its URL names (?page=), one page of 10 (a page already loaded is kept). */
export function* loadMemberPage(deps: Deps, route: RouteEntry) {
  yield call(loadContent, deps, 'memberList', { page: pageOfQuery(route.query.page) });
}
