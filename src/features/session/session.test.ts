import { END } from 'redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError } from 'redux-saga-test-plan/providers';
import { call, fork, put } from 'redux-saga/effects';
import { rootReducer } from '../rootReducer';
import { apiFailed } from '../shared/apiFailed';
import { deferred, envelopeError, fakeDeps, stateWith } from '../store.testing';
import { logoutRequested, sessionCleared } from './actions';
import { watchLogout } from './saga';
import { navigatedTo, routeEntered } from '../shared/route';

type Deps = ReturnType<typeof fakeDeps>;

/** Deps whose logout api is answered by the test's provider (calling the fake itself fails). */
const withLogout = (services: Parameters<typeof fakeDeps>[1] = {}) => {
  const logout = jest.fn(() => Promise.reject(new Error('the logout api is provided by the test')));
  return fakeDeps({ logout }, services);
};

const logOut = (deps: Deps, answer: unknown, locale: 'zh' | 'en' = 'zh') =>
  expectSaga(watchLogout, deps)
    .provide([[matchers.call.fn(deps.api.logout), answer]])
    .withReducer(
      rootReducer,
      stateWith((s) => void (s.locale.current = locale)),
    )
    .dispatch(logoutRequested())
    .dispatch(END);

describe('logout', () => {
  it('asks 退出登录? and on cancel shows 取消登出, asks the provider nothing and keeps the cookies', async () => {
    const deps = withLogout({ confirm: jest.fn(() => false) });
    const { storeState } = await logOut(deps, 'ok').not.call.fn(deps.api.logout).not.put(sessionCleared()).run();
    expect(deps.services.confirm).toHaveBeenCalledWith('退出登录?');
    expect(deps.services.toast.info).toHaveBeenCalledWith('取消登出');
    expect(deps.services.removeCookie).not.toHaveBeenCalled();
    expect(storeState.navigation.route).toBeNull();
  });

  it('on code 0 shows 退出登录, clears the session and its cookies, and goes to the login route', async () => {
    const deps = withLogout();
    const { storeState } = await logOut(deps, 'ok').call.fn(deps.api.logout).put(sessionCleared()).put(navigatedTo('/login')).run();
    expect(deps.services.toast.success).toHaveBeenCalledWith('退出登录');
    expect(jest.mocked(deps.services.removeCookie).mock.calls).toEqual([['token'], ['userInfo']]);
    expect(storeState.navigation.route).toMatchObject({ routeId: 'login', navigation: 'push' });
  });

  it("speaks the page's language", async () => {
    const deps = withLogout({ confirm: jest.fn(() => false) });
    await logOut(deps, 'ok', 'en').run();
    expect(deps.services.confirm).toHaveBeenCalledWith('Log out?');
    expect(deps.services.toast.info).toHaveBeenCalledWith('Logout cancelled');
  });

  it('on a failure reports the error and stays: no session cleared, no cookie removed, no navigation', async () => {
    const error = envelopeError(1, 'no');
    const deps = withLogout();
    const { storeState } = await logOut(deps, throwError(error as unknown as Error))
      .put(apiFailed(error))
      .not.put(sessionCleared())
      .run();
    expect(deps.services.toast.success).not.toHaveBeenCalled();
    expect(deps.services.removeCookie).not.toHaveBeenCalled();
    expect(storeState.navigation.route).toBeNull();
  });

  it('ignores a second click while the first logout is on its way', async () => {
    const asked = deferred<void>();
    const answer = deferred<string>();
    const provider = jest.fn(() => (asked.resolve(), answer.promise));
    const deps = withLogout();
    function* clicks() {
      yield fork(watchLogout, deps);
      yield put(logoutRequested());
      yield call(() => asked.promise);
      yield put(logoutRequested());
      yield call(() => answer.resolve('ok'));
      yield put(END); // the first logout still ends: END stops only the listening
    }
    const { effects } = await expectSaga(clicks)
      .provide([[matchers.call.fn(deps.api.logout), dynamic(provider)]])
      .withReducer(rootReducer, stateWith())
      .run();
    expect(provider).toHaveBeenCalledTimes(1);
    expect(deps.services.confirm).toHaveBeenCalledTimes(1);
    expect(effects.put.filter((effect) => routeEntered.match(effect.payload.action))).toHaveLength(1);
  });
});
