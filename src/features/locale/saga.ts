import { call, put, takeLatest } from 'redux-saga/effects';
import type { ApiError } from '../../api/types';
import { isLocale, LOCALE_COOKIE } from '../../contracts/locale';
import type { Deps } from '../deps';
import { apiFailed } from '../errors/actions';
import { localeChanged, localeChangeRejected, localeChangeRequested } from './slice';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** SPEC §4: ask the provider first; on code 0 keep the choice (store and cookie) and reload. */
export function* changeLocale({ api, services }: Deps, action: ReturnType<typeof localeChangeRequested>) {
  const requested = action.payload;
  if (!isLocale(requested)) {
    yield put(localeChangeRejected());
    return;
  }
  try {
    yield call(api.checkLanguage, requested);
  } catch (error) {
    yield put(localeChangeRejected());
    yield put(apiFailed(error as ApiError));
    return;
  }
  yield put(localeChanged(requested));
  yield call(services.setCookie, LOCALE_COOKIE, requested, { maxAgeSeconds: ONE_YEAR_SECONDS });
  yield call(services.reload);
}

export function* watchLocale(deps: Deps) {
  yield takeLatest(localeChangeRequested.type, changeLocale, deps);
}
