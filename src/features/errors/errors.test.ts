import { END } from 'redux-saga';
import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic } from 'redux-saga-test-plan/providers';
import { call, fork, put, setContext, take, takeEvery } from 'redux-saga/effects';
import type { UnknownAction } from '@reduxjs/toolkit';
import { SAGA_MEMORY, SagaMemory } from '../shared/sagaMemory';
import { rootReducer, type RootState } from '../rootReducer';
import { sessionCleared } from '../session/actions';
import { apiFailed } from '../shared/apiFailed';
import { envelopeError, fakeDeps, networkError, stateWith } from '../store.testing';
import { watchApiErrors } from './saga';
import { navigatedTo, routeEntered } from '../shared/route';

type Deps = ReturnType<typeof fakeDeps>;

/**
 * services.now as an input: each read answers the next of `times` (ms). Every message the saga
 * considers showing reads it once; a read beyond the list fails the test.
 */
const clock = (deps: Deps, times: number[]) =>
  [
    matchers.call.fn(deps.services.now),
    dynamic(() => {
      const now = times.shift();
      if (now === undefined) throw new Error('services.now read more often than the test expected');
      return now;
    }),
  ] as [matchers.Matcher, unknown];

/** The errors saga hearing of `errors`, 10 s apart unless `times` says otherwise. */
const run = (deps: Deps, errors: Parameters<typeof apiFailed>[0][], times = errors.map((_, i) => i * 10_000), state: RootState = stateWith()) => {
  let saga = expectSaga(watchApiErrors, deps)
    .provide([clock(deps, times)])
    .withReducer(rootReducer, state);
  for (const error of errors) saga = saga.dispatch(apiFailed(error));
  return saga.dispatch(END).run();
};

describe('envelope errors', () => {
  it('code 1 shows msg as an error toast for 2 s', async () => {
    const deps = fakeDeps();
    const { storeState } = await run(deps, [envelopeError(1, '参数错误')]);
    expect(deps.services.toast.error).toHaveBeenCalledTimes(1);
    expect(deps.services.toast.error).toHaveBeenCalledWith('参数错误', { autoClose: 2000 });
    expect(storeState.navigation.route).toBeNull();
  });

  it('402 shows 缺token, whatever msg says', async () => {
    const deps = fakeDeps();
    await run(deps, [envelopeError(402, 'whatever')]);
    expect(deps.services.toast.error).toHaveBeenCalledWith('缺token', { autoClose: 2000 });
  });

  it("402 speaks the page's language", async () => {
    const deps = fakeDeps();
    await run(
      deps,
      [envelopeError(402, '缺token')],
      [0],
      stateWith((s) => void (s.locale.current = 'en')),
    );
    expect(deps.services.toast.error).toHaveBeenCalledWith('Token missing', { autoClose: 2000 });
  });

  it('402 speaks the language the sagas started in, though Redux DevTools shows a state in another (an imported session)', async () => {
    const deps = fakeDeps();
    const english = stateWith((s) => void (s.locale.current = 'en'));
    await expectSaga(function* imported() {
      yield setContext({ [SAGA_MEMORY]: new SagaMemory(stateWith()) });
      yield fork(watchApiErrors, deps);
    })
      .provide([clock(deps, [0])])
      .withReducer(rootReducer, english)
      .dispatch(apiFailed(envelopeError(402, 'whatever')))
      .dispatch(END)
      .run();
    expect(deps.services.toast.error).toHaveBeenCalledWith('缺token', { autoClose: 2000 });
  });

  it('network errors only reach the console', async () => {
    const deps = fakeDeps();
    await run(deps, [networkError('timeout')], []);
    expect(deps.services.log).toHaveBeenCalledWith('Request failed:', 'timeout');
    expect(deps.services.toast.error).not.toHaveBeenCalled();
  });

  it('"not found" is silent only for the route\'s detail load (its 404 page says so); from any other call it is announced', async () => {
    const missing = { ...envelopeError(1, '职位已下线'), notFound: true as const };
    const deps = fakeDeps();
    await expectSaga(watchApiErrors, deps)
      .provide([clock(deps, [0])])
      .withReducer(rootReducer, stateWith())
      .dispatch(apiFailed(missing, { routeDetail: true }))
      .dispatch(apiFailed(missing))
      .dispatch(END)
      .run();
    expect(deps.services.toast.error).toHaveBeenCalledTimes(1);
    expect(deps.services.toast.error).toHaveBeenCalledWith('职位已下线', { autoClose: 2000 });
  });
});

describe('the same message within 2 s', () => {
  it('is shown once when several loads fail together; another message is shown, a generic one for an empty msg', async () => {
    const deps = fakeDeps();
    await run(deps, [envelopeError(1, 'down'), envelopeError(1, 'down'), envelopeError(1, 'down'), envelopeError(7, '')], [0, 0, 0, 0]);
    expect(jest.mocked(deps.services.toast.error).mock.calls).toEqual([
      ['down', { autoClose: 2000 }],
      ['服务暂时不可用，请稍后再试', { autoClose: 2000 }],
    ]);
  });

  it('is shown again once 2 s have passed since it was shown, not before', async () => {
    const deps = fakeDeps();
    await run(deps, Array(5).fill(envelopeError(1, 'down')), [0, 1999, 2000, 3999, 4000]);
    // 0: shown; 1999: within 2 s of 0; 2000: shown; 3999: within 2 s of 2000; 4000: shown.
    expect(deps.services.toast.error).toHaveBeenCalledTimes(3);
    expect(deps.services.now).not.toHaveBeenCalled(); // the clock is the test's
  });
});

describe('403', () => {
  const expired = apiFailed(envelopeError(403, '登录已过期'));

  it('clears the session, then the token and userInfo cookies, goes to the login page, and then shows msg (in this order)', () => {
    const deps = fakeDeps();
    const { services } = deps;
    let worker: ((action: ReturnType<typeof apiFailed>) => Generator) | undefined;
    testSaga(watchApiErrors, deps)
      .next()
      .getContext(SAGA_MEMORY)
      .next(new SagaMemory(stateWith()))
      .inspect((effect: { payload: { args: unknown[] } }) => {
        worker = effect.payload.args[1] as typeof worker;
        expect(effect).toEqual(takeEvery(apiFailed.type, worker as never));
      })
      .next()
      .isDone();
    testSaga(worker as NonNullable<typeof worker>, expired)
      .next()
      .call(services.getCookie, 'token')
      .next('t1')
      .put(sessionCleared())
      .next()
      .call(services.removeCookie, 'token')
      .next()
      .call(services.removeCookie, 'userInfo')
      .next()
      .put(navigatedTo('/login'))
      .next()
      .call(services.now)
      .next(0)
      .call(services.toast.error, '登录已过期', { autoClose: 2000 })
      .next()
      .isDone();
  });

  it('does all of it through the store and the services', async () => {
    const deps = fakeDeps();
    const { storeState } = await expectSaga(watchApiErrors, deps)
      .provide([clock(deps, [0])])
      .withReducer(rootReducer, stateWith())
      .put(sessionCleared())
      .put(navigatedTo('/login'))
      .dispatch(expired)
      .dispatch(END)
      .run();
    expect(jest.mocked(deps.services.removeCookie).mock.calls).toEqual([['token'], ['userInfo']]);
    expect(storeState.navigation.route).toMatchObject({ routeId: 'login', navigation: 'push' });
    expect(deps.services.toast.error).toHaveBeenCalledWith('登录已过期', { autoClose: 2000 });
  });

  describe('one expiry is handled once', () => {
    /** Counts the session/cleared actions the store sees, and the login pages the flow opens. */
    const counting =
      (cleared: unknown[], opened: unknown[] = []) =>
      (state: RootState | undefined, action: UnknownAction) => (
        sessionCleared.match(action) && cleared.push(action),
        loginOpened(action) && opened.push(action),
        rootReducer(state, action)
      );
    const loginOpened = (action: unknown) => routeEntered.match(action) && action.payload.routeId === 'login';
    /** The browser's cookie jar, as services.getCookie and removeCookie see it. */
    const cookies = (token: string | null) => {
      const jar = new Map(token ? [['token', token]] : []);
      return { jar, services: { getCookie: jest.fn((name: string) => jar.get(name) ?? null), removeCookie: jest.fn((name: string) => void jar.delete(name)) } };
    };

    it('403 from several loads at once ends the session once', async () => {
      const deps = fakeDeps({}, cookies('t1').services);
      const cleared: unknown[] = [];
      const opened: unknown[] = [];
      await expectSaga(watchApiErrors, deps)
        .provide([clock(deps, [0])])
        .withReducer(counting(cleared, opened), stateWith())
        .dispatch(expired)
        .dispatch(expired)
        .dispatch(expired)
        .dispatch(END)
        .run();
      expect(cleared).toHaveLength(1);
      expect(opened).toHaveLength(1);
      expect(deps.services.removeCookie).toHaveBeenCalledTimes(2);
      expect(deps.services.toast.error).toHaveBeenCalledTimes(1);
    });

    it('a 403 that answers after the flow has opened the login page (a load the route did not cancel) is the same expiry', async () => {
      const cleared: unknown[] = [];
      const opened: unknown[] = [];
      const deps = fakeDeps({}, cookies('t1').services);
      function* visit() {
        yield fork(watchApiErrors, deps);
        yield put(expired); // the page's own load
        yield take(loginOpened);
        yield put(expired); // the news list's next page, asked before and answered now
        yield put(expired);
        yield put(END);
      }
      const saga = expectSaga(visit)
        .provide([clock(deps, [0])])
        .withReducer(counting(cleared, opened), stateWith());
      const { storeState } = await saga.run();
      expect(storeState.navigation.route?.routeId).toBe('login');
      expect(cleared).toHaveLength(1);
      expect(opened).toHaveLength(1);
      expect(deps.services.removeCookie).toHaveBeenCalledTimes(2);
    });

    it('a token the browser could not remove (a cookie of another path) is still the same expiry', async () => {
      const deps = fakeDeps({}, { ...cookies('t1').services, removeCookie: jest.fn() });
      const cleared: unknown[] = [];
      const opened: unknown[] = [];
      await expectSaga(watchApiErrors, deps)
        .provide([clock(deps, [0])])
        .withReducer(counting(cleared, opened), stateWith())
        .dispatch(expired)
        .dispatch(expired)
        .dispatch(END)
        .run();
      expect(cleared).toHaveLength(1);
      expect(opened).toHaveLength(1);
    });

    it('ends the session again only for a token the flow did not take away (a new login), with no token at all the first time too', async () => {
      const { jar, services } = cookies(null);
      const cleared: unknown[] = [];
      const opened: unknown[] = [];
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
        yield put(END);
      }
      // Each expiry's toast is 10 s after the last: both are shown.
      const saga = expectSaga(visit)
        .provide([clock(deps, [0, 10_000])])
        .withReducer(counting(cleared, opened), stateWith());
      await saga.run();
      expect(cleared).toHaveLength(2);
      expect(opened).toHaveLength(2);
      expect(deps.services.toast.error).toHaveBeenCalledTimes(2);
      expect(jar.has('token')).toBe(false);
    });
  });
});
