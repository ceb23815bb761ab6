import { expectSaga } from 'redux-saga-test-plan';
import { call, race, take } from 'redux-saga/effects';
import { rootReducer } from '../rootReducer';
import { apiFailed } from '../shared/apiFailed';
import type { RouteEntry } from '../navigation/slice';
import { deferred, envelopeError, fakeDeps, stateWith } from '../testing';
import { loadProductPage, watchProductList } from './saga';
import reducer, { productListCancelled, productListRequested, productListSucceeded, productPageSelected, productTabSelected } from './slice';

const categories = [
  { id: 11, name: '软膏剂' },
  { id: 12, name: '乳膏剂' },
  { id: 13, name: '酊剂' },
];
const page = (n: number) => ({ rows: [{ id: n, name: `p${n}`, pics: [] }], total: 9 });
const route = (query: Record<string, string> = {}): RouteEntry => ({ routeId: 'product', path: '/product', params: {}, query, hash: '' });

function productApi() {
  const productList = jest.fn(async (_lan: string, q: { classifyId: number; page: number; keyword: string }) => page(q.page));
  return { productList, deps: fakeDeps({ classifyList: async () => categories, productList }) };
}

describe('product list', () => {
  it('?name= selects the tab of the category with that name', async () => {
    const { productList, deps } = productApi();
    const { storeState } = await expectSaga(loadProductPage, deps, route({ name: '酊剂' })).withReducer(rootReducer, stateWith()).run();
    expect(storeState.product.tab).toBe(2);
    expect(productList).toHaveBeenCalledWith('zh', { classifyId: 13, page: 1, pageSize: 6, keyword: '' });
    expect(storeState.product.list.data).toEqual(page(1));
  });

  it('keeps the tab chosen before navigating (home More, sub-menu) when there is no ?name=', async () => {
    const { productList, deps } = productApi();
    const state = stateWith((s) => void (s.product.tab = 1));
    await expectSaga(loadProductPage, deps, route({ name: 'unknown' })).withReducer(rootReducer, state).run();
    expect(productList).toHaveBeenCalledWith('zh', expect.objectContaining({ classifyId: 12 }));
  });

  it('?keyword= searches every category', async () => {
    const { productList, deps } = productApi();
    const { storeState } = await expectSaga(loadProductPage, deps, route({ keyword: ' 软膏 ' })).withReducer(rootReducer, stateWith()).run();
    expect(storeState.product.keyword).toBe('软膏');
    expect(productList).toHaveBeenCalledWith('zh', { classifyId: 0, page: 1, pageSize: 6, keyword: '软膏' });
  });

  it('changing tab resets the page to 1 and reloads', async () => {
    const { productList, deps } = productApi();
    const state = stateWith((s) => {
      s.content.entries['classifyList|zh|'] = { status: 'succeeded', data: categories, error: null };
      s.product.page = 2;
    });
    const { storeState } = await expectSaga(watchProductList, deps).withReducer(rootReducer, state).dispatch(productTabSelected(1)).silentRun(30);
    expect(storeState.product).toMatchObject({ tab: 1, page: 1 });
    expect(productList).toHaveBeenLastCalledWith('zh', { classifyId: 12, page: 1, pageSize: 6, keyword: '' });
  });

  describe('the route is applied only when it changes the tab or the keyword', () => {
    /** The visitor is on page 3 of the second tab, and that page failed. */
    const onPage3 = (status: 'failed' | 'loading') =>
      stateWith((s) => {
        s.content.entries['classifyList|zh|'] = { status: 'succeeded', data: categories, error: null };
        Object.assign(s.product, { tab: 1, page: 3, keyword: '', listQuery: 'zh|12|3|', list: { status, data: null, error: null } });
      });

    it('Retry keeps the page', async () => {
      const { productList, deps } = productApi();
      const { storeState } = await expectSaga(loadProductPage, deps, route()).withReducer(rootReducer, onPage3('failed')).run();
      expect(productList).toHaveBeenCalledTimes(1);
      expect(productList).toHaveBeenCalledWith('zh', { classifyId: 12, page: 3, pageSize: 6, keyword: '' });
      expect(storeState.product).toMatchObject({ tab: 1, page: 3, list: { status: 'succeeded' } });
    });

    it('a page already loading for that query is not asked twice', async () => {
      const { productList, deps } = productApi();
      await expectSaga(loadProductPage, deps, route()).withReducer(rootReducer, onPage3('loading')).run();
      expect(productList).not.toHaveBeenCalled();
    });

    it('another keyword or another tab goes back to page 1', async () => {
      for (const query of [{ keyword: '软膏' }, { name: '酊剂' }] as Record<string, string>[]) {
        const { productList, deps } = productApi();
        const { storeState } = await expectSaga(loadProductPage, deps, route(query)).withReducer(rootReducer, onPage3('failed')).run();
        expect(storeState.product.page).toBe(1);
        expect(productList).toHaveBeenCalledWith('zh', expect.objectContaining({ page: 1 }));
      }
    });
  });

  it('paging loads that page', async () => {
    const { deps } = productApi();
    const { storeState } = await expectSaga(watchProductList, deps).withReducer(rootReducer, stateWith()).dispatch(productPageSelected(2)).silentRun(30);
    expect(storeState.product.list.data).toEqual(page(2));
  });

  it('a failure shows on the list and goes to the error saga', async () => {
    const error = envelopeError(1, 'boom');
    const deps = fakeDeps({ productList: () => Promise.reject(error) });
    const { storeState } = await expectSaga(watchProductList, deps).withReducer(rootReducer, stateWith()).put(apiFailed(error)).dispatch(productPageSelected(3)).silentRun(30);
    expect(storeState.product.list).toEqual({ status: 'failed', data: null, error });
  });

  it('loads again when the visitor left /product before the list answered and comes back', async () => {
    const late = deferred<ReturnType<typeof page>>();
    const productList = jest.fn().mockReturnValueOnce(late.promise).mockImplementation(async () => {
      late.resolve(page(7)); // the answer of the abandoned visit comes in, too late to count
      return page(1);
    });
    const deps = fakeDeps({ classifyList: async () => categories, productList });
    const { storeState } = await expectSaga(function* leaveAndComeBack() {
      yield race({ visit: call(loadProductPage, deps, route()), left: take(productListRequested.type) });
      yield call(loadProductPage, deps, route());
    })
      .withReducer(rootReducer, stateWith())
      .run();
    expect(productList).toHaveBeenCalledTimes(2);
    expect(storeState.product.list).toEqual({ status: 'succeeded', data: page(1), error: null });
  });

  it('a tab chosen while a page loads drops that page and loads the tab', async () => {
    const late = deferred<ReturnType<typeof page>>();
    const productList = jest.fn().mockReturnValueOnce(late.promise).mockImplementation(async () => {
      late.resolve(page(7));
      return page(1);
    });
    const state = stateWith((s) => void (s.content.entries['classifyList|zh|'] = { status: 'succeeded', data: categories, error: null }));
    const { storeState } = await expectSaga(watchProductList, fakeDeps({ productList }))
      .withReducer(rootReducer, state)
      .dispatch(productPageSelected(2))
      .dispatch(productTabSelected(1))
      .silentRun(30);
    expect(productList).toHaveBeenCalledTimes(2);
    expect(storeState.product).toMatchObject({ tab: 1, page: 1, list: { status: 'succeeded', data: page(1) } });
  });

  it('a cancelled load leaves no list waiting, and keeps the rows on screen', () => {
    let state = reducer(undefined, productListRequested({ query: 'a' }));
    state = reducer(state, productListCancelled({ query: 'a' }));
    expect(state.list.status).toBe('idle');
    state = reducer(state, productListRequested({ query: 'a' }));
    state = reducer(state, productListSucceeded({ query: 'a', data: page(1) }));
    state = reducer(state, productListRequested({ query: 'b' }));
    state = reducer(state, productListCancelled({ query: 'a' }));
    expect(state.list.status).toBe('loading');
    state = reducer(state, productListCancelled({ query: 'b' }));
    expect(state).toMatchObject({ list: { status: 'succeeded', data: page(1) }, listQuery: '' });
  });

  it('a cancel after the answer changes nothing', () => {
    let state = reducer(undefined, productListRequested({ query: 'a' }));
    state = reducer(state, productListSucceeded({ query: 'a', data: page(1) }));
    expect(reducer(state, productListCancelled({ query: 'a' }))).toEqual(state);
  });

  it('ignores an answer for an older query', () => {
    let state = reducer(undefined, productListRequested({ query: 'a' }));
    state = reducer(state, productListRequested({ query: 'b' }));
    state = reducer(state, productListSucceeded({ query: 'a', data: page(1) }));
    expect(state.list.status).toBe('loading');
    state = reducer(state, productListSucceeded({ query: 'b', data: page(2) }));
    expect(state.list.data).toEqual(page(2));
  });
});
