import { call, put, select, takeLeading } from 'redux-saga/effects';
import type { ApiError } from '../../api/types';
import type { Locale } from '../../contracts/locale';
import { pathTo } from '../../contracts/routes';
import { dictionary } from '../../i18n';
import type { Deps } from '../deps';
import { apiFailed } from '../errors/actions';
import { SESSION_COOKIES } from '../errors/saga';
import { selectLocale } from '../locale/selectors';
import { logoutRequested, sessionCleared } from './slice';

/** SPEC §6: the bare layout's logout, behind a confirm. */
export function* logout({ api, services }: Deps) {
  const locale: Locale = yield select(selectLocale);
  const text = dictionary(locale).session;
  const confirmed: boolean = yield call(services.confirm, text.confirmLogout);
  if (!confirmed) {
    yield call(services.toast.info, text.logoutCancelled);
    return;
  }
  try {
    yield call(api.logout);
  } catch (error) {
    yield put(apiFailed(error as ApiError));
    return;
  }
  yield call(services.toast.success, text.loggedOut);
  yield put(sessionCleared());
  for (const name of SESSION_COOKIES) yield call(services.removeCookie, name);
  yield call(services.navigate, pathTo('login'));
}

export function* watchLogout(deps: Deps) {
  yield takeLeading(logoutRequested.type, logout, deps);
}
