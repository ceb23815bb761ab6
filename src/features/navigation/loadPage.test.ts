import createSagaMiddleware, { END, type Task } from 'redux-saga';
import { configureStore, type Action } from '@reduxjs/toolkit';
import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic } from 'redux-saga-test-plan/providers';
import { call, fork, join, put, take } from 'redux-saga/effects';
import type { ApiError } from '../../api/types';
import { PAGE_BANNER_TYPE } from '../../contracts/payloads';
import { rootReducer, type RootState } from '../rootReducer';
import { contentKey } from '../content/key';
import { loadContent } from '../content/saga';
import { selectEntry } from '../content/selectors';
import { contentFailed, contentRequested, contentSucceeded, retryRequested } from '../content/slice';
import { loadNewsPages } from '../news/saga';
import { selectNewsList } from '../news/selectors';
import { newsPagesShown } from '../news/slice';
import { loadProductPage } from '../product/saga';
import { selectProductKeyword, selectProductList, selectProductQuery } from '../product/selectors';
import { apiFailed } from '../shared/apiFailed';
import { routeEntered, routeEntryOf, routeNotFound, type RouteEntry } from '../shared/route';
import type { Deps } from '../deps';
import { deferred, fakeDeps, loadedEntry, networkError, stateAfter, virtualClock } from '../store.testing';
import { loadPage, watchRouteLoads } from './routeSaga';
import { LIST_LOADERS } from '../../app/rootSaga';

const categories = [
  { id: 1, name: 'A' },
  { id: 2, name: 'B' },
];
const productApi = () => ({
  main: jest.fn(async () => ({ company: 'Y' })),
  classifyList: jest.fn(async () => categories),
  pageBanner: jest.fn(async () => ({ name: 'b' })),
  productContacts: jest.fn(async () => ({})),
  productList: jest.fn(async (_lan: string, q: { classifyId: number; page: number }) => ({ rows: [{ id: q.page, name: 'p', pics: [] }], total: 20 })),
});
const notFound: ApiError = { kind: 'envelope', code: 404, msg: 'no such id', notFound: true };
const ok = (data: unknown = {}) => ({ ok: true, data });

/** The browser's preloadPage, answered by a provider: the page's code is in. */
function pageCode() {
  const preloadPage = jest.fn<Promise<boolean>, [string]>();
  return { preloadPage, provider: [matchers.call.fn(preloadPage), true] as [matchers.Matcher, boolean] };
}

/** A store with the saga middleware and no watcher, as the server renderer makes it. */
function bareStore(preloaded?: RootState) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({ reducer: rootReducer, preloadedState: preloaded, middleware: (d) => d({ thunk: false }).concat(sagaMiddleware) });
  return { store, sagaMiddleware };
}

/** The list loaders as the route saga holds them: each is called with the route (news and members ignore it). */
const newsPages: (deps: Deps, route: RouteEntry) => Generator = loadNewsPages;

describe('loadPage: what it starts', () => {
  it("starts the page's content loads, its list loader and its code together, and the product page asks classifyList only through its list", () => {
    const preloadPage = jest.fn(async (_routeId: string) => true);
    const deps = fakeDeps({}, { preloadPage });
    const route = routeEntryOf('/product?name=B', 'push');
    testSaga(loadPage, deps, LIST_LOADERS, route)
      .next()
      .all([
        call(loadContent, deps, 'main', undefined, undefined),
        call(loadContent, deps, 'pageBanner', { type: PAGE_BANNER_TYPE.product }, undefined),
        call(loadContent, deps, 'productContacts', undefined, undefined),
        call(loadProductPage, deps, route),
        call(preloadPage, 'product'),
      ])
      .next([ok(), ok(), ok(), undefined, true])
      .isDone();
  });

  it('on /news starts the layout, the sections and the news pages, and without preloadPage (the server) asks for no code', () => {
    const deps = fakeDeps();
    const route = routeEntryOf('/news', 'push');
    testSaga(loadPage, deps, LIST_LOADERS, route)
      .next()
      .all([
        call(loadContent, deps, 'main', undefined, undefined),
        call(loadContent, deps, 'classifyList', undefined, undefined),
        call(loadContent, deps, 'pageBanner', { type: PAGE_BANNER_TYPE.news }, undefined),
        call(loadContent, deps, 'noticeList', undefined, undefined),
        call(loadContent, deps, 'publicationTop', undefined, undefined),
        call(loadContent, deps, 'publicationList', undefined, undefined),
        call(newsPages, deps, route),
      ])
      .next([ok(), ok(), ok(), ok(), ok(), ok(), undefined])
      .isDone();
  });

  it("a page known to be missing (the server's 404 being hydrated) asks nothing of its own: only the header, the footer and its code", () => {
    const preloadPage = jest.fn(async (_routeId: string) => true);
    const deps = fakeDeps({}, { preloadPage });
    testSaga(loadPage, deps, LIST_LOADERS, routeEntryOf('/product/3', 'pop'), true)
      .next()
      .all([
        call(loadContent, deps, 'main', undefined, undefined),
        call(loadContent, deps, 'classifyList', undefined, undefined),
        call(preloadPage, 'productDetail'),
      ])
      .next([ok(), ok(), true])
      .isDone();
  });
});

describe('loadPage: the detail decides the 404 from its own answer', () => {
  const detailPage = (results: unknown[]) => {
    const deps = fakeDeps();
    return testSaga(loadPage, deps, LIST_LOADERS, routeEntryOf('/resources/7', 'push'))
      .next()
      .all([
        call(loadContent, deps, 'main', undefined, undefined),
        call(loadContent, deps, 'classifyList', undefined, undefined),
        call(loadContent, deps, 'pageBanner', { type: PAGE_BANNER_TYPE.resources }, undefined),
        call(loadContent, deps, 'privacyNotice', undefined, undefined),
        call(loadContent, deps, 'jobDetail', { id: '7' }, { routeDetail: true }),
      ])
      .next(results);
  };

  it('a detail answered "not found" makes the page the 404 page, with no look at the state', () => {
    detailPage([ok(), ok(), ok(), ok(), { ok: false, error: notFound }])
      .put(routeNotFound())
      .next()
      .isDone();
  });

  it('a detail that failed otherwise, or another load answered "not found", is no 404', () => {
    detailPage([ok(), ok(), ok(), ok(), { ok: false, error: networkError() }]).isDone();
    detailPage([ok(), ok(), { ok: false, error: notFound }, ok(), ok()]).isDone();
    detailPage([ok(), ok(), ok(), ok(), { ok: false, error: { kind: 'envelope', code: 404, msg: 'gone' } }]).isDone();
  });

  it('puts routeNotFound on its own answer even when the state (another request, or DevTools) shows the entry found', async () => {
    const route = routeEntryOf('/product/3', 'push');
    const key = contentKey('productDetail', 'zh', { id: '3' });
    const asked = deferred<void>();
    const detail = deferred<never>();
    const productDetail = jest.fn(() => (asked.resolve(), detail.promise));
    const code = pageCode();
    const deps = fakeDeps({ main: async () => ({}), classifyList: async () => categories, productDetail }, { preloadPage: code.preloadPage });
    const { storeState } = await expectSaga(function* visit() {
      const page: Task = yield fork(loadPage, deps, LIST_LOADERS, route);
      yield call(() => asked.promise);
      const other = contentRequested({ key });
      yield put(other);
      yield put(contentSucceeded({ ...other.payload, data: { id: 3, name: 'found' } }));
      detail.reject(notFound);
      yield join(page);
    })
      .provide([code.provider])
      .withReducer(rootReducer, stateAfter(routeEntered(route)))
      .call(code.preloadPage, 'productDetail')
      .put(apiFailed(notFound, { routeDetail: true }))
      .put(routeNotFound())
      .run();
    expect(productDetail).toHaveBeenCalledTimes(1);
    expect(selectEntry(key)(storeState).status).toBe('succeeded');
    expect(storeState.navigation.notFound).toBe(true);
  });

  it('an entry the state shows as not found from an earlier visit does not make the page a 404 when its answer finds it', async () => {
    const route = routeEntryOf('/product/3', 'push');
    const request = contentRequested({ key: contentKey('productDetail', 'zh', { id: '3' }) });
    const state = stateAfter(request, contentFailed({ ...request.payload, error: notFound }), routeEntered(route));
    const productDetail = jest.fn(async () => ({ id: 3, name: 'back again' }));
    const code = pageCode();
    const { storeState } = await expectSaga(
      loadPage,
      fakeDeps({ main: async () => ({}), classifyList: async () => categories, productDetail }, { preloadPage: code.preloadPage }),
      LIST_LOADERS,
      route,
    )
      .provide([code.provider])
      .withReducer(rootReducer, state)
      .not.put(routeNotFound())
      .run();
    expect(productDetail).toHaveBeenCalledWith('zh', '3', expect.any(AbortSignal));
    expect(storeState.navigation.notFound).toBe(false);
  });

  it('a page known to be missing asks the provider nothing of its own and stays the 404 page', async () => {
    const route = routeEntryOf('/product/3', 'pop');
    const productDetail = jest.fn(async () => ({ id: 3 }));
    const main = jest.fn(async () => ({}));
    const code = pageCode();
    const { storeState } = await expectSaga(
      loadPage,
      fakeDeps({ main, classifyList: async () => categories, productDetail }, { preloadPage: code.preloadPage }),
      LIST_LOADERS,
      route,
      true,
    )
      .provide([code.provider])
      .withReducer(rootReducer, stateAfter(routeEntered(route), routeNotFound()))
      .call(code.preloadPage, 'productDetail')
      .not.put(routeNotFound())
      .run();
    expect(main).toHaveBeenCalledTimes(1);
    expect(productDetail).not.toHaveBeenCalled();
    expect(storeState.navigation.notFound).toBe(true);
  });
});

describe('loadPage: a whole page', () => {
  it("runs a page's loads to completion in a store with no watchers, and the store takes END", async () => {
    const api = productApi();
    const { store, sagaMiddleware } = bareStore();
    // As the server renders: the route first, then its loads.
    store.dispatch(routeEntered(routeEntryOf('/product?keyword=gel')));
    await sagaMiddleware.run(loadPage, fakeDeps(api), LIST_LOADERS, routeEntryOf('/product?keyword=gel')).toPromise();
    store.dispatch(END);
    expect(selectProductList(store.getState()).status).toBe('succeeded');
    expect(selectProductKeyword(store.getState())).toBe('gel');
    // A cold /product asks for the categories once, not once for the header and once for the tabs.
    expect(api.classifyList).toHaveBeenCalledTimes(1);
    expect(api.productList).toHaveBeenCalledTimes(1);
    expect(api.productList).toHaveBeenCalledWith('zh', { classifyId: 0, page: 1, pageSize: 6, keyword: 'gel' }, expect.any(AbortSignal));
  });

  it("ends only once the page's code is in, asked beside its loads", async () => {
    const code = deferred<boolean>();
    const preloadPage = jest.fn<Promise<boolean>, [string]>();
    const events: string[] = [];
    const deps = fakeDeps(productApi(), { preloadPage });
    const isListAnswer = (action: Action) => contentSucceeded.match(action) && action.payload.key.startsWith('productList|');
    await expectSaga(function* visit() {
      yield fork(function* codeComesLast() {
        yield take(isListAnswer);
        yield put({ type: 'test/loadsSettled' });
        events.push('code in');
        code.resolve(true);
      });
      yield call(loadPage, deps, LIST_LOADERS, routeEntryOf('/product', 'push'));
      events.push('page loaded');
    })
      .provide([[matchers.call.fn(preloadPage), dynamic(() => code.promise)]])
      .withReducer(rootReducer, stateAfter())
      .call(preloadPage, 'product')
      .run();
    expect(events).toEqual(['code in', 'page loaded']);
  });

  it('asks nothing and resets nothing when the state already holds the page (hydration)', async () => {
    const api = productApi();
    const code = pageCode();
    const deps = fakeDeps(api, { preloadPage: code.preloadPage });
    const route = routeEntryOf('/product?keyword=gel&page=2');
    const served = bareStore(stateAfter(routeEntered(route)));
    await served.sagaMiddleware.run(loadPage, { ...deps, services: { ...deps.services, preloadPage: undefined } }, LIST_LOADERS, route).toPromise();
    const preloaded = served.store.getState();
    jest.clearAllMocks();
    await expectSaga(loadPage, deps, LIST_LOADERS, { ...route, navigation: 'pop' as const })
      .provide([code.provider])
      .withReducer(rootReducer, preloaded)
      .not.put.actionType(contentRequested.type)
      .hasFinalState(preloaded)
      .run();
    for (const fn of Object.values(api)) expect(fn).not.toHaveBeenCalled();
  });

  it('keeps the lists on hydration of /news and /resources too', async () => {
    const state = stateAfter(
      newsPagesShown(2),
      ...loadedEntry(contentKey('newsList', 'zh', { page: 1 }), { rows: [{ id: 1 }], total: 12 }),
      ...loadedEntry(contentKey('newsList', 'zh', { page: 2 }), { rows: [{ id: 2 }], total: 12 }),
      ...loadedEntry(contentKey('memberList', 'zh', { page: 1 }), { rows: [], total: 0 }),
    );
    // The page's other sections answer; the lists have no fake, so asking for them fails the test.
    const answers = async () => ({});
    const sections = ['main', 'classifyList', 'pageBanner', 'noticeList', 'publicationTop', 'publicationList', 'memberCulture', 'hrPolicies', 'jobs'];
    const deps = fakeDeps(Object.fromEntries(sections.map((name) => [name, answers])));
    const news = await expectSaga(loadPage, deps, LIST_LOADERS, routeEntryOf('/news')).withReducer(rootReducer, state).run();
    expect(news.storeState.news).toEqual({ pages: 2 });
    expect(selectNewsList(news.storeState)).toEqual(selectNewsList(state));
    expect(selectNewsList(news.storeState).rows).toEqual([{ id: 1 }, { id: 2 }]);
    const resources = await expectSaga(loadPage, deps, LIST_LOADERS, routeEntryOf('/resources')).withReducer(rootReducer, state).run();
    expect(resources.storeState.pagedList).toEqual(state.pagedList);
    expect(resources.storeState.content.entries[contentKey('memberList', 'zh', { page: 1 })]).toEqual(
      state.content.entries[contentKey('memberList', 'zh', { page: 1 })],
    );
  });
});

describe('retry', () => {
  it('before any page has been entered asks for nothing, and the next page still loads', async () => {
    const api = productApi();
    const clock = virtualClock();
    const { storeState } = await expectSaga(watchRouteLoads, fakeDeps(api), LIST_LOADERS)
      .provide([clock.provider])
      .withReducer(rootReducer, stateAfter())
      .dispatch(retryRequested())
      .dispatch(routeEntered(routeEntryOf('/product', 'push')))
      .dispatch(END)
      .run();
    expect(api.main).toHaveBeenCalledTimes(1);
    expect(api.productList).toHaveBeenCalledTimes(1);
    expect(selectProductList(storeState).status).toBe('succeeded');
    expect(clock.waits).toEqual([]);
  });

  it('keeps the keyword and page of /product and asks only the failed list again', async () => {
    const api = productApi();
    api.productList.mockRejectedValueOnce(networkError());
    const deps = fakeDeps(api);
    const route = routeEntryOf('/product?keyword=gel&page=2', 'push');
    const first = await expectSaga(loadPage, deps, LIST_LOADERS, route)
      .withReducer(rootReducer, stateAfter(routeEntered(route)))
      .put(apiFailed(networkError()))
      .run();
    expect(selectProductList(first.storeState).status).toBe('failed');
    jest.clearAllMocks();
    const clock = virtualClock();
    const { storeState } = await expectSaga(watchRouteLoads, deps, LIST_LOADERS)
      .provide([clock.provider])
      .withReducer(rootReducer, first.storeState as RootState)
      .dispatch(retryRequested())
      .dispatch(END)
      .run();
    expect(api.productList).toHaveBeenCalledTimes(1);
    expect(api.productList).toHaveBeenCalledWith('zh', { classifyId: 0, page: 2, pageSize: 6, keyword: 'gel' }, expect.any(AbortSignal));
    expect(api.main).not.toHaveBeenCalled();
    expect(api.classifyList).not.toHaveBeenCalled();
    expect(selectProductQuery(storeState)).toEqual({ category: null, keyword: 'gel', page: 2 });
    expect(selectProductList(storeState)).toMatchObject({ status: 'succeeded', data: { rows: [{ id: 2 }] } });
    expect(clock.waits).toEqual([]);
  });

  it('keeps the news rows already shown and asks only the page that failed', async () => {
    const newsList = jest.fn(async (_lan: string, q: { page: number }) => ({ rows: [{ id: q.page * 10 }], total: 12 }));
    const failedPage = contentRequested({ key: contentKey('newsList', 'zh', { page: 3 }) });
    const state = stateAfter(
      routeEntered(routeEntryOf('/news', 'push')),
      newsPagesShown(3),
      ...loadedEntry(contentKey('newsList', 'zh', { page: 1 }), { rows: [{ id: 1 }], total: 12 }),
      ...loadedEntry(contentKey('newsList', 'zh', { page: 2 }), { rows: [{ id: 2 }], total: 12 }),
      failedPage,
      contentFailed({ ...failedPage.payload, error: networkError() }),
    );
    const sections = async () => ({});
    const deps = fakeDeps({
      newsList,
      main: sections,
      classifyList: async () => [],
      pageBanner: sections,
      noticeList: async () => [],
      publicationTop: sections,
      publicationList: async () => [],
    });
    const clock = virtualClock();
    const { storeState } = await expectSaga(watchRouteLoads, deps, LIST_LOADERS)
      .provide([clock.provider])
      .withReducer(rootReducer, state)
      .dispatch(retryRequested())
      .dispatch(END)
      .run();
    expect(newsList).toHaveBeenCalledTimes(1);
    expect(newsList).toHaveBeenCalledWith('zh', { page: 3, pageSize: 5 }, expect.any(AbortSignal));
    expect(selectNewsList(storeState)).toMatchObject({ page: 3, rows: [{ id: 1 }, { id: 2 }, { id: 30 }], status: 'succeeded' });
    expect(clock.waits).toEqual([]);
  });
});
