import { expectSaga } from 'redux-saga-test-plan';
import { call, fork, put, take } from 'redux-saga/effects';
import type { UnknownAction } from '@reduxjs/toolkit';
import { rootReducer, type RootState } from '../rootReducer';
import { envelopeError, fakeDeps, networkError, stateWith } from '../testing';
import { apiFailed } from '../shared/apiFailed';
import { watchApiErrors } from './saga';
import { navigatedTo, routeEntered } from '../navigation/slice';
import { sessionCleared } from '../session/actions';

const run = (deps: ReturnType<typeof fakeDeps>, ...errors: Parameters<typeof apiFailed>[0][]) => {
  let saga = expectSaga(watchApiErrors, deps).withReducer(rootReducer, stateWith((s) => void (s.session.loggedIn = true)));
  for (const error of errors) saga = saga.dispatch(apiFailed(error));
  return saga.silentRun(30);
};

describe('envelope errors', () => {
  it('code 1 shows msg as an error toast for 2 s', async () => {
    const deps = fakeDeps();
    await run(deps, envelopeError(1, '参数错误'));
    expect(deps.services.toast.error).toHaveBeenCalledWith('参数错误', { autoClose: 2000 });
  });

  it('402 shows 缺token', async () => {
    const deps = fakeDeps();
    await run(deps, envelopeError(402, 'whatever'));
    expect(deps.services.toast.error).toHaveBeenCalledWith('缺token', { autoClose: 2000 });
  });

  it('402 speaks the page\'s language', async () => {
    const deps = fakeDeps();
    await expectSaga(watchApiErrors, deps)
      .withReducer(rootReducer, stateWith((s) => void (s.locale.current = 'en')))
      .dispatch(apiFailed(envelopeError(402, '缺token')))
      .silentRun(30);
    expect(deps.services.toast.error).toHaveBeenCalledWith('Token missing', { autoClose: 2000 });
  });

  it('403 clears the login state and cookies, shows msg and goes to the login route', async () => {
    const deps = fakeDeps();
    const { storeState } = await run(deps, envelopeError(403, '登录已过期'));
    expect(storeState.session.loggedIn).toBe(false);
    expect(deps.services.removeCookie).toHaveBeenCalledWith('token');
    expect(deps.services.removeCookie).toHaveBeenCalledWith('userInfo');
    expect(deps.services.navigate).toHaveBeenCalledWith('/login');
    expect(deps.services.toast.error).toHaveBeenCalledWith('登录已过期', { autoClose: 2000 });
  });

  describe('403: one expiry is handled once', () => {
    const expired = apiFailed(envelopeError(403, '登录已过期'));
    /** Counts the session/cleared actions the store sees. */
    const counting = (cleared: unknown[]) => (state: RootState | undefined, action: UnknownAction) => (sessionCleared.match(action) && cleared.push(action), rootReducer(state, action));
    /** The browser's navigate: a saga's navigation is a routeEntered like a link's. */
    const navigateInto = (run: ReturnType<typeof expectSaga>, deps: ReturnType<typeof fakeDeps>) =>
      jest.mocked(deps.services.navigate).mockImplementation((path) => void run.dispatch(navigatedTo(path)));
    const loginOpened = (action: unknown) => routeEntered.match(action) && action.payload.routeId === 'login';
    /** The browser's cookie jar, as services.getCookie and removeCookie see it. */
    const cookies = (token: string | null) => {
      const jar = new Map(token ? [['token', token]] : []);
      return { jar, services: { getCookie: jest.fn((name: string) => jar.get(name) ?? null), removeCookie: jest.fn((name: string) => void jar.delete(name)) } };
    };

    it('403 from several loads at once ends the session once', async () => {
      const { services } = cookies('t1');
      const deps = fakeDeps({}, services);
      const cleared: unknown[] = [];
      await expectSaga(watchApiErrors, deps).withReducer(counting(cleared), stateWith()).dispatch(expired).dispatch(expired).dispatch(expired).silentRun(30);
      expect(cleared).toHaveLength(1);
      expect(deps.services.navigate).toHaveBeenCalledTimes(1);
      expect(deps.services.removeCookie).toHaveBeenCalledTimes(2);
    });

    it('a 403 that answers after the flow has opened the login page (a load the route did not cancel) is the same expiry', async () => {
      const cleared: unknown[] = [];
      const deps = fakeDeps({}, cookies('t1').services);
      function* visit() {
        yield fork(watchApiErrors, deps);
        yield put(expired); // the page's own load
        yield take(loginOpened);
        yield put(expired); // the news list's next page, asked before and answered now
        yield put(expired);
      }
      const run = expectSaga(visit).withReducer(counting(cleared), stateWith());
      navigateInto(run, deps);
      const { storeState } = await run.silentRun(50);
      expect(storeState.navigation.route?.routeId).toBe('login');
      expect(cleared).toHaveLength(1);
      expect(deps.services.navigate).toHaveBeenCalledTimes(1);
      expect(deps.services.removeCookie).toHaveBeenCalledTimes(2);
    });

    it('a token the browser could not remove (a cookie of another path) is still the same expiry', async () => {
      const { services } = cookies('t1');
      const deps = fakeDeps({}, { ...services, removeCookie: jest.fn() });
      const cleared: unknown[] = [];
      await expectSaga(watchApiErrors, deps).withReducer(counting(cleared), stateWith()).dispatch(expired).dispatch(expired).silentRun(30);
      expect(cleared).toHaveLength(1);
      expect(deps.services.navigate).toHaveBeenCalledTimes(1);
    });

    it('ends the session again only for a token the flow did not take away (a new login), with no token at all the first time too', async () => {
      const { jar, services } = cookies(null);
      const cleared: unknown[] = [];
      const deps = fakeDeps({}, services);
      function* visit() {
        yield fork(watchApiErrors, deps);
        yield put(expired);
        yield take(loginOpened);
        yield put(expired);
        yield call(() => void jar.set('token', 't2')); // logged in again
        yield put(expired);
        yield take(loginOpened);
        yield put(expired);
      }
      const run = expectSaga(visit).withReducer(counting(cleared), stateWith());
      navigateInto(run, deps);
      await run.silentRun(50);
      expect(cleared).toHaveLength(2);
      expect(deps.services.navigate).toHaveBeenCalledTimes(2);
      expect(jar.has('token')).toBe(false);
    });
  });

  it('"not found" is silent only for the route\'s detail load (its 404 page says so); from any other call it is announced', async () => {
    const missing = { ...envelopeError(1, '职位已下线'), notFound: true as const };
    const deps = fakeDeps();
    await expectSaga(watchApiErrors, deps).withReducer(rootReducer, stateWith()).dispatch(apiFailed(missing, { routeDetail: true })).silentRun(30);
    expect(deps.services.toast.error).not.toHaveBeenCalled();
    await expectSaga(watchApiErrors, deps).withReducer(rootReducer, stateWith()).dispatch(apiFailed(missing)).silentRun(30);
    expect(deps.services.toast.error).toHaveBeenCalledWith('职位已下线', { autoClose: 2000 });
  });

  it('network errors only reach the console', async () => {
    const deps = fakeDeps();
    await run(deps, networkError('timeout'));
    expect(deps.services.log).toHaveBeenCalledWith('Request failed:', 'timeout');
    expect(deps.services.toast.error).not.toHaveBeenCalled();
  });

  it('shows the same message once when several loads fail together, and a generic one for an empty msg', async () => {
    const deps = fakeDeps();
    await run(deps, envelopeError(1, 'down'), envelopeError(1, 'down'), envelopeError(1, 'down'), envelopeError(7, ''));
    expect(deps.services.toast.error).toHaveBeenCalledTimes(2);
    expect(deps.services.toast.error).toHaveBeenLastCalledWith('服务暂时不可用，请稍后再试', { autoClose: 2000 });
  });

  it('shows the same message again once 2 s have passed, not before', async () => {
    // The saga reads the clock once per message shown: at 0, 1999 and 2000 ms.
    const times = [0, 1999, 2000].map((ms) => 1_000_000 + ms);
    const deps = fakeDeps({}, { now: jest.fn(() => times.shift() ?? Number.NaN) });
    await run(deps, envelopeError(1, 'down'), envelopeError(1, 'down'), envelopeError(1, 'down'));
    expect(deps.services.toast.error).toHaveBeenCalledTimes(2);
  });
});
