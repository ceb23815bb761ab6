import { expectSaga } from 'redux-saga-test-plan';
import { rootReducer } from '../rootReducer';
import { apiFailed } from '../shared/apiFailed';
import type { RouteEntry } from '../navigation/slice';
import { envelopeError, fakeDeps, stateWith } from '../testing';
import { loadProductPage, watchProductList } from './saga';
import reducer, { productListRequested, productListSucceeded, productPageSelected, productTabSelected } from './slice';

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

  it('ignores an answer for an older query', () => {
    let state = reducer(undefined, productListRequested({ query: 'a' }));
    state = reducer(state, productListRequested({ query: 'b' }));
    state = reducer(state, productListSucceeded({ query: 'a', data: page(1) }));
    expect(state.list.status).toBe('loading');
    state = reducer(state, productListSucceeded({ query: 'b', data: page(2) }));
    expect(state.list.data).toEqual(page(2));
  });
});
