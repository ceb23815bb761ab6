import { call, cancelled, put, select, takeLatest } from 'redux-saga/effects';
import type { MemberPicture, Paged } from '../../api/types';
import { PAGE_SIZE } from '../../contracts/constants';
import type { Locale } from '../../contracts/locale';
import type { Deps } from '../deps';
import { callApi, type ApiResult } from '../shared/callApi';
import { selectLocale } from '../locale/selectors';
import type { RootState } from '../rootReducer';
import { staffListCancelled, staffListFailed, staffListRequested, staffListSucceeded, staffPageSelected } from './slice';

/** The staff picture grid of /resources, one page of 10 at a time. */
export function* loadStaffPage(deps: Deps) {
  const locale: Locale = yield select(selectLocale);
  const page: number = yield select((state: RootState) => state.members.page);
  yield put(staffListRequested());
  try {
    const result: ApiResult<Paged<MemberPicture>> = yield* callApi(deps, deps.api.memberList, locale, { page, pageSize: PAGE_SIZE.member });
    yield put(result.ok ? staffListSucceeded({ page, data: result.data }) : staffListFailed({ page, error: result.error }));
  } finally {
    if ((yield cancelled()) as boolean) yield put(staffListCancelled({ page }));
  }
}

/** Entering /resources: a staff page already loaded (or preloaded by the server) is kept. */
export function* loadStaffPageOnEntry(deps: Deps) {
  const status: string = yield select((state: RootState) => state.members.list.status);
  if (status !== 'succeeded') yield call(loadStaffPage, deps);
}

export function* watchStaffPages(deps: Deps) {
  yield takeLatest(staffPageSelected.type, loadStaffPage, deps);
}
