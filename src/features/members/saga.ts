import { call, select, takeLatest } from 'redux-saga/effects';
import type { Deps } from '../deps';
import { loadContent } from '../content/saga';
import { staffPageSelected } from './slice';
import { whileOnPage } from '../shared/whileOnPage';
import { selectStaffPage } from './selectors';

/** The staff picture grid of /resources, one page of 10 at a time (a page already loaded is kept). */
export function* loadStaffPage(deps: Deps) {
  const page: number = yield select(selectStaffPage);
  yield call(loadContent, deps, 'memberList', { page });
}

/** The page the visitor chose, from the action: the state may be one Redux DevTools shows from the past. */
function* loadChosenStaffPage(deps: Deps, page: number) {
  yield call(loadContent, deps, 'memberList', { page: Math.max(1, page) });
}

/** A newer page cancels the request of the older one; so does leaving the page. */
export function* watchStaffPages(deps: Deps) {
  yield takeLatest(staffPageSelected.type, function* chosen(action: ReturnType<typeof staffPageSelected>) {
    yield call(whileOnPage, (onPage: Deps) => loadChosenStaffPage(onPage, action.payload), deps);
  });
}
