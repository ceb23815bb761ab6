import { call, put, takeEvery } from 'redux-saga/effects';
import type { ApiError } from '../../api/types';
import { ENVELOPE_CODE } from '../../contracts/envelope';
import { dictionary } from '../../i18n';
import { TIMING } from '../../contracts/constants';
import { pathTo } from '../../contracts/routes';
import type { Deps } from '../deps';
import { SESSION_COOKIES, sessionCleared } from '../session/actions';
import { apiFailed } from '../shared/apiFailed';
import { errorText } from '../shared/errorText';
import { navigatedTo } from '../shared/route';
import { sagaMemory, type SagaMemory } from '../shared/sagaMemory';

/**
 * The envelope's error codes (src/contracts/envelope.ts), in one place: 1 → error toast with msg for 2 s; 402 → 缺token (in the page's
 * language); 403 → clear the login state, show msg, go to the login route; network → console
 * only. The words come from errorText, which a form's own message uses too. The same message within 2 s
 * is shown once: a page whose six loads fail together shows one toast, not six.
 */
export function* watchApiErrors({ services }: Deps) {
  // The toasts' language: the sagas' (a switch loads the page anew), not a state DevTools may show.
  const { locale }: SagaMemory = yield* sagaMemory();
  let lastShown = { msg: '', at: -Infinity };
  // One expiry is one token: the loads failing with 403 together, and those still on their way
  // when the flow has gone to the login page (a list, a submission: not the route's, so not
  // cancelled), are handled once. Only a token the flow did not take away (a new login) expires
  // anew. Checked and set with no yield between, so no two failures can both take it.
  let expired: { token: string | null } | null = null;
  yield takeEvery(apiFailed.type, function* showApiError(action: ReturnType<typeof apiFailed>) {
    const error: ApiError = action.payload;
    if (error.kind === 'network') {
      yield call(services.log, 'Request failed:', error.msg);
      return;
    }
    // "No such id" of the route's detail: the page is the 404 page, which says so itself. Any
    // other call's "not found" (a section, a list, a form) is announced like any error.
    if (error.notFound && action.meta?.routeDetail) return;
    if (error.code === ENVELOPE_CODE.loginExpired) {
      const token: string | null = yield call(services.getCookie, 'token');
      if (expired && (token === null || token === expired.token)) return;
      expired = { token };
      yield put(sessionCleared());
      for (const name of SESSION_COOKIES) yield call(services.removeCookie, name);
      yield put(navigatedTo(pathTo('login')));
    }
    const msg = errorText(error, dictionary(locale));
    const now: number = yield call(services.now);
    if (msg === lastShown.msg && now - lastShown.at < TIMING.errorToastMs) return;
    lastShown = { msg, at: now };
    yield call(services.toast.error, msg, { autoClose: TIMING.errorToastMs });
  });
}
