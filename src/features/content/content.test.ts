import type { UnknownAction } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError } from 'redux-saga-test-plan/providers';
import { all, call, cancel, fork, join, put, race, select, setContext, take } from 'redux-saga/effects';
import type { Task } from 'redux-saga';
import type { ApiError } from '../../api/types';
import { rootReducer, type RootState } from '../rootReducer';
import { apiFailed } from '../shared/apiFailed';
import type { ApiResult } from '../shared/callApi';
import { IDLE, type Resource } from '../shared/resource';
import { SAGA_MEMORY, SagaMemory } from '../shared/sagaMemory';
import { deferred, envelopeError, fakeDeps, loadedEntry, networkError, stateAfter, stateWith } from '../store.testing';
import { contentKey } from './key';
import { fetchContent, loadContent } from './saga';
import { selectContent, selectEntry } from './selectors';
import reducer, { contentCancelled, contentFailed, contentRequested, contentSucceeded, type ContentState } from './slice';

const about = { title: 'About', des: 'text', pic: '' };
const KEY = contentKey('aboutUs', 'zh');

/** The content slice after these actions, from its initial state. */
const contentAfter = (...actions: UnknownAction[]): ContentState =>
  actions.reduce<ContentState>((state, action) => reducer(state, action), reducer(undefined, { type: '@@test/init' }));

/** The root reducer writing down each action it reduces: the store's log, as Redux DevTools lists it. */
function storeLog() {
  const actions: UnknownAction[] = [];
  const logged = (state: RootState | undefined, action: UnknownAction) => {
    if (!action.type.startsWith('@@')) actions.push(action);
    return rootReducer(state, action);
  };
  return { reducer: logged, actions, types: () => actions.map((action) => action.type) };
}

const requestIdsOf = (actions: UnknownAction[], type: string) =>
  actions.filter((action) => action.type === type).map((action) => (action as unknown as { payload: { requestId: string } }).payload.requestId);

describe('contentKey', () => {
  it('keys an entry by resource, locale and params sorted by name', () => {
    expect(contentKey('pageBanner', 'en', { type: 2 })).toBe('pageBanner|en|type=2');
    expect(contentKey('main', 'zh')).toBe('main|zh|');
    expect(contentKey('pageBanner', 'zh', { type: 2, id: '3' })).toBe('pageBanner|zh|id=3&type=2');
    expect(contentKey('pageBanner', 'zh', { id: '3', type: 2 })).toBe('pageBanner|zh|id=3&type=2');
    expect(contentKey('aboutUs', 'en')).not.toBe(contentKey('aboutUs', 'zh'));
  });

  it('keys each list page by its params: category, keyword and page', () => {
    expect(contentKey('productList', 'zh', { page: 2, keyword: 'gel', classifyId: 0 })).toBe('productList|zh|classifyId=0&keyword=gel&page=2');
    expect(contentKey('productList', 'en', { classifyId: 3, page: 1 })).toBe('productList|en|classifyId=3&page=1');
    expect(contentKey('newsList', 'zh', { page: 3 })).toBe('newsList|zh|page=3');
    expect(contentKey('memberList', 'en', { page: 1 })).toBe('memberList|en|page=1');
  });

  it('drops empty and undefined params, so "no keyword" is one entry however it is written', () => {
    const plain = contentKey('productList', 'zh', { classifyId: 3, page: 1 });
    expect(contentKey('productList', 'zh', { classifyId: 3, page: 1, keyword: '' })).toBe(plain);
    expect(contentKey('productList', 'zh', { classifyId: 3, page: 1, keyword: undefined })).toBe(plain);
    expect(contentKey('notices', 'zh', { id: '3', type: undefined })).toBe('notices|zh|id=3');
    expect(contentKey('notices', 'zh', { id: '' })).toBe('notices|zh|');
  });

  it('URI-encodes values, so a keyword cannot pose as another param', () => {
    expect(contentKey('productList', 'zh', { classifyId: 0, keyword: 'a&page=2 凝胶', page: 1 })).toBe(
      'productList|zh|classifyId=0&keyword=a%26page%3D2%20%E5%87%9D%E8%83%B6&page=1',
    );
    expect(contentKey('productList', 'zh', { classifyId: 0, keyword: 'a&page=2' })).not.toBe(
      contentKey('productList', 'zh', { classifyId: 0, keyword: 'a', page: 2 }),
    );
    expect(contentKey('productDetail', 'en', { id: 'x|y' })).toBe('productDetail|en|id=x%7Cy');
  });
});

describe('the content slice: one rule for a stale answer', () => {
  const failure = envelopeError(1, 'down');
  const answersOf = (requestId: string) => [
    contentSucceeded({ key: 'k', requestId, data: 'answer' }),
    contentFailed({ key: 'k', requestId, error: failure }),
    contentCancelled({ key: 'k', requestId }),
  ];

  it('a request owns its entry by the id its action carries, a new id for each request', () => {
    const first = contentRequested({ key: 'k' });
    const second = contentRequested({ key: 'k' });
    expect(first.payload.requestId).toEqual(expect.any(String));
    expect(second.payload.requestId).not.toBe(first.payload.requestId);
    expect(contentAfter(first).entries).toEqual({ k: { status: 'loading', data: null, error: null, requestId: first.payload.requestId } });
  });

  it.each([
    ['succeeded', 0],
    ['failed', 1],
    ['cancelled', 2],
  ] as const)('an answer (%s) with another request id changes nothing, loading afresh or again', (_kind, index) => {
    for (const state of [contentAfter(contentRequested({ key: 'k' })), contentAfter(...loadedEntry('k', 'shown'), contentRequested({ key: 'k' }))]) {
      expect(reducer(state, answersOf('another request')[index] as UnknownAction)).toBe(state);
    }
  });

  it('an answer for an entry nobody requested creates nothing', () => {
    for (const answer of answersOf('never asked')) expect(contentAfter(answer).entries).toEqual({});
  });

  it('a newer request takes the entry over: the older answer is ignored, the newer one counts', () => {
    const older = contentRequested({ key: 'k' });
    const newer = contentRequested({ key: 'k' });
    for (const olderAnswer of answersOf(older.payload.requestId)) {
      const state = contentAfter(older, newer);
      expect(state.entries.k).toEqual({ status: 'loading', data: null, error: null, requestId: newer.payload.requestId });
      expect(reducer(state, olderAnswer)).toBe(state);
    }
    const settled = contentAfter(older, newer, contentSucceeded({ ...older.payload, data: 'older' }), contentSucceeded({ ...newer.payload, data: 'newer' }));
    expect(settled.entries.k).toEqual({ status: 'succeeded', data: 'newer', error: null, requestId: null });
  });

  it('an answer counts once: after its entry settled, the same request changes nothing', () => {
    const request = contentRequested({ key: 'k' });
    for (const settle of answersOf(request.payload.requestId)) {
      const state = contentAfter(request, settle);
      expect(state.entries.k?.requestId).toBeNull();
      for (const late of answersOf(request.payload.requestId)) expect(reducer(state, late)).toBe(state);
    }
  });

  it('a cancelled load gives back what was shown: idle without data, succeeded with the data it had', () => {
    const request = contentRequested({ key: 'k' });
    expect(contentAfter(request, contentCancelled(request.payload)).entries.k).toEqual(IDLE);
    const reload = contentRequested({ key: 'k' });
    expect(contentAfter(...loadedEntry('k', 'shown'), reload, contentCancelled(reload.payload)).entries.k).toEqual({
      status: 'succeeded',
      data: 'shown',
      error: null,
      requestId: null,
    });
  });

  it('keeps the data while the entry loads again, and a failed reload keeps it beside the error', () => {
    const reload = contentRequested({ key: 'k' });
    const loading = contentAfter(...loadedEntry('k', 'shown'), reload);
    expect(loading.entries.k).toEqual({ status: 'loading', data: 'shown', error: null, requestId: reload.payload.requestId });
    expect(reducer(loading, contentFailed({ ...reload.payload, error: failure })).entries.k).toEqual({
      status: 'failed',
      data: 'shown',
      error: failure,
      requestId: null,
    });
  });

  it('a new request after a failure owns the entry again and clears the old error', () => {
    const first = contentRequested({ key: 'k' });
    const retry = contentRequested({ key: 'k' });
    const state = contentAfter(first, contentFailed({ ...first.payload, error: failure }), retry);
    expect(state.entries.k).toEqual({ status: 'loading', data: null, error: null, requestId: retry.payload.requestId });
    expect(reducer(state, contentSucceeded({ ...retry.payload, data: 'ok' })).entries.k?.status).toBe('succeeded');
  });

  it('an entry reads as idle before its first load', () => {
    expect(selectContent('aboutUs')(stateAfter())).toEqual(IDLE);
    expect(selectEntry('never|zh|')(stateAfter())).toEqual(IDLE);
  });
});

describe('fetchContent', () => {
  it('passes each api function the params it needs, and the signal last', async () => {
    const calls: unknown[][] = [];
    const record =
      (name: string) =>
      (...args: unknown[]) => (calls.push([name, ...args]), Promise.resolve(name));
    const names = ['pageBanner', 'newsDetail', 'notices', 'aboutUs', 'productList', 'newsList', 'memberList'] as const;
    const deps = fakeDeps(Object.fromEntries(names.map((name) => [name, record(name)])));
    const { signal } = new AbortController();
    await fetchContent(deps, 'pageBanner', { type: 4 }, 'en', signal);
    await fetchContent(deps, 'pageBanner', {}, 'en');
    await fetchContent(deps, 'newsDetail', { id: '7' }, 'zh', signal);
    await fetchContent(deps, 'newsDetail', {}, 'zh');
    await fetchContent(deps, 'notices', { id: '2' }, 'zh', signal);
    await fetchContent(deps, 'aboutUs', {}, 'en', signal);
    await fetchContent(deps, 'productList', { classifyId: 3, page: 2, keyword: 'gel' }, 'zh', signal);
    await fetchContent(deps, 'productList', {}, 'zh');
    await fetchContent(deps, 'newsList', { page: 2 }, 'en', signal);
    await fetchContent(deps, 'memberList', {}, 'zh', signal);
    expect(calls).toEqual([
      ['pageBanner', 'en', 4, signal],
      ['pageBanner', 'en', 1, undefined],
      ['newsDetail', 'zh', '7', signal],
      ['newsDetail', 'zh', '', undefined],
      ['notices', 'zh', '2', signal],
      ['aboutUs', 'en', signal],
      ['productList', 'zh', { classifyId: 3, page: 2, pageSize: 6, keyword: 'gel' }, signal],
      ['productList', 'zh', { classifyId: 0, page: 1, pageSize: 6, keyword: '' }, undefined],
      ['newsList', 'en', { page: 2, pageSize: 5 }, signal],
      ['memberList', 'zh', { page: 1, pageSize: 10 }, signal],
    ]);
  });
});

describe('loadContent', () => {
  /** The api stands in through fetchContent: answers by the saga's own call, no api fake needed. */
  const asksFetch = (answer: unknown) => [matchers.call.fn(fetchContent), answer] as [matchers.Matcher, unknown];

  it("loads the entry of the store's locale, returns the answer and settles the entry with its own request id", async () => {
    const aboutUs = jest.fn(async () => about);
    const log = storeLog();
    const result = await expectSaga(loadContent, fakeDeps({ aboutUs }), 'aboutUs', {})
      .withReducer(
        log.reducer,
        stateWith((s) => void (s.locale.current = 'en')),
      )
      .returns({ ok: true, data: about })
      .not.put.actionType(contentCancelled.type)
      .not.put.actionType(apiFailed.type)
      .run();
    expect(aboutUs).toHaveBeenCalledWith('en', expect.any(AbortSignal));
    expect(log.types()).toEqual([contentRequested.type, contentSucceeded.type]);
    expect(requestIdsOf(log.actions, contentSucceeded.type)).toEqual(requestIdsOf(log.actions, contentRequested.type));
    expect(selectContent('aboutUs')(result.storeState)).toEqual({ status: 'succeeded', data: about, error: null, requestId: null });
  });

  it('skips an entry that already succeeded and returns its data without calling the api', async () => {
    const state = stateAfter(...loadedEntry(KEY, about));
    await expectSaga(loadContent, fakeDeps(), 'aboutUs', {})
      .provide([asksFetch(throwError(new Error('asked again')))])
      .withReducer(rootReducer, state)
      .not.call.fn(fetchContent)
      .not.put.actionType(contentRequested.type)
      .returns({ ok: true, data: about })
      .hasFinalState(state)
      .run();
  });

  it('asks again for an entry that failed', async () => {
    const request = contentRequested({ key: KEY });
    const state = stateAfter(request, contentFailed({ ...request.payload, error: networkError() }));
    const asked: unknown[][] = [];
    const { storeState } = await expectSaga(loadContent, fakeDeps(), 'aboutUs', {})
      .provide([asksFetch(dynamic(({ args }: { args: unknown[] }) => (asked.push(args.slice(1)), about)))])
      .withReducer(rootReducer, state)
      .returns({ ok: true, data: about })
      .run();
    expect(asked).toEqual([['aboutUs', {}, 'zh', expect.any(AbortSignal)]]);
    expect(selectEntry(KEY)(storeState)).toEqual({ status: 'succeeded', data: about, error: null, requestId: null });
  });

  it("reports a failure once, with the caller's context, and marks it on the entry it owns", async () => {
    const error: ApiError = { kind: 'envelope', code: 404, msg: 'no such id', notFound: true };
    const log = storeLog();
    const result = await expectSaga(loadContent, fakeDeps(), 'productDetail', { id: '9' }, { routeDetail: true })
      .provide([asksFetch(throwError(error as unknown as Error))])
      .withReducer(log.reducer, stateAfter())
      .put(apiFailed(error, { routeDetail: true }))
      .not.put.actionType(contentCancelled.type)
      .returns({ ok: false, error })
      .run();
    const [requested] = requestIdsOf(log.actions, contentRequested.type);
    expect(log.actions).toEqual([
      { type: contentRequested.type, payload: { key: 'productDetail|zh|id=9', requestId: requested } },
      apiFailed(error, { routeDetail: true }),
      contentFailed({ key: 'productDetail|zh|id=9', requestId: requested as string, error }),
    ]);
    expect(selectEntry('productDetail|zh|id=9')(result.storeState)).toEqual({ status: 'failed', data: null, error, requestId: null });
  });

  it('when its page is left, aborts its request and gives the entry back with the same request id', async () => {
    let received: AbortSignal | undefined;
    const aboutUs = jest.fn((_lan: string, signal: AbortSignal) => ((received = signal), new Promise<never>(() => {})));
    const log = storeLog();
    const result = await expectSaga(function* leftPage() {
      yield race({ load: call(loadContent, fakeDeps({ aboutUs: aboutUs as never }), 'aboutUs', {}), left: take('test/pageLeft') });
    })
      .withReducer(log.reducer, stateAfter())
      .dispatch({ type: 'test/pageLeft' })
      .not.put.actionType(contentSucceeded.type)
      .not.put.actionType(contentFailed.type)
      .run();
    expect(aboutUs).toHaveBeenCalledTimes(1);
    expect(received?.aborted).toBe(true);
    expect(log.types().filter((type) => type.startsWith('content/'))).toEqual([contentRequested.type, contentCancelled.type]);
    expect(requestIdsOf(log.actions, contentCancelled.type)).toEqual(requestIdsOf(log.actions, contentRequested.type));
    expect(selectEntry(KEY)(result.storeState)).toEqual(IDLE);
  });

  it('when its task is cancelled over an entry that had data, aborts and shows that data again', async () => {
    const asked = deferred<AbortSignal>();
    const aboutUs = jest.fn((_lan: string, signal: AbortSignal) => (asked.resolve(signal), new Promise<never>(() => {})));
    const reload = contentRequested({ key: KEY });
    let signal: AbortSignal | undefined;
    let abortedBefore: boolean | undefined;
    const { storeState } = await expectSaga(function* cancelled() {
      const task: Task = yield fork(loadContent, fakeDeps({ aboutUs: aboutUs as never }), 'aboutUs', {});
      signal = yield call(() => asked.promise);
      abortedBefore = signal?.aborted;
      yield cancel(task);
    })
      .withReducer(rootReducer, stateAfter(...loadedEntry(KEY, about), reload))
      .put.like({ action: { type: contentCancelled.type, payload: { key: KEY } } })
      .run();
    expect([abortedBefore, signal?.aborted]).toEqual([false, true]);
    expect(selectEntry(KEY)(storeState)).toEqual({ status: 'succeeded', data: about, error: null, requestId: null });
  });

  it('asks in the language the sagas started in, though Redux DevTools shows a state in another (an imported session)', async () => {
    const aboutUs = jest.fn(async (_lan: string) => about);
    const memory = new SagaMemory(stateAfter());
    const english = stateWith((state) => void (state.locale.current = 'en'));
    const { storeState } = await expectSaga(function* imported() {
      yield setContext({ [SAGA_MEMORY]: memory });
      yield call(loadContent, fakeDeps({ aboutUs }), 'aboutUs', {});
    })
      .withReducer(rootReducer, english)
      .run();
    expect(aboutUs.mock.calls.map(([lan]) => lan)).toEqual(['zh']);
    expect(selectEntry(KEY)(storeState)).toMatchObject({ status: 'succeeded', data: about });
  });

  it('a bug thrown past callApi is logged and rethrown, and leaves the entry not loading', async () => {
    const bug = new TypeError('rows is undefined');
    let thrown: unknown;
    const deps = fakeDeps();
    const log = storeLog();
    const result = await expectSaga(function* watcher() {
      try {
        yield call(loadContent, deps, 'aboutUs', {});
      } catch (error) {
        thrown = error; // the watcher's restart wrapper sees it
      }
    })
      .provide([asksFetch(throwError(bug))])
      .withReducer(log.reducer, stateAfter())
      .call(deps.services.log, 'Provider call failed with an unexpected error:', bug)
      .not.put.actionType(apiFailed.type)
      .run();
    expect(thrown).toBe(bug);
    expect(log.types()).toEqual([contentRequested.type, contentCancelled.type]);
    expect(requestIdsOf(log.actions, contentCancelled.type)).toEqual(requestIdsOf(log.actions, contentRequested.type));
    expect(selectEntry(KEY)(result.storeState)).toEqual(IDLE);
  });

  it('time travel cannot break a page: over an entry another request owns, it asks itself and its own answer settles the entry', async () => {
    const other = contentRequested({ key: KEY });
    const asked = deferred<void>();
    const own = deferred<typeof about>();
    const aboutUs = jest.fn(() => (asked.resolve(), own.promise));
    let during: Resource<unknown> | undefined;
    let loaded: ApiResult<unknown> | undefined;
    const log = storeLog();
    const result = await expectSaga(function* page() {
      const task: Task = yield fork(loadContent, fakeDeps({ aboutUs }), 'aboutUs', {});
      yield call(() => asked.promise);
      // The other request's answer comes while this one is out: it no longer owns the entry.
      yield put(contentSucceeded({ ...other.payload, data: { ...about, title: 'stale' } }));
      during = yield select(selectEntry(KEY));
      own.resolve(about);
      loaded = yield join(task);
    })
      .withReducer(log.reducer, stateAfter(other))
      .run();
    expect(result.effects.take).toBeUndefined();
    expect(aboutUs).toHaveBeenCalledTimes(1);
    const ownId = requestIdsOf(log.actions, contentRequested.type)[0];
    expect(ownId).not.toBe(other.payload.requestId);
    expect(during).toEqual({ status: 'loading', data: null, error: null, requestId: ownId });
    expect(loaded).toEqual({ ok: true, data: about });
    expect(selectEntry(KEY)(result.storeState)).toEqual({ status: 'succeeded', data: about, error: null, requestId: null });
  });

  it('two callers of one entry each ask; the newer request owns it and the older answer, coming last, is ignored', async () => {
    const older = deferred<typeof about>();
    const newer = deferred<typeof about>();
    const bothAsked = deferred<void>();
    const aboutUs = jest
      .fn()
      .mockReturnValueOnce(older.promise)
      .mockImplementationOnce(() => (bothAsked.resolve(), newer.promise));
    const deps = fakeDeps({ aboutUs });
    const fresh = { ...about, title: 'fresh' };
    let results: unknown;
    const { storeState } = await expectSaga(function* twoCallers() {
      results = yield all([
        call(loadContent, deps, 'aboutUs', {}),
        call(loadContent, deps, 'aboutUs', {}),
        call(function* answers() {
          yield call(() => bothAsked.promise);
          newer.resolve(fresh);
          yield take(contentSucceeded.type);
          older.resolve({ ...about, title: 'old' });
        }),
      ]);
    })
      .withReducer(rootReducer, stateAfter())
      .run();
    expect(aboutUs).toHaveBeenCalledTimes(2);
    expect(results).toEqual([{ ok: true, data: { ...about, title: 'old' } }, { ok: true, data: fresh }, undefined]);
    expect(selectEntry(KEY)(storeState)).toEqual({ status: 'succeeded', data: fresh, error: null, requestId: null });
  });

  it('cancelling an older load leaves the newer load that owns the entry alone', async () => {
    const signals: AbortSignal[] = [];
    const bothAsked = deferred<void>();
    const newer = deferred<typeof about>();
    const aboutUs = jest.fn((_lan: string, signal: AbortSignal) => {
      signals.push(signal);
      if (signals.length === 1) return new Promise<never>(() => {});
      bothAsked.resolve();
      return newer.promise;
    });
    const deps = fakeDeps({ aboutUs: aboutUs as never });
    let during: Resource<unknown> | undefined;
    const { storeState } = await expectSaga(function* twoPages() {
      yield all([
        race({ load: call(loadContent, deps, 'aboutUs', {}), left: take('test/left') }),
        call(loadContent, deps, 'aboutUs', {}),
        call(function* leave() {
          yield call(() => bothAsked.promise);
          yield put({ type: 'test/left' });
          during = yield select(selectEntry(KEY));
          newer.resolve(about);
        }),
      ]);
    })
      .withReducer(rootReducer, stateAfter())
      .put.actionType(contentCancelled.type)
      .run();
    expect(signals.map((signal) => signal.aborted)).toEqual([true, false]);
    expect(during?.status).toBe('loading');
    expect(selectEntry(KEY)(storeState)).toEqual({ status: 'succeeded', data: about, error: null, requestId: null });
  });
});
