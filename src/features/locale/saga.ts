import { call, put, takeLatest } from 'redux-saga/effects';
import { isLocale, LOCALE_COOKIE } from '../../contracts/locale';
import type { Deps } from '../deps';
import { callApi, type ApiResult } from '../shared/callApi';
import { sagaMemory, type SagaMemory } from '../shared/sagaMemory';
import { twinUrl } from './selectors';
import { localeChangeConfirmed, localeChangeRejected, localeChangeRequested } from './slice';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Ask the provider first (checkLanguage); on code 0 keep the choice in the cookie and load the page in
 * that language. The locale in the store changes with that page, not before: switching it here
 * would turn the page still on screen into skeletons of the other language's content.
 */
export function* changeLocale(deps: Deps, action: ReturnType<typeof localeChangeRequested>) {
  const requested = action.payload;
  if (!isLocale(requested)) {
    yield put(localeChangeRejected());
    return;
  }
  const result: ApiResult<unknown> = yield* callApi(deps, deps.api.checkLanguage, requested);
  if (!result.ok) {
    yield put(localeChangeRejected());
    return;
  }
  yield put(localeChangeConfirmed(requested));
  yield call(deps.services.setCookie, LOCALE_COOKIE, requested, { maxAgeSeconds: ONE_YEAR_SECONDS });
  // The page on screen as the route saga last entered it (the sagas' memory), not a past DevTools may show.
  const { route }: SagaMemory = yield* sagaMemory();
  yield call(deps.services.load, twinUrl(route, requested));
}

export function* watchLocale(deps: Deps) {
  yield takeLatest(localeChangeRequested.type, changeLocale, deps);
}
