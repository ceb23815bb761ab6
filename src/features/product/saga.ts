import { call, put, select, takeLatest } from 'redux-saga/effects';
import type { Category, Paged, ProductRow } from '../../api/types';
import type { ApiError } from '../../api/types';
import { PAGE_SIZE } from '../../contracts/constants';
import type { Locale } from '../../contracts/locale';
import type { Deps } from '../deps';
import { loadContent } from '../content/saga';
import { selectContentData } from '../content/selectors';
import { apiFailed } from '../errors/actions';
import { selectLocale } from '../locale/selectors';
import type { RouteEntry } from '../navigation/slice';
import {
  productKeywordChanged,
  productListFailed,
  productListRequested,
  productListSucceeded,
  productPageSelected,
  productRouteApplied,
  productTabSelected,
} from './slice';
import { selectProductKeyword, selectProductPage, selectProductTab } from './selectors';

const selectCategories = selectContentData('classifyList');

/** Loads the list of the current tab, page and keyword; a keyword searches every category. */
export function* loadProductList({ api }: Deps) {
  const locale: Locale = yield select(selectLocale);
  const categories: Category[] = (yield select(selectCategories)) ?? [];
  const tab: number = yield select(selectProductTab);
  const page: number = yield select(selectProductPage);
  const keyword: string = yield select(selectProductKeyword);
  const classifyId = keyword ? 0 : (categories[tab]?.id ?? 0);
  const query = `${locale}|${classifyId}|${page}|${keyword}`;
  yield put(productListRequested({ query }));
  try {
    const data: Paged<ProductRow> = yield call(api.productList, locale, { classifyId, page, pageSize: PAGE_SIZE.product, keyword });
    yield put(productListSucceeded({ query, data }));
  } catch (error) {
    yield put(productListFailed({ query, error: error as ApiError }));
    yield put(apiFailed(error as ApiError));
  }
}

/** Entering /product: the categories first (tabs are indexes into them), then ?name= and ?keyword=. */
export function* loadProductPage(deps: Deps, route: RouteEntry) {
  yield call(loadContent, deps, 'classifyList');
  const categories: Category[] = (yield select(selectCategories)) ?? [];
  const named = route.query.name ? categories.findIndex((category) => category.name === route.query.name) : -1;
  const tab: number = named >= 0 ? named : yield select(selectProductTab);
  yield put(productRouteApplied({ tab, keyword: route.query.keyword?.trim() ?? '' }));
  yield call(loadProductList, deps);
}

/** A newer tab, page or keyword cancels the request of the older one. */
export function* watchProductList(deps: Deps) {
  yield takeLatest([productTabSelected.type, productPageSelected.type, productKeywordChanged.type], loadProductList, deps);
}
