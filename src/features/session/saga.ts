import { call, put, takeLeading } from 'redux-saga/effects';
import { pathTo } from '../../contracts/routes';
import { dictionary } from '../../i18n';
import type { Deps } from '../deps';
import { callApi, type ApiResult } from '../shared/callApi';
import { sagaMemory, type SagaMemory } from '../shared/sagaMemory';
import { logoutRequested, SESSION_COOKIES, sessionCleared } from './actions';
import { navigatedTo } from '../shared/route';

/** The bare layout's logout, behind a confirm (退出登录?; cancelled: 取消登出). */
export function* logout(deps: Deps) {
  const { api, services } = deps;
  const { locale }: SagaMemory = yield* sagaMemory();
  const text = dictionary(locale).session;
  const confirmed: boolean = yield call(services.confirm, text.confirmLogout);
  if (!confirmed) {
    yield call(services.toast.info, text.logoutCancelled);
    return;
  }
  const result: ApiResult<unknown> = yield* callApi(deps, api.logout);
  if (!result.ok) return;
  yield call(services.toast.success, text.loggedOut);
  yield put(sessionCleared());
  for (const name of SESSION_COOKIES) yield call(services.removeCookie, name);
  yield put(navigatedTo(pathTo('login')));
}

export function* watchLogout(deps: Deps) {
  yield takeLeading(logoutRequested.type, logout, deps);
}
