import { expectSaga } from 'redux-saga-test-plan';
import { all, call, delay, fork, put, race, take } from 'redux-saga/effects';
import { rootReducer } from '../rootReducer';
import { apiFailed } from '../shared/apiFailed';
import { deferred, envelopeError, fakeDeps, stateWith } from '../testing';
import { contentKey } from './key';
import { fetchContent, loadContent } from './saga';
import { selectContent } from './selectors';
import reducer, { contentCancelled, contentFailed, contentRequested, contentSucceeded } from './slice';

const about = { title: 'About', des: 'text', pic: '' };

describe('content entries', () => {
  it('are keyed by resource, locale and sorted params', () => {
    expect(contentKey('pageBanner', 'en', { type: 2 })).toBe('pageBanner|en|type=2');
    expect(contentKey('notices', 'zh', { id: '3', type: undefined })).toBe('notices|zh|id=3');
    expect(contentKey('main', 'zh')).toBe('main|zh|');
    expect(contentKey('pageBanner', 'zh', { type: 2, id: '3' })).toBe(contentKey('pageBanner', 'zh', { id: '3', type: 2 }));
    expect(contentKey('pageBanner', 'zh', { type: 2, id: '3' })).toBe('pageBanner|zh|id=3&type=2');
  });

  it('ignore an answer for an entry that is no longer loading', () => {
    let state = reducer(undefined, contentRequested({ key: 'k' }));
    state = reducer(state, contentCancelled({ key: 'k' }));
    expect(state.entries.k?.status).toBe('idle');
    state = reducer(state, contentSucceeded({ key: 'k', data: 1 }));
    expect(state.entries.k).toEqual({ status: 'idle', data: null, error: null });
    state = reducer(state, contentFailed({ key: 'k', error: envelopeError(1, 'x') }));
    expect(state.entries.k?.status).toBe('idle');
    const loaded = reducer(reducer(undefined, contentRequested({ key: 'k' })), contentSucceeded({ key: 'k', data: 1 }));
    expect(reducer(loaded, contentFailed({ key: 'k', error: envelopeError(1, 'late') })).entries.k).toEqual({ status: 'succeeded', data: 1, error: null });
    for (const late of [contentSucceeded({ key: 'never asked', data: 1 }), contentFailed({ key: 'never asked', error: envelopeError(1, 'x') })]) {
      expect(reducer(undefined, late).entries).toEqual({});
    }
  });

  it('keep the previous data while reloading and after a cancelled reload', () => {
    let state = reducer(undefined, contentRequested({ key: 'k' }));
    state = reducer(state, contentSucceeded({ key: 'k', data: 'old' }));
    state = reducer(state, contentRequested({ key: 'k' }));
    expect(state.entries.k).toEqual({ status: 'loading', data: 'old', error: null });
    state = reducer(state, contentCancelled({ key: 'k' }));
    expect(state.entries.k?.status).toBe('succeeded');
  });

  it('read as idle before their first load', () => {
    expect(selectContent('aboutUs')(stateWith())).toEqual({ status: 'idle', data: null, error: null });
  });
});

describe('fetchContent', () => {
  it('passes the params each api function needs', async () => {
    const calls: unknown[][] = [];
    const record = (name: string) => (...args: unknown[]) => (calls.push([name, ...args]), Promise.resolve(name));
    const deps = fakeDeps({ pageBanner: record('pageBanner'), newsDetail: record('newsDetail'), notices: record('notices'), aboutUs: record('aboutUs') });
    await fetchContent(deps, 'pageBanner', { type: 4 }, 'en');
    await fetchContent(deps, 'pageBanner', {}, 'en');
    await fetchContent(deps, 'newsDetail', { id: '7' }, 'zh');
    await fetchContent(deps, 'newsDetail', {}, 'zh');
    await fetchContent(deps, 'notices', { id: '2' }, 'zh');
    await fetchContent(deps, 'aboutUs', {}, 'en');
    expect(calls).toEqual([
      ['pageBanner', 'en', 4],
      ['pageBanner', 'en', 1],
      ['newsDetail', 'zh', '7'],
      ['newsDetail', 'zh', ''],
      ['notices', 'zh', '2'],
      ['aboutUs', 'en'],
    ]);
  });
});

describe('loadContent', () => {
  it('stores the answer under the locale of the store', async () => {
    const deps = fakeDeps({ aboutUs: async () => about });
    const { storeState } = await expectSaga(loadContent, deps, 'aboutUs', {})
      .withReducer(rootReducer, stateWith((s) => void (s.locale.current = 'en')))
      .put.like({ action: { type: contentRequested.type, payload: { key: 'aboutUs|en|' } } })
      .put(contentSucceeded({ key: 'aboutUs|en|', data: about }))
      .run();
    expect(selectContent('aboutUs')(storeState).data).toEqual(about);
  });

  it('does not ask again for an entry that already succeeded', async () => {
    const aboutUs = jest.fn(async () => about);
    const state = stateWith((s) => void (s.content.entries['aboutUs|zh|'] = { status: 'succeeded', data: about, error: null }));
    await expectSaga(loadContent, fakeDeps({ aboutUs }), 'aboutUs', {}).withReducer(rootReducer, state).not.put.actionType(contentRequested.type).run();
    expect(aboutUs).not.toHaveBeenCalled();
  });

  it('marks a failure on the entry and reports it once', async () => {
    const error = envelopeError(1, 'not found');
    const { storeState } = await expectSaga(loadContent, fakeDeps({ aboutUs: () => Promise.reject(error) }), 'aboutUs', {})
      .withReducer(rootReducer, stateWith())
      .put(contentFailed({ key: 'aboutUs|zh|', error }))
      .put(apiFailed(error))
      .run();
    expect(selectContent('aboutUs')(storeState)).toEqual({ status: 'failed', data: null, error });
  });

  /** Two callers of one entry in one `all`; the run asserts both returned. */
  const twoCallersTogether = (aboutUs: () => Promise<unknown>) => {
    const deps = fakeDeps({ aboutUs });
    return expectSaga(function* () {
      yield all([call(loadContent, deps, 'aboutUs', {}), call(loadContent, deps, 'aboutUs', {})]);
      yield put({ type: 'test/bothReturned' });
    })
      .withReducer(rootReducer, stateWith())
      .put({ type: 'test/bothReturned' })
      .run();
  };

  it('does not stay loading when the api function throws a bug: the next load asks again', async () => {
    let calls = 0;
    const aboutUs = jest.fn(async () => {
      calls += 1;
      if (calls === 1) throw new TypeError('rows is undefined');
      return about;
    });
    const deps = fakeDeps({ aboutUs });
    const { storeState } = await expectSaga(function* () {
      try {
        yield call(loadContent, deps, 'aboutUs', {});
      } catch {
        // the bug is logged and rethrown; the watcher restarts
      }
      yield call(loadContent, deps, 'aboutUs', {});
    })
      .withReducer(rootReducer, stateWith())
      .run(500);
    expect(aboutUs).toHaveBeenCalledTimes(2);
    expect(selectContent('aboutUs')(storeState).status).toBe('succeeded');
  });

  it('asks once when two callers want the same entry together', async () => {
    const aboutUs = jest.fn(async () => about);
    const { storeState } = await twoCallersTogether(aboutUs);
    expect(aboutUs).toHaveBeenCalledTimes(1);
    expect(selectContent('aboutUs')(storeState)).toEqual({ status: 'succeeded', data: about, error: null });
  });

  it('a caller waiting for another load takes its failure and does not ask again', async () => {
    const error = envelopeError(1, 'down');
    const aboutUs = jest.fn(() => Promise.reject(error));
    const { storeState } = await twoCallersTogether(aboutUs);
    expect(aboutUs).toHaveBeenCalledTimes(1);
    expect(selectContent('aboutUs')(storeState)).toEqual({ status: 'failed', data: null, error });
  });

  it('a caller waiting for one entry is not woken by another', async () => {
    const aboutUs = deferred<typeof about>();
    const develop = jest.fn(async () => []);
    const deps = fakeDeps({ aboutUs: jest.fn(() => aboutUs.promise), develop });
    const order: string[] = [];
    await expectSaga(function* () {
      yield all([
        call(loadContent, deps, 'aboutUs', {}),
        call(function* waiter() {
          yield call(loadContent, deps, 'aboutUs', {});
          order.push('waiter returned');
        }),
        call(function* other() {
          yield call(loadContent, deps, 'develop', {});
          order.push('develop loaded');
          aboutUs.resolve(about);
        }),
      ]);
    })
      .withReducer(rootReducer, stateWith())
      .run();
    expect(order).toEqual(['develop loaded', 'waiter returned']);
  });

  it('a waiting caller wakes for its own entry only, not for another one settling', async () => {
    const key = contentKey('aboutUs', 'zh');
    const loading = stateWith((s) => {
      s.content.entries[key] = { status: 'loading', data: null, error: null };
      s.content.loading[key] = 'another caller';
    });
    let returned = false;
    await expectSaga(function* () {
      yield fork(function* waiter() {
        yield call(loadContent, fakeDeps(), 'aboutUs');
        returned = true;
      });
      yield put(contentSucceeded({ key: contentKey('develop', 'zh'), data: [] }));
      yield put(contentFailed({ key: contentKey('aboutUs', 'en'), error: envelopeError(1, 'x') }));
    })
      .withReducer(rootReducer, loading)
      .silentRun(30);
    expect(returned).toBe(false);
  });

  it('puts no cancellation after a load that settled: DevTools shows no cancel that did not happen', async () => {
    await expectSaga(loadContent, fakeDeps({ aboutUs: async () => about }), 'aboutUs')
      .withReducer(rootReducer, stateWith())
      .put.actionType(contentSucceeded.type)
      .not.put.actionType(contentCancelled.type)
      .run();
  });

  it('a caller waiting for another load asks itself when that load is cancelled', async () => {
    const abandoned = deferred<typeof about>();
    const aboutUs = jest.fn().mockReturnValueOnce(abandoned.promise).mockResolvedValue(about);
    const deps = fakeDeps({ aboutUs });
    const { storeState } = await expectSaga(function* () {
      yield all([
        race({ load: call(loadContent, deps, 'aboutUs', {}), left: take('test/left') }),
        call(loadContent, deps, 'aboutUs', {}),
        call(function* leave() {
          yield take(contentRequested.type);
          yield put({ type: 'test/left' });
        }),
      ]);
      abandoned.resolve({ ...about, title: 'late' });
    })
      .withReducer(rootReducer, stateWith())
      .run();
    expect(aboutUs).toHaveBeenCalledTimes(2);
    expect(selectContent('aboutUs')(storeState)).toEqual({ status: 'succeeded', data: about, error: null });
  });

  it('a request for an entry already loading leaves it to the load that owns it', () => {
    const first = contentRequested({ key: 'k' });
    const second = contentRequested({ key: 'k' });
    expect(second.meta.requestId).not.toBe(first.meta.requestId);
    let state = reducer(undefined, first);
    state = reducer(state, second);
    expect(state.loading).toEqual({ k: first.meta.requestId });
    state = reducer(state, contentSucceeded({ key: 'k', data: 1 }));
    expect(state.loading).toEqual({});
  });

  it('let go of a failed or cancelled load, so the next request owns the entry', () => {
    for (const settle of [contentFailed({ key: 'k', error: envelopeError(1, 'x') }), contentCancelled({ key: 'k' })]) {
      let state = reducer(undefined, contentRequested({ key: 'k' }));
      state = reducer(state, settle);
      expect(state.loading).toEqual({});
      const next = contentRequested({ key: 'k' });
      expect(reducer(state, next).loading).toEqual({ k: next.meta.requestId });
    }
  });

  it('leaves no entry waiting when cancelled', async () => {
    const never = () => new Promise(() => {});
    const { storeState } = await expectSaga(function* () {
      yield race({ load: loadContent(fakeDeps({ aboutUs: never }), 'aboutUs', {}), timeout: delay(10) });
    })
      .withReducer(rootReducer, stateWith())
      .put(contentCancelled({ key: 'aboutUs|zh|' }))
      .run();
    expect(selectContent('aboutUs')(storeState).status).toBe('idle');
  });
});
