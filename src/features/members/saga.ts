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

/** A newer page cancels the request of the older one; so does leaving the page. */
export function* watchStaffPages(deps: Deps) {
  yield takeLatest(staffPageSelected.type, whileOnPage, loadStaffPage, deps);
}
