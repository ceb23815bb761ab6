import { END } from 'redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import { call, cancel, fork, select } from 'redux-saga/effects';
import type { Deps } from '../deps';
import type { Category, Paged, ProductRow } from '../../api/types';
import { contentKey } from '../content/key';
import { contentFailed, contentRequested, contentSucceeded } from '../content/slice';
import type { ContentParams } from '../content/types';
import { rootReducer, type RootState } from '../rootReducer';
import { apiFailed } from '../shared/apiFailed';
import type { Resource } from '../shared/resource';
import { routeEntryOf, navigatedTo, renamedTo, routeEntered } from '../shared/route';
import { deferred, envelopeError, fakeDeps, contentProvider, settledEntry, stateAfter, type AskedContent } from '../store.testing';
import { productQueryOf, productSearch, productUrl, type ProductQuery } from './query';
import { legacyCategory, loadProductPage, watchProductTabs } from './saga';
import { selectProductList, selectProductTab } from './selectors';
import { productTabSelected } from './actions';
import { watchListPages } from '../pagedList/saga';
import { listPageSelected } from '../pagedList/slice';

const categories: Category[] = [
  { id: 11, name: '软膏剂' },
  { id: 12, name: '乳膏剂' },
  { id: 13, name: '酊剂' },
];
/** The same categories as the provider answers them in English. */
const englishCategories: Category[] = [
  { id: 11, name: 'Ointments' },
  { id: 12, name: 'Creams' },
  { id: 13, name: 'Tinctures' },
];
type List = Paged<ProductRow>;
/** A page of a category's list (classifyId 0: a search of every category). */
const listPage = (classifyId: number, page: number): List => ({
  rows: [{ id: classifyId * 100 + page, name: `p${classifyId}-${page}`, pics: [], pics_alt: [] }],
  total: 9,
});
const listKey = (params: ContentParams) => contentKey('productList', 'zh', params);
const categoriesKey = contentKey('classifyList', 'zh');
/** The entry of /product as a link, Back or a typed URL enters it. */
const route = (url: string) => routeEntryOf(url, 'push');
const error = envelopeError(1, 'boom');

type Asked = AskedContent;

/** The provider's answers to the content loads, and the requests it was asked. */
function provider(answer: (asked: Asked) => unknown) {
  const { fetch, asked } = contentProvider(answer);
  return { fetch, asked, requests: () => asked.map(({ name, params }) => (name === 'productList' ? [name, params] : [name])) };
}

/** The categories and any list page, answered at once; any other call fails the test. */
const answered = ({ name, params }: Asked) => {
  if (name === 'classifyList') return categories;
  if (name === 'productList') return listPage(params.classifyId ?? -1, params.page ?? -1);
  return Promise.reject(new Error(`unexpected ${name}`));
};

type AnyAction = Parameters<typeof rootReducer>[1];

/** The actions of an entry that loaded (`failure`: that failed). */
const loaded = (key: string, data: unknown, failure?: ReturnType<typeof envelopeError>) => settledEntry(key, failure ? { error: failure } : { data });
const categoriesLoaded = () => loaded(categoriesKey, categories);

/** The state once the route of `url` is entered (the route saga then runs its loads). */
const at = (url: string, state: RootState) => rootReducer(state, routeEntered(route(url)));
/** Runs the /product entry of `url` from `state`, with the provider's answers. */
const enter = (url: string, state: RootState, api = provider(answered)) =>
  expectSaga(loadProductPage, fakeDeps(), route(url)).provide([api.fetch]).withReducer(rootReducer, at(url, state));

describe('productQueryOf', () => {
  it('?category= is a category by its id; none, or anything but an id, names none (the first tab)', () => {
    expect(productQueryOf(route('/product?category=13')).category).toBe(13);
    expect(['', '0', '-1', '1.5', 'abc', '012', '酊剂'].map((id) => productQueryOf(route(`/product?category=${encodeURIComponent(id)}`)).category)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(productQueryOf(route('/product?name=酊剂')).category).toBeNull();
    expect(productQueryOf(null)).toEqual({ category: null, page: 1, keyword: '' });
  });

  it('?page= is a whole number from 1; anything else is page 1', () => {
    const pageOf = (page: string) => productQueryOf(route(`/product?page=${page}`)).page;
    expect(productQueryOf(route('/product')).page).toBe(1);
    expect([pageOf('1'), pageOf('2'), pageOf('37'), pageOf('999999')]).toEqual([1, 2, 37, 999999]);
    expect(['0', '-2', '2.5', '1e3', '02', 'abc', '', ' 3', '1000000'].map(pageOf)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1]);
  });

  it('?keyword= is trimmed; none is no search', () => {
    expect(productQueryOf(route('/product?keyword=%20软膏%20'))).toEqual({ category: null, page: 1, keyword: '软膏' });
    expect(productQueryOf(route('/product?category=12&page=3'))).toEqual({ category: 12, page: 3, keyword: '' });
  });
});

describe('legacyCategory (links that named a category by its display name)', () => {
  it('is the id of the category of that name in this language; none for an id, an unknown name or no name', () => {
    expect(legacyCategory(route('/product?name=酊剂'), categories)).toBe(13);
    expect(legacyCategory(route('/product?name=%E4%B9%B3%E8%86%8F%E5%89%82'), categories)).toBe(12);
    expect(legacyCategory(route('/product?name=unknown'), categories)).toBeNull();
    expect(legacyCategory(route('/product?name=酊剂&category=11'), categories)).toBeNull();
    expect(legacyCategory(route('/product'), categories)).toBeNull();
    expect(legacyCategory(route('/product?name=酊剂'), [])).toBeNull();
  });

  it('finds the name in any of the languages given (ids are the same in every language)', () => {
    expect(legacyCategory(route('/product?name=Creams'), categories, englishCategories)).toBe(12);
    expect(legacyCategory(route('/product?name=%E4%B9%B3%E8%86%8F%E5%89%82'), englishCategories, categories)).toBe(12);
    expect(legacyCategory(route('/product?name=Creams&category=11'), categories, englishCategories)).toBeNull();
  });
});

describe('productUrl', () => {
  it('names the category by id, or the keyword (which searches every category), and the page from 2', () => {
    expect(productUrl({})).toBe('/product');
    expect(productUrl({ category: 13 })).toBe('/product?category=13');
    expect(productUrl({ category: 13, page: 1 })).toBe('/product?category=13');
    expect(productUrl({ category: 13, page: 3 }, '#product')).toBe('/product?category=13&page=3#product');
    expect(productUrl({ category: 13, keyword: 'cream', page: 2 })).toBe('/product?keyword=cream&page=2');
    expect(routeEntryOf(productUrl({ keyword: 'A&B x', page: 4 })).query).toEqual({ keyword: 'A&B x', page: '4' });
  });
});

describe('loadProductPage (entering /product)', () => {
  it('loads the categories first, then the page the URL names', async () => {
    const api = provider(answered);
    const types: string[] = [];
    const logged = (state: RootState | undefined, action: AnyAction) => {
      types.push(`${action.type} ${(action.payload as { key?: string } | undefined)?.key ?? ''}`.trim());
      return rootReducer(state, action);
    };
    const { storeState } = await expectSaga(loadProductPage, fakeDeps(), route('/product?category=13&page=2'))
      .provide([api.fetch])
      .withReducer(logged, at('/product?category=13&page=2', stateAfter()))
      .run();
    const list = listKey({ classifyId: 13, page: 2 });
    expect(types).toEqual([
      `content/requested ${categoriesKey}`,
      `content/succeeded ${categoriesKey}`,
      `content/requested ${list}`,
      `content/succeeded ${list}`,
    ]);
    expect(api.requests()).toEqual([['classifyList'], ['productList', { classifyId: 13, page: 2 }]]);
    expect((storeState as RootState).pagedList.shown).toEqual({ productList: list });
    expect(selectProductTab(storeState as RootState)).toBe(2);
    expect(selectProductList(storeState as RootState)).toEqual({ status: 'succeeded', data: listPage(13, 2), error: null, requestId: null });
  });

  it('the URL is the truth: without ?category= the first tab, page 1, whatever was shown before', async () => {
    const api = provider(answered);
    const before = stateAfter(
      ...categoriesLoaded(),
      routeEntered(route('/product?category=13&page=4')),
      ...loaded(listKey({ classifyId: 13, page: 4 }), listPage(13, 4)),
    );
    expect(selectProductTab(before)).toBe(2);
    const { storeState } = await enter('/product', before, api).run();
    expect(api.requests()).toEqual([['productList', { classifyId: 11, page: 1 }]]);
    expect(selectProductTab(storeState as RootState)).toBe(0);
    expect(selectProductList(storeState as RootState).data).toEqual(listPage(11, 1));
  });

  it('an id no category has any more is the first tab', async () => {
    const api = provider(answered);
    const { storeState } = await enter('/product?category=99', stateAfter(), api).run();
    expect(api.requests()).toEqual([['classifyList'], ['productList', { classifyId: 11, page: 1 }]]);
    expect(selectProductTab(storeState as RootState)).toBe(0);
  });

  it('an old ?name= link opens its category and is rewritten in place to name it by id, page, search and section kept', async () => {
    const api = provider(answered);
    const { storeState } = await enter('/product?name=%E4%B9%B3%E8%86%8F%E5%89%82&page=2#product', stateAfter(), api)
      .put(renamedTo('/product?category=12&page=2#product'))
      .run();
    expect(api.requests()).toEqual([['classifyList'], ['productList', { classifyId: 12, page: 2 }]]);
    expect((storeState as RootState).navigation.route).toEqual({ ...routeEntryOf('/product?category=12&page=2#product', 'replace'), renamed: true });
    expect(selectProductTab(storeState as RootState)).toBe(1);
  });

  it('a ?name= that names no category is left as it is: the first tab', async () => {
    const api = provider(answered);
    const { storeState, effects } = await enter('/product?name=unknown', stateAfter(), api).run();
    expect(effects.put?.map((effect) => effect.payload.action.type)).not.toContain(routeEntered.type);
    expect((storeState as RootState).navigation.route?.query).toEqual({ name: 'unknown' });
    // Looked for in the other language too, once.
    expect(api.asked.map(({ name, locale }) => `${name} ${locale}`)).toEqual(['classifyList zh', 'classifyList en', 'productList zh']);
    expect(api.requests().at(-1)).toEqual(['productList', { classifyId: 11, page: 1 }]);
  });

  it.each([
    ['en', '/product?name=%E4%B9%B3%E8%86%8F%E5%89%82&page=2#product', 'zh'],
    ['zh', '/product?name=Creams&page=2#product', 'en'],
  ] as const)('an old ?name= link in the other language opens its category under %s and is rewritten to its id', async (locale, url, other) => {
    const api = provider(({ name, locale: asked, params }) =>
      name === 'classifyList' ? (asked === 'en' ? englishCategories : categories) : listPage(params.classifyId ?? -1, params.page ?? -1),
    );
    const state: RootState = { ...stateAfter(), locale: { current: locale } };
    const { storeState } = await expectSaga(loadProductPage, fakeDeps(), route(url))
      .provide([api.fetch])
      .withReducer(rootReducer, at(url, state))
      .put(renamedTo('/product?category=12&page=2#product'))
      .run();
    expect(api.asked.map(({ name, locale: asked }) => `${name} ${asked}`)).toEqual([
      `classifyList ${locale}`,
      `classifyList ${other}`,
      `productList ${locale}`,
    ]);
    expect(api.requests().at(-1)).toEqual(['productList', { classifyId: 12, page: 2 }]);
    expect(selectProductTab(storeState as RootState)).toBe(1);
  });

  it('?keyword= searches every category (classifyId 0), trimmed, on the page of the URL', async () => {
    const api = provider(answered);
    const { storeState } = await enter('/product?keyword=%20软膏%20&page=2', stateAfter(), api).run();
    expect(api.requests()).toEqual([['classifyList'], ['productList', { classifyId: 0, page: 2, keyword: '软膏' }]]);
    expect(selectProductTab(storeState as RootState)).toBe(0);
    expect(selectProductList(storeState as RootState).data).toEqual(listPage(0, 2));
  });

  it('Back to a page seen before asks nothing, and shows that page again', async () => {
    const first = await enter('/product?category=12', stateAfter()).run();
    const second = await enter('/product?category=12&page=2', first.storeState as RootState).run();
    const api = provider(answered);
    const { storeState } = await enter('/product?category=12', second.storeState as RootState, api).run();
    expect(api.asked).toEqual([]);
    expect(selectProductTab(storeState as RootState)).toBe(1);
    expect(selectProductList(storeState as RootState)).toMatchObject({ status: 'succeeded', data: listPage(12, 1) });
  });

  it('a page that failed is asked again on Retry, on the page of the URL', async () => {
    const api = provider(answered);
    const failed = stateAfter(
      ...categoriesLoaded(),
      routeEntered(route('/product?category=12&page=3')),
      ...loaded(listKey({ classifyId: 12, page: 3 }), null, error),
    );
    expect(selectProductList(failed)).toMatchObject({ status: 'failed', error });
    const { storeState } = await enter('/product?category=12&page=3', failed, api).run();
    expect(api.requests()).toEqual([['productList', { classifyId: 12, page: 3 }]]);
    expect(selectProductList(storeState as RootState)).toEqual({ status: 'succeeded', data: listPage(12, 3), error: null, requestId: null });
  });

  it('a list that fails is shown failed and reported once to the errors saga', async () => {
    const api = provider((asked) => (asked.name === 'productList' ? Promise.reject(error) : answered(asked)));
    const { storeState } = await enter('/product?category=13', stateAfter(), api).put(apiFailed(error)).run();
    expect(selectProductList(storeState as RootState)).toEqual({ status: 'failed', data: null, error, requestId: null });
    expect((storeState as RootState).pagedList.shown).toEqual({});
    expect(selectProductTab(storeState as RootState)).toBe(2);
  });

  it('without the categories (they failed), the first tab lists every category', async () => {
    const api = provider((asked) => (asked.name === 'classifyList' ? Promise.reject(error) : answered(asked)));
    const { storeState } = await enter('/product?category=13', stateAfter(), api).put(apiFailed(error)).run();
    expect(api.requests()).toEqual([['classifyList'], ['productList', { classifyId: 0, page: 1 }]]);
    expect(selectProductList(storeState as RootState).data).toEqual(listPage(0, 1));
  });

  it('left while its categories load, the page asks nothing more: no list for a page no longer shown', async () => {
    const categoriesAsked = deferred<void>();
    const api = provider((asked) => (asked.name === 'classifyList' ? (categoriesAsked.resolve(), new Promise(() => {})) : answered(asked)));
    await expectSaga(function* leave() {
      const visit = yield fork(loadProductPage, fakeDeps(), route('/product?category=12'));
      yield call(() => categoriesAsked.promise);
      yield cancel(visit);
    })
      .provide([api.fetch])
      .withReducer(rootReducer, at('/product?category=12', stateAfter()))
      .run();
    expect(api.requests()).toEqual([['classifyList']]);
    expect(api.asked[0]?.signal.aborted).toBe(true);
  });

  it('a list left before it answers is aborted, not left loading, and asked again on return; its late answer changes nothing', async () => {
    const listAsked = deferred<void>();
    const late = deferred<List>();
    let lists = 0;
    const api = provider((asked) => {
      if (asked.name !== 'productList') return answered(asked);
      lists += 1;
      if (lists === 1) {
        listAsked.resolve();
        return late.promise;
      }
      late.resolve(listPage(99, 9)); // the abandoned visit's answer comes in now
      return answered(asked);
    });
    const deps = fakeDeps();
    const left: { list?: Resource<List>; aborted?: boolean } = {};
    const { storeState } = await expectSaga(function* leaveAndComeBack() {
      const visit = yield fork(loadProductPage, deps, route('/product?category=12'));
      yield call(() => listAsked.promise);
      yield cancel(visit);
      left.list = yield select(selectProductList);
      left.aborted = api.asked[1]?.signal.aborted;
      yield call(loadProductPage, deps, route('/product?category=12'));
    })
      .provide([api.fetch])
      .withReducer(rootReducer, at('/product?category=12', stateAfter()))
      .run();
    expect(left).toEqual({ list: { status: 'idle', data: null, error: null, requestId: null }, aborted: true });
    expect(api.requests()).toEqual([['classifyList'], ['productList', { classifyId: 12, page: 1 }], ['productList', { classifyId: 12, page: 1 }]]);
    expect(selectProductList(storeState as RootState)).toEqual({ status: 'succeeded', data: listPage(12, 1), error: null, requestId: null });
  });
});

/** A page of the product list on screen, chosen as the grid dispatches it. */
const productPage = (page: number, list: ProductQuery) => listPageSelected({ list: 'productList', page, query: productSearch(list) });

/** The product page's choices: its tabs, and the paged list's pages. */
function* watchProductChoices(deps: Deps) {
  yield fork(watchProductTabs, deps);
  yield fork(watchListPages, deps);
}

describe('the product choices (tabs, and pages of the list)', () => {
  /** The visitor is on /product at `url`, its list shown. */
  const on = async (url: string) => (await enter(url, stateAfter()).run()).storeState as RootState;
  const choose = (state: RootState, ...actions: AnyAction[]) =>
    actions.reduce(
      (saga, action) => saga.dispatch(action),
      expectSaga(watchProductChoices, fakeDeps())
        .provide([provider(answered).fetch])
        .withReducer(rootReducer, state),
    );

  it('a tab names its category by id in the URL (page 1, search ended), and the tab is the URL’s at once', async () => {
    const state = await on('/product?keyword=软膏&page=2');
    const { storeState } = await choose(state, productTabSelected({ category: 13 }), END)
      .put(navigatedTo('/product?category=13'))
      .run();
    expect((storeState as RootState).navigation.route).toEqual(routeEntryOf('/product?category=13', 'push'));
    expect(selectProductTab(storeState as RootState)).toBe(2);
  });

  it('a page is named in the URL of the list it was chosen on; page 1 leaves the page out', async () => {
    const state = await on('/product?category=12');
    const list = { category: 12, page: 1, keyword: '' };
    const two = await choose(state, productPage(2, list), END).put(navigatedTo('/product?category=12&page=2')).run();
    expect((two.storeState as RootState).navigation.route?.query).toEqual({ category: '12', page: '2' });
    const back = await choose(two.storeState as RootState, productPage(1, { ...list, page: 2 }), END)
      .put(navigatedTo('/product?category=12'))
      .run();
    expect((back.storeState as RootState).navigation.route?.query).toEqual({ category: '12' });
  });

  it('the page follows the list of its tap, not the route of the moment (DevTools may show the past)', async () => {
    const elsewhere = stateAfter(routeEntered(route('/product?category=11&page=5')));
    await choose(elsewhere, productPage(2, { category: 13, page: 1, keyword: '' }), END)
      .put(navigatedTo('/product?category=13&page=2'))
      .run();
  });

  it('a page of a search keeps the keyword in the URL', async () => {
    const state = await on('/product?keyword=cream');
    await choose(state, productPage(3, { category: null, page: 1, keyword: 'cream' }), END)
      .put(navigatedTo('/product?keyword=cream&page=3'))
      .run();
  });

  it('asks the provider nothing itself: the route saga loads what the URL names', async () => {
    const api = provider(answered);
    await expectSaga(watchProductChoices, fakeDeps())
      .provide([api.fetch])
      .withReducer(rootReducer, await on('/product'))
      .dispatch(productTabSelected({ category: 12 }))
      .dispatch(productPage(2, { category: 12, page: 1, keyword: '' }))
      .dispatch(END)
      .put(navigatedTo('/product?category=12'))
      .put(navigatedTo('/product?category=12&page=2'))
      .run();
    expect(api.asked).toEqual([]);
  });
});

describe('selectProductList', () => {
  const page1 = listKey({ classifyId: 12, page: 1 });
  const page2 = listKey({ classifyId: 12, page: 2 });
  const onPage1 = () => stateAfter(...categoriesLoaded(), routeEntered(route('/product?category=12')), ...loaded(page1, listPage(12, 1)));

  it('is the entry of the category, page and keyword the URL names', () => {
    expect(selectProductList(onPage1())).toEqual({ status: 'succeeded', data: listPage(12, 1), error: null, requestId: null });
    expect(selectProductList(stateAfter(...categoriesLoaded()))).toEqual({ status: 'idle', data: null, error: null, requestId: null });
  });

  it('while the next page has no rows yet, shows the rows last shown with that page’s status', () => {
    const request = contentRequested({ key: page2 });
    const next = [routeEntered(route('/product?category=12&page=2')), request].reduce(rootReducer, onPage1());
    expect(selectProductList(next)).toEqual({ status: 'loading', data: listPage(12, 1), error: null, requestId: request.payload.requestId });
    const answered2 = rootReducer(next, contentSucceeded({ key: page2, requestId: request.payload.requestId, data: listPage(12, 2) }));
    expect(selectProductList(answered2)).toEqual({ status: 'succeeded', data: listPage(12, 2), error: null, requestId: null });
    expect(answered2.pagedList.shown.productList).toBe(page2);
  });

  it('a page that failed is shown failed as it is, without the rows of another page', () => {
    const request = contentRequested({ key: page2 });
    const failed = [
      routeEntered(route('/product?category=12&page=2')),
      request,
      contentFailed({ key: page2, requestId: request.payload.requestId, error }),
    ].reduce(rootReducer, onPage1());
    expect(selectProductList(failed)).toEqual({ status: 'failed', data: null, error, requestId: null });
    expect(failed.pagedList.shown.productList).toBe(page1);
  });
});
