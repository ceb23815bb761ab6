import { call, cancelled, put, select, takeLatest } from 'redux-saga/effects';
import type { Category, Paged, ProductRow } from '../../api/types';
import { PAGE_SIZE } from '../../contracts/constants';
import type { Locale } from '../../contracts/locale';
import type { Deps } from '../deps';
import { loadContent } from '../content/saga';
import { selectContentData } from '../content/selectors';
import { callApi, type ApiResult } from '../shared/callApi';
import { selectLocale } from '../locale/selectors';
import type { RouteEntry } from '../shared/route';
import {
  productListCancelled,
  productListFailed,
  productListRequested,
  productListSucceeded,
  productPageSelected,
  productRouteApplied,
  productTabSelected,
} from './slice';
import type { RootState } from '../rootReducer';
import type { ProductState } from './slice';
import { selectProductKeyword, selectProductPage, selectProductTab } from './selectors';

const selectCategories = selectContentData('classifyList');

/** Loads the list of the current tab, page and keyword; a keyword searches every category. */
function* listQuery() {
  const locale: Locale = yield select(selectLocale);
  const categories: Category[] = (yield select(selectCategories)) ?? [];
  const tab: number = yield select(selectProductTab);
  const page: number = yield select(selectProductPage);
  const keyword: string = yield select(selectProductKeyword);
  const classifyId = keyword ? 0 : (categories[tab]?.id ?? 0);
  return { locale, classifyId, page, keyword, query: `${locale}|${classifyId}|${page}|${keyword}` };
}

export function* loadProductList(deps: Deps) {
  const { locale, classifyId, page, keyword, query }: { locale: Locale; classifyId: number; page: number; keyword: string; query: string } = yield call(listQuery);
  yield put(productListRequested({ query }));
  try {
    const result: ApiResult<Paged<ProductRow>> = yield* callApi(deps, deps.api.productList, locale, { classifyId, page, pageSize: PAGE_SIZE.product, keyword });
    yield put(result.ok ? productListSucceeded({ query, data: result.data }) : productListFailed({ query, error: result.error }));
  } finally {
    if ((yield cancelled()) as boolean) yield put(productListCancelled({ query }));
  }
}

/**
 * Entering /product: the categories first (tabs are indexes into them), then ?name= and
 * ?keyword=. The route is applied (page back to 1) only when it changes the tab or keyword,
 * so a retry keeps the page; a list already loaded or loading for that query is kept.
 */
export function* loadProductPage(deps: Deps, route: RouteEntry) {
  yield call(loadContent, deps, 'classifyList');
  const categories: Category[] = (yield select(selectCategories)) ?? [];
  const named = route.query.name ? categories.findIndex((category) => category.name === route.query.name) : -1;
  const tab: number = named >= 0 ? named : yield select(selectProductTab);
  const keyword = route.query.keyword?.trim() ?? '';
  const current: ProductState = yield select((state: RootState) => state.product);
  if (current.list.status === 'idle' || current.tab !== tab || current.keyword !== keyword) yield put(productRouteApplied({ tab, keyword }));
  const { query }: { query: string } = yield call(listQuery);
  const list: ProductState = yield select((state: RootState) => state.product);
  if (list.listQuery === query && (list.list.status === 'succeeded' || list.list.status === 'loading')) return;
  yield call(loadProductList, deps);
}

/** A newer tab, page or keyword cancels the request of the older one. */
export function* watchProductList(deps: Deps) {
  yield takeLatest([productTabSelected.type, productPageSelected.type], loadProductList, deps);
}
