import { configureStore } from '@reduxjs/toolkit';
import { ActionCreators, instrument } from '@redux-devtools/instrument';
import createSagaMiddleware, { END, type EffectMiddleware } from 'redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import { all, call, fork, put, setContext, type ActionPattern } from 'redux-saga/effects';
import { contentKey } from '../content/key';
import { selectContent } from '../content/selectors';
import { contentCancelled, contentFailed, contentRequested, contentSucceeded, retryRequested } from '../content/slice';
import type { ContentName, ContentParams } from '../content/types';
import { watchApiErrors } from '../errors/saga';
import { rootReducer, type RootState } from '../rootReducer';
import { apiFailed } from '../shared/apiFailed';
import { navigatedTo, routeEntered, routeEntryOf, routeNotFound } from '../shared/route';
import { SAGA_MEMORY, SagaMemory, sagaMemory } from '../shared/sagaMemory';
import { DELAY_FN, deferred, endOn, envelopeError, fakeDeps, loadedEntry, stateAfter, until, virtualClock } from '../store.testing';
import { LAYOUT_LOADS, routeLoads } from './routeLoads';
import { watchRouteLoads } from './routeSaga';
import { selectActivePath } from './selectors';
import { LIST_LOADERS } from '../../app/rootSaga';

const resolved = (value: unknown) => jest.fn((..._args: unknown[]) => Promise.resolve(value));
const layout = () => ({ main: resolved({ company: 'Y' }), classifyList: resolved([{ id: 1, name: 'A' }]) });
const enter = (url: string) => navigatedTo(url);
const aboutApi = () => ({
  pageBanner: resolved({}),
  aboutUs: resolved({}),
  develop: resolved([]),
  business: resolved([]),
  social: resolved({}),
  contactUs: resolved({}),
});
const notFound = { ...envelopeError(1, '未找到'), notFound: true as const };

/** A load the server (or an earlier visit) finished: requested, then answered by its own request. */
const loaded = (name: ContentName, params: ContentParams = {}, data: unknown = {}) => loadedEntry(contentKey(name, 'zh', params), data);

/**
 * The route saga with the errors saga beside it, as in the browser (what the visitor is told):
 * the visitor enters `url`, and the test ends once `last` was put.
 */
function* withErrors(deps: ReturnType<typeof fakeDeps>, url: string, last: ActionPattern) {
  yield all([fork(watchApiErrors, deps), fork(watchRouteLoads, deps, LIST_LOADERS)]);
  yield* endOn(last, enter(url));
}

describe('routeEntered', () => {
  it('marks the page active and loads the layout and every section of the page', async () => {
    const clock = virtualClock();
    const deps = fakeDeps({
      ...layout(),
      pageBanner: resolved({ name: 'banner' }),
      sceneOverview: resolved({ title: 'o' }),
      sceneTeam: resolved([]),
      sceneCooperation: resolved([]),
      sceneResearch: resolved([]),
    });
    const { storeState } = await expectSaga(watchRouteLoads, deps, LIST_LOADERS)
      .provide([clock.provider])
      .withReducer(rootReducer, stateAfter())
      .dispatch(enter('/innovation'))
      .dispatch(END)
      .run();
    expect(selectActivePath(storeState)).toBe('/innovation');
    for (const name of ['main', 'classifyList', 'sceneOverview', 'sceneTeam', 'sceneCooperation', 'sceneResearch'] as const) {
      expect(selectContent(name)(storeState).status).toBe('succeeded');
    }
    expect(selectContent('pageBanner', { type: 3 })(storeState).data).toEqual({ name: 'banner' });
    expect(deps.api.pageBanner).toHaveBeenCalledWith('zh', 3, expect.any(AbortSignal));
  });

  it('loads only the layout for an unknown path, and nothing of it for the bare layout', async () => {
    const api = layout();
    await expectSaga(watchRouteLoads, fakeDeps(api), LIST_LOADERS)
      .provide([virtualClock().provider])
      .withReducer(rootReducer, stateAfter())
      .dispatch(enter('/nope'))
      .dispatch(enter('/login'))
      .dispatch(END)
      .run();
    expect(api.main).toHaveBeenCalledTimes(1);
    expect(api.classifyList).toHaveBeenCalledTimes(1);
  });

  it('cancels the loads of the page left: its request is aborted, its entry idle again, its late answer never lands', async () => {
    const first = deferred<unknown>();
    let firstSignal: AbortSignal | undefined;
    const newsDetail = jest.fn((_lan: string, id: string, signal?: AbortSignal) => {
      if (id === '1') {
        firstSignal = signal;
        return first.promise;
      }
      first.resolve({ title: 'one' }); // the first page's answer comes late, while the saga still runs
      return Promise.resolve({ title: 'two' });
    });
    const { storeState } = await expectSaga(watchRouteLoads, fakeDeps({ ...layout(), newsDetail }), LIST_LOADERS)
      .provide([virtualClock().provider])
      .withReducer(rootReducer, stateAfter())
      .put.like({ action: { type: contentCancelled.type, payload: { key: contentKey('newsDetail', 'zh', { id: '1' }) } } })
      .not.put.like({ action: { type: contentSucceeded.type, payload: { key: contentKey('newsDetail', 'zh', { id: '1' }) } } })
      .dispatch(enter('/news/1'))
      .dispatch(enter('/news/2'))
      .dispatch(END)
      .run();
    expect(newsDetail.mock.calls.map(([, id]) => id)).toEqual(['1', '2']);
    expect(firstSignal?.aborted).toBe(true);
    expect(selectContent('newsDetail', { id: '1' })(storeState)).toEqual({ status: 'idle', data: null, error: null, requestId: null });
    expect(selectContent('newsDetail', { id: '2' })(storeState).data).toEqual({ title: 'two' });
    expect(selectActivePath(storeState)).toBe('/news/2');
  });

  it('cancels the scroll of the page left: its anchor never scrolls the next page', async () => {
    const clock = virtualClock();
    const aboutCode = deferred<boolean>();
    const preloadPage = jest.fn((routeId: string) => (routeId === 'about' ? aboutCode.promise : Promise.resolve(true)));
    const report = jest.fn(() => {
      aboutCode.resolve(true); // the old page's code comes in once the next page loads
      return Promise.resolve({ title: 'T', content: '' });
    });
    const deps = fakeDeps({ ...layout(), ...aboutApi(), report }, { preloadPage });
    await expectSaga(watchRouteLoads, deps, LIST_LOADERS)
      .provide([clock.provider])
      .withReducer(rootReducer, stateAfter(enter('/news')))
      .dispatch(enter('/about#culture'))
      .dispatch(enter('/report'))
      .dispatch(END)
      .run();
    expect(report).toHaveBeenCalledTimes(1);
    expect(deps.services.scrollTo).toHaveBeenCalledTimes(1); // /report's top, once its code was in
    expect(deps.services.scrollToElement).not.toHaveBeenCalled();
    expect(clock.waits).toEqual([]);
  });
});

describe('a retry', () => {
  it('runs again only the failed loads of the current page', async () => {
    const clock = virtualClock();
    let fail = true;
    const api = {
      ...layout(),
      pageBanner: resolved({ name: 'r' }),
      report: jest.fn(() => (fail ? Promise.reject(envelopeError(1, 'down')) : Promise.resolve({ title: 'T', content: '<p>x</p>' }))),
    };
    const deps = fakeDeps(api);
    const failed = await expectSaga(watchRouteLoads, deps, LIST_LOADERS)
      .provide([clock.provider])
      .withReducer(rootReducer, stateAfter(enter('/news')))
      .put(apiFailed(envelopeError(1, 'down')))
      .dispatch(enter('/report'))
      .dispatch(END)
      .run();
    expect(selectContent('report')(failed.storeState).status).toBe('failed');

    fail = false;
    const retried = await expectSaga(watchRouteLoads, deps, LIST_LOADERS)
      .provide([clock.provider])
      .withReducer(rootReducer, failed.storeState as RootState)
      .dispatch(retryRequested())
      .dispatch(END)
      .run();
    expect(selectContent('report')(retried.storeState).data).toEqual({ title: 'T', content: '<p>x</p>' });
    expect(api.report).toHaveBeenCalledTimes(2);
    for (const done of [api.main, api.classifyList, api.pageBanner]) expect(done).toHaveBeenCalledTimes(1);
    // The route is the same: a retry scrolls nothing.
    expect(deps.services.scrollTo).toHaveBeenCalledTimes(1);
  });

  it('while a load is still on its way, joins it: no second request, none aborted, and its answer is shown', async () => {
    const answer = deferred<{ company: string }>();
    const main = jest.fn((_lan: string, _signal?: AbortSignal) => answer.promise);
    const api = { ...layout(), main, pageBanner: resolved({ name: 'r' }), report: resolved({ title: 'T', content: '' }) };
    const { storeState } = await expectSaga(function* retryWhileLoading() {
      yield fork(watchRouteLoads, fakeDeps(api), LIST_LOADERS);
      yield put(enter('/report'));
      yield* until((state) => selectContent('report')(state).status === 'succeeded');
      yield put(retryRequested());
      answer.resolve({ company: 'Y' });
      yield* until((state) => selectContent('main')(state).status === 'succeeded');
      yield put(END);
    })
      .provide([virtualClock().provider])
      .withReducer(rootReducer, stateAfter(enter('/news')))
      .run();
    expect(main).toHaveBeenCalledTimes(1);
    expect(main.mock.calls[0]?.[1]?.aborted).toBe(false);
    expect(api.report).toHaveBeenCalledTimes(1);
    expect(selectContent('main')(storeState).data).toEqual({ company: 'Y' });
  });

  it('does nothing before any page was entered', async () => {
    const deps = fakeDeps(); // any api call fails the test
    const { storeState } = await expectSaga(watchRouteLoads, deps, LIST_LOADERS)
      .provide([virtualClock().provider])
      .withReducer(rootReducer, stateAfter())
      .dispatch(retryRequested())
      .dispatch(END)
      .run();
    expect(storeState.content.entries).toEqual({});
  });
});

describe('loads belong to what they fetch', () => {
  const categories = [
    { id: 1, name: 'A' },
    { id: 2, name: 'B' },
    { id: 3, name: 'C' },
  ];
  const productPage = () => ({
    ...layout(),
    classifyList: resolved(categories),
    pageBanner: resolved({ name: 'b' }),
    productList: jest.fn(async (_lan: string, q: { classifyId: number; page: number }) => ({ rows: [{ id: q.classifyId }], total: 1 })),
  });

  it('two quick tab taps ask the contacts once: each new entry of /product joins the load still in flight', async () => {
    const contacts = deferred<object>();
    const api = { ...productPage(), productContacts: jest.fn((_lan: string, _signal?: AbortSignal) => contacts.promise) };
    const { storeState } = await expectSaga(function* twoTaps() {
      yield fork(watchRouteLoads, fakeDeps(api), LIST_LOADERS);
      yield put(enter('/product'));
      yield put(enter('/product?category=2'));
      yield put(enter('/product?category=3'));
      yield* until((state) => state.content.entries[contentKey('productList', 'zh', { classifyId: 3, page: 1 })]?.status === 'succeeded');
      contacts.resolve({ tel: '1' });
      yield* until((state) => selectContent('productContacts')(state).status === 'succeeded');
      yield put(END);
    })
      .provide([virtualClock().provider])
      .withReducer(rootReducer, stateAfter())
      .run();
    expect(api.productContacts).toHaveBeenCalledTimes(1);
    expect(api.productContacts.mock.calls[0]?.[1]?.aborted).toBe(false);
    expect(selectContent('productContacts')(storeState).data).toEqual({ tel: '1' });
    expect(api.classifyList).toHaveBeenCalledTimes(1);
  });

  /**
   * The development store: the reducers inside Redux DevTools' own instrument, the sagas' middleware
   * outside it (as the extension composes them), its delays answered at once. The sagas start on
   * the server's state, as the root saga does; `lifted` is what the DevTools monitor drives.
   */
  function devToolsStore(server: RootState, api: Parameters<typeof fakeDeps>[0] = {}) {
    const instantDelays: EffectMiddleware = (next) => (effect: { type?: string; payload?: { fn?: unknown } }) =>
      next(effect?.type === 'CALL' && effect.payload?.fn === DELAY_FN ? call(() => Promise.resolve()) : effect);
    const sagas = createSagaMiddleware({ effectMiddlewares: [instantDelays] });
    const store = configureStore({
      reducer: rootReducer,
      preloadedState: server,
      middleware: (d) => d({ thunk: false, serializableCheck: false, immutableCheck: false }).concat(sagas),
      enhancers: (e) => e().concat(instrument()),
    });
    const task = sagas.run(function* pageLoads() {
      yield* sagaMemory();
      yield call(watchRouteLoads, fakeDeps(api), LIST_LOADERS);
    });
    const recorded = () => {
      const { actionsById, stagedActionIds } = store.liftedStore.getState();
      return stagedActionIds.map((id) => actionsById[id]!.action.type);
    };
    const stateAt = (index: number) => store.liftedStore.getState().computedStates[index]!.state as RootState;
    return { store, task, lifted: store.liftedStore, recorded, stateAt };
  }

  const reportServed = () =>
    stateAfter(
      routeEntered(routeEntryOf('/report')),
      ...loaded('main', {}, { company: 'Y' }),
      ...loaded('classifyList', {}, [{ id: 1, name: 'A' }]),
      ...loaded('pageBanner', { type: 6 }, { name: 'banner' }),
      ...loaded('report', {}, { title: 'T', content: '' }),
    );
  const reportLoads = [
    ['main', {}, { company: 'Y' }],
    ['classifyList', {}, [{ id: 1, name: 'A' }]],
    ['pageBanner', { type: 6 }, { name: 'banner' }],
    ['report', {}, { title: 'T', content: '' }],
  ] as const;
  const filled = (state: RootState) => reportLoads.map(([name, params]) => selectContent(name, params)(state).status);
  // A session recorded elsewhere: a visit of /about from a store that had loaded nothing. The
  // extension imports an action list with the state it started from (`preloadedState`), which the
  // instrument reads though its action creator's type leaves it out.
  const importedSession = () => ({ ...ActionCreators.importState([routeEntered(routeEntryOf('/about', 'push'))]), preloadedState: stateAfter() });

  it("what the server loaded is not asked again after Redux DevTools imported a session without it: the page is filled from the sagas' record", async () => {
    const { store, task, lifted, recorded } = devToolsStore(reportServed()); // any provider call fails the test
    lifted.dispatch(importedSession());
    expect(filled(store.getState())).toEqual(['idle', 'idle', 'idle', 'idle']);
    store.dispatch(enter('/report'));
    store.dispatch(END);
    await task.toPromise();
    expect(recorded()).not.toContain(contentRequested.type);
    // The imported session is shown at its last action, so what is dispatched now is shown.
    for (const [name, params, data] of reportLoads) {
      expect(selectContent(name, params)(store.getState())).toEqual({ status: 'succeeded', data, error: null, requestId: null });
    }
  });

  it('while DevTools shows a past without those loads, a new entry asks nothing again; it is recorded after the present, where a jump to it shows the page filled', async () => {
    const { store, task, lifted, recorded, stateAt } = devToolsStore(reportServed());
    lifted.dispatch(importedSession());
    lifted.dispatch(ActionCreators.jumpToState(0)); // the imported session's start: nothing loaded, no page
    store.dispatch(enter('/report')); // a link clicked on the past page
    store.dispatch(END);
    await task.toPromise();
    expect(recorded()).not.toContain(contentRequested.type);
    // The real instrument keeps the past on screen: the entry and its restored loads are recorded, not shown.
    expect({ path: store.getState().navigation.route?.path ?? null, loads: filled(store.getState()) }).toEqual({
      path: null,
      loads: ['idle', 'idle', 'idle', 'idle'],
    });
    const present = lifted.getState().computedStates.length - 1;
    expect({ path: stateAt(present).navigation.route?.path, loads: filled(stateAt(present)) }).toEqual({
      path: '/report',
      loads: ['succeeded', 'succeeded', 'succeeded', 'succeeded'],
    });
    lifted.dispatch(ActionCreators.jumpToState(present));
    for (const [name, params, data] of reportLoads) {
      expect(selectContent(name, params)(store.getState())).toEqual({ status: 'succeeded', data, error: null, requestId: null });
    }
  });

  it('a new page cancels and aborts only the loads it no longer lists', async () => {
    const contacts = deferred<object>();
    const banner = deferred<object>();
    const api = {
      ...productPage(),
      // The product banner never answers; /report's does.
      pageBanner: jest.fn((_lan: string, type: number, _signal?: AbortSignal) => (type === 2 ? banner.promise : Promise.resolve({}))),
      productContacts: jest.fn((_lan: string, _signal?: AbortSignal) => contacts.promise),
      report: resolved({ title: 'T', content: '' }),
    };
    const { storeState } = await expectSaga(function* leave() {
      yield fork(watchRouteLoads, fakeDeps(api), LIST_LOADERS);
      yield put(enter('/product'));
      yield* until((state) => selectContent('productContacts')(state).status === 'loading');
      yield put(enter('/report'));
      yield* until((state) => selectContent('report')(state).status === 'succeeded');
      yield put(END);
    })
      .provide([virtualClock().provider])
      .withReducer(rootReducer, stateAfter())
      .run();
    // /product's contacts and banner are not /report's: both aborted, their entries back to idle.
    expect(api.productContacts.mock.calls[0]?.[1]?.aborted).toBe(true);
    expect(api.pageBanner.mock.calls.map((call) => [call[1], call[2]?.aborted])).toEqual([
      [2, true],
      [6, false],
    ]);
    expect(selectContent('productContacts')(storeState).status).toBe('idle');
    // The layout, which /report lists too, was joined, not asked again.
    expect(api.main).toHaveBeenCalledTimes(1);
  });
});

describe('the landing of a server-rendered page', () => {
  /** What the server hands over for /resources?name=joinus: its entry (no navigation) and every load of the page done. */
  const served = () =>
    stateAfter(
      routeEntered(routeEntryOf('/resources?name=joinus')),
      ...[...LAYOUT_LOADS, ...routeLoads('resources', {}).content].flatMap(([name, params]) => loaded(name, params)),
      ...loaded('memberList', { page: 1 }, { rows: [], total: 0 }),
    );

  it('is a landing: nothing is fetched again, and its ?name= section is scrolled to after the anchor delay', async () => {
    const clock = virtualClock();
    const deps = fakeDeps(); // any api call fails the test
    const state = served();
    const { storeState } = await expectSaga(watchRouteLoads, deps, LIST_LOADERS)
      .provide([clock.provider])
      .withReducer(rootReducer, state)
      .not.put.actionType(contentRequested.type)
      .dispatch(routeEntered(routeEntryOf('/resources?name=joinus', 'pop')))
      .dispatch(END)
      .run();
    expect(storeState.content).toEqual(state.content);
    expect(storeState.navigation.route?.navigation).toBe('pop');
    expect(deps.services.scrollTo).not.toHaveBeenCalled();
    expect(deps.services.scrollToElement).toHaveBeenCalledTimes(1);
    expect(deps.services.scrollToElement).toHaveBeenCalledWith('joinus', true);
    expect(clock.waits).toEqual([200]);
  });

  it('then the first link is a navigation: the new page starts at the top', async () => {
    const clock = virtualClock();
    const api = aboutApi();
    const deps = fakeDeps(api);
    await expectSaga(watchRouteLoads, deps, LIST_LOADERS)
      .provide([clock.provider])
      .withReducer(rootReducer, served())
      .dispatch(routeEntered(routeEntryOf('/resources?name=joinus', 'pop')))
      .dispatch(enter('/about'))
      .dispatch(END)
      .run();
    expect(deps.services.scrollTo).toHaveBeenCalledTimes(1);
    expect(deps.services.scrollTo).toHaveBeenCalledWith(0, false);
    expect(api.aboutUs).toHaveBeenCalledTimes(1);
  });
});

describe('an id the provider does not know', () => {
  it('makes the page the 404 page in the browser too, silently: the 404 page says so itself', async () => {
    const deps = fakeDeps({ ...layout(), newsDetail: () => Promise.reject(notFound) });
    const { storeState } = await expectSaga(withErrors, deps, '/news/99999', routeNotFound.type)
      .provide([virtualClock().provider])
      .withReducer(rootReducer, stateAfter())
      .put(apiFailed(notFound, { routeDetail: true }))
      .put(routeNotFound())
      .run();
    expect(storeState.navigation.notFound).toBe(true);
    expect(deps.services.toast.error).not.toHaveBeenCalled();
  });

  it('is announced like any error when it answers another load of the page: a section stays failed, the page is no 404', async () => {
    const deps = fakeDeps({ ...layout(), pageBanner: resolved({}), report: () => Promise.reject({ ...envelopeError(1, '报告不存在'), notFound: true }) });
    // The page's loads end with the report's failure, after the banner's answer.
    const { storeState } = await expectSaga(withErrors, deps, '/report', contentFailed.type)
      .provide([virtualClock().provider])
      .withReducer(rootReducer, stateAfter())
      .not.put(routeNotFound())
      .run();
    expect(storeState.navigation.notFound).toBe(false);
    expect(selectContent('report')(storeState).status).toBe('failed');
    expect(deps.services.toast.error).toHaveBeenCalledWith('报告不存在', { autoClose: 2000 });
  });

  it('on a detail page, only the detail\'s own "no such id" is silent: the banner\'s is announced', async () => {
    const deps = fakeDeps({
      ...layout(),
      pageBanner: () => Promise.reject({ ...envelopeError(1, '横幅不存在'), notFound: true }),
      jobDetail: () => Promise.reject(notFound),
      privacyNotice: resolved({}),
    });
    const { storeState } = await expectSaga(withErrors, deps, '/resources/404', routeNotFound.type)
      .provide([virtualClock().provider])
      .withReducer(rootReducer, stateAfter())
      .run();
    expect(storeState.navigation.notFound).toBe(true);
    expect(deps.services.toast.error).toHaveBeenCalledTimes(1);
    expect(deps.services.toast.error).toHaveBeenCalledWith('横幅不存在', { autoClose: 2000 });
  });

  it('is not taken from a failure that is not "no such id": that page shows its error and Retry', async () => {
    const deps = fakeDeps({ ...layout(), newsDetail: () => Promise.reject(envelopeError(1, 'database busy')) });
    const { storeState } = await expectSaga(watchRouteLoads, deps, LIST_LOADERS)
      .provide([virtualClock().provider])
      .withReducer(rootReducer, stateAfter())
      .not.put(routeNotFound())
      .dispatch(enter('/news/5'))
      .dispatch(END)
      .run();
    expect(storeState.navigation.notFound).toBe(false);
    expect(selectContent('newsDetail', { id: '5' })(storeState).status).toBe('failed');
  });

  it("a watcher restarted while Redux DevTools shows a past knows the server's 404 from the sagas' memory: it is not asked again", async () => {
    const newsDetail = jest.fn(() => Promise.reject(notFound));
    const api = { ...layout(), newsDetail };
    const memory = new SagaMemory(stateAfter(routeEntered(routeEntryOf('/news/99999')), routeNotFound()));
    // The store shows the moment before the server's render, whatever is dispatched.
    const past = stateAfter();
    await expectSaga(function* restarted() {
      yield setContext({ [SAGA_MEMORY]: memory });
      yield fork(watchRouteLoads, fakeDeps(api), LIST_LOADERS);
    })
      .provide([virtualClock().provider])
      .withReducer(() => past, past)
      .dispatch(routeEntered(routeEntryOf('/news/99999', 'pop')))
      .dispatch(END)
      .run();
    expect(newsDetail).not.toHaveBeenCalled();
    expect(api.main).toHaveBeenCalledTimes(1);
  });

  it("is not asked again when the browser takes over the server's 404", async () => {
    const newsDetail = jest.fn(() => Promise.reject(notFound));
    const api = { ...layout(), newsDetail };
    const served = stateAfter(routeEntered(routeEntryOf('/news/99999')), routeNotFound());
    const { storeState } = await expectSaga(watchRouteLoads, fakeDeps(api), LIST_LOADERS)
      .provide([virtualClock().provider])
      .withReducer(rootReducer, served)
      .dispatch(routeEntered(routeEntryOf('/news/99999', 'pop')))
      .dispatch(END)
      .run();
    expect(newsDetail).not.toHaveBeenCalled();
    expect(api.main).toHaveBeenCalledTimes(1);
    expect(storeState.navigation.notFound).toBe(true);
  });

  it('loads a page entered while Redux DevTools shows a past 404: the state read is not the present', async () => {
    // The store keeps showing a state on /news/99999, not found, whatever is dispatched (a jump to the past).
    const past = stateAfter(routeEntered(routeEntryOf('/', 'push')), routeEntered(routeEntryOf('/news/99999', 'push')), routeNotFound());
    const api = { ...layout(), ...aboutApi() };
    await expectSaga(watchRouteLoads, fakeDeps(api), LIST_LOADERS)
      .provide([virtualClock().provider])
      .withState(past)
      .dispatch(routeEntered(routeEntryOf('/about', 'push')))
      .dispatch(END)
      .run();
    expect(api.aboutUs).toHaveBeenCalledTimes(1);
    expect(api.develop).toHaveBeenCalledTimes(1);
  });
});
