import { call, put, select, takeLatest } from 'redux-saga/effects';
import type { ApiError, MemberPicture, Paged } from '../../api/types';
import { PAGE_SIZE } from '../../contracts/constants';
import type { Locale } from '../../contracts/locale';
import type { Deps } from '../deps';
import { apiFailed } from '../errors/actions';
import { selectLocale } from '../locale/selectors';
import type { RootState } from '../../app/store';
import { staffListFailed, staffListRequested, staffListSucceeded, staffPageSelected } from './slice';

/** The staff picture grid of /resources, one page of 10 at a time. */
export function* loadStaffPage({ api }: Deps) {
  const locale: Locale = yield select(selectLocale);
  const page: number = yield select((state: RootState) => state.members.page);
  yield put(staffListRequested());
  try {
    const data: Paged<MemberPicture> = yield call(api.memberList, locale, { page, pageSize: PAGE_SIZE.member });
    yield put(staffListSucceeded({ page, data }));
  } catch (error) {
    yield put(staffListFailed({ page, error: error as ApiError }));
    yield put(apiFailed(error as ApiError));
  }
}

export function* watchStaffPages(deps: Deps) {
  yield takeLatest(staffPageSelected.type, loadStaffPage, deps);
}
