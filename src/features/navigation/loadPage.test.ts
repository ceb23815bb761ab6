import createSagaMiddleware, { END } from 'redux-saga';
import { configureStore } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import { rootReducer } from '../rootReducer';
import type { RootState } from '../rootReducer';
import { retryRequested } from '../content/slice';
import type { RouteEntry } from '../shared/route';
import { deferred, fakeDeps, networkError, stateWith } from '../testing';
import { routeEntered } from './slice';
import { loadPage, watchRouteLoads } from './routeSaga';

const entry = (routeId: RouteEntry['routeId'], path: string, query: Record<string, string> = {}): RouteEntry => ({ routeId, path, params: {}, query, hash: '' });
const categories = [{ id: 1, name: 'A' }, { id: 2, name: 'B' }];
const productApi = () => ({
  main: jest.fn(async () => ({ company: 'Y' })),
  classifyList: jest.fn(async () => categories),
  pageBanner: jest.fn(async () => ({ name: 'b' })),
  productContacts: jest.fn(async () => ({})),
  productList: jest.fn(async (_l: string, q: { classifyId: number; page: number }) => ({ rows: [{ id: q.page, name: 'p', pics: [] }], total: 20 })),
});

/** A store with the saga middleware and no watcher, as the server renderer makes it. */
function bareStore(preloaded?: RootState) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({ reducer: rootReducer, preloadedState: preloaded, middleware: (d) => d({ thunk: false }).concat(sagaMiddleware) });
  return { store, sagaMiddleware };
}

describe('loadPage', () => {
  it('runs a page\'s loads to completion in a store with no watchers, and the store takes END', async () => {
    const api = productApi();
    const { store, sagaMiddleware } = bareStore();
    await sagaMiddleware.run(loadPage, fakeDeps(api), entry('product', '/product', { keyword: 'gel' })).toPromise();
    store.dispatch(END);
    expect(store.getState().product.list.status).toBe('succeeded');
    expect(store.getState().product.keyword).toBe('gel');
    // A cold /product asks for the categories once, not once for the header and once for the tabs.
    expect(api.classifyList).toHaveBeenCalledTimes(1);
    expect(api.productList).toHaveBeenCalledTimes(1);
  });

  it('asks the browser for the page\'s code beside its loads, and the page waits for it', async () => {
    const code = deferred<boolean>();
    const preloadPage = jest.fn(() => code.promise);
    const run = expectSaga(loadPage, fakeDeps(productApi(), { preloadPage }), entry('product', '/product')).withReducer(rootReducer, stateWith()).run(500);
    let ended = false;
    void run.then(() => (ended = true));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(preloadPage).toHaveBeenCalledWith('product');
    expect(ended).toBe(false);
    code.resolve(true);
    await run;
  });

  it('asks nothing and resets nothing when the state already holds the page (hydration)', async () => {
    const api = productApi();
    const newsList = jest.fn(async () => ({ rows: [], total: 0 }));
    const served = bareStore();
    const deps = fakeDeps({ ...api, newsList, noticeList: async () => [], publicationTop: async () => ({}), publicationList: async () => [] });
    await served.sagaMiddleware.run(loadPage, deps, entry('product', '/product', { keyword: 'gel' })).toPromise();
    const preloaded = served.store.getState();
    jest.clearAllMocks();
    const { storeState } = await expectSaga(loadPage, deps, entry('product', '/product', { keyword: 'gel' })).withReducer(rootReducer, preloaded).run();
    expect(storeState).toEqual(preloaded);
    for (const fn of Object.values(api)) expect(fn).not.toHaveBeenCalled();
  });

  it('keeps the list on hydration of /news and /resources too', async () => {
    const state = stateWith((s) => {
      Object.assign(s.news, { page: 2, rows: [{ id: 1 }], total: 12, status: 'succeeded' });
      s.members.list = { status: 'succeeded', data: { rows: [], total: 0 }, error: null };
    });
    // The page's other sections answer; the lists have no fake, so asking for them fails the test.
    const answers = async () => ({});
    const deps = fakeDeps(Object.fromEntries(['main', 'classifyList', 'pageBanner', 'noticeList', 'publicationTop', 'publicationList', 'memberCulture', 'hrPolicies', 'jobs'].map((name) => [name, answers])));
    const news = await expectSaga(loadPage, deps, entry('news', '/news')).withReducer(rootReducer, state).run();
    expect(news.storeState.news).toEqual(state.news);
    const resources = await expectSaga(loadPage, deps, entry('resources', '/resources')).withReducer(rootReducer, state).run();
    expect(resources.storeState.members).toEqual(state.members);
  });
});

describe('retry', () => {
  it('before any page has been entered asks for nothing, and the next page still loads', async () => {
    const api = productApi();
    const { storeState } = await expectSaga(watchRouteLoads, fakeDeps(api))
      .withReducer(rootReducer, stateWith())
      .dispatch(retryRequested())
      .delay(10)
      .dispatch(routeEntered(entry('product', '/product')))
      .silentRun(50);
    expect(api.main).toHaveBeenCalledTimes(1);
    expect(storeState.product.list.status).toBe('succeeded');
  });

  it('keeps the keyword and page of /product and asks only the failed list again', async () => {
    const api = productApi();
    let fail = true;
    api.productList.mockImplementation(async (_l, q) => {
      if (fail) throw networkError();
      return { rows: [{ id: q.page, name: 'p', pics: [] }], total: 20 };
    });
    const deps = fakeDeps(api);
    const route = entry('product', '/product', { keyword: 'gel' });
    const state = stateWith((s) => void (s.navigation.route = route));
    const first = await expectSaga(loadPage, deps, route).withReducer(rootReducer, state).run();
    expect(first.storeState.product.list.status).toBe('failed');
    fail = false;
    jest.clearAllMocks();
    const { storeState } = await expectSaga(watchRouteLoads, deps).withReducer(rootReducer, first.storeState as RootState).dispatch(retryRequested()).silentRun(30);
    expect(api.productList).toHaveBeenCalledTimes(1);
    expect(api.productList).toHaveBeenCalledWith('zh', expect.objectContaining({ keyword: 'gel' }));
    expect(api.main).not.toHaveBeenCalled();
    expect(storeState.product).toMatchObject({ keyword: 'gel', list: { status: 'succeeded' } });
  });

  it('keeps the news rows already appended and asks only the page that failed', async () => {
    const newsList = jest.fn(async (_l: string, q: { page: number }) => ({ rows: [{ id: q.page * 10 }], total: 12 }));
    const route = entry('news', '/news');
    const state = stateWith((s) => {
      s.navigation.route = route;
      Object.assign(s.news, { page: 2, rows: [{ id: 1 }, { id: 2 }], total: 12, status: 'failed', error: networkError() });
    });
    const deps = fakeDeps({ newsList, main: async () => ({}), classifyList: async () => [], pageBanner: async () => ({}), noticeList: async () => [], publicationTop: async () => ({}), publicationList: async () => [] });
    const { storeState } = await expectSaga(watchRouteLoads, deps).withReducer(rootReducer, state).dispatch(retryRequested()).silentRun(30);
    expect(newsList).toHaveBeenCalledTimes(1);
    expect(newsList).toHaveBeenCalledWith('zh', { page: 3, pageSize: 5 });
    expect(storeState.news.rows.map((row: { id: number }) => row.id)).toEqual([1, 2, 30]);
  });
});
