import { call, put, select, takeLatest } from 'redux-saga/effects';
import type { Category } from '../../api/types';
import { pathTo } from '../../contracts/routes';
import type { Deps } from '../deps';
import { loadContent } from '../content/saga';
import { navigatedTo } from '../navigation/slice';
import { selectRoute } from '../navigation/selectors';
import type { ApiResult } from '../shared/callApi';
import { pageOfQuery } from '../shared/pageQuery';
import { routeUrl, type RouteEntry } from '../shared/route';
import { productListParams } from './selectors';
import { productPageSelected, productRouteApplied, productTabSelected } from './slice';

/** What a /product URL names: the tab of ?name= (the first without one, or when no category has that name), ?page= and ?keyword=. */
export function productRouteOf(route: RouteEntry, categories: readonly Category[]) {
  const named = route.query.name ? categories.findIndex((category) => category.name === route.query.name) : -1;
  return { tab: Math.max(0, named), page: pageOfQuery(route.query.page), keyword: route.query.keyword?.trim() ?? '' };
}

/** Entering /product: the categories first (tabs are indexes into them), then the list page its URL names. */
export function* loadProductPage(deps: Deps, route: RouteEntry) {
  const categories: ApiResult<Category[]> = yield* loadContent(deps, 'classifyList');
  const list = categories.ok ? categories.data : [];
  const applied = productRouteOf(route, list);
  yield put(productRouteApplied(applied));
  yield call(loadContent, deps, 'productList', productListParams(list, applied));
}

/** The /product URL of a category and page; a page of a keyword search keeps the keyword. */
export const productUrl = (query: { name?: string; keyword?: string; page?: number }) =>
  routeUrl({
    path: pathTo('product'),
    query: Object.fromEntries(Object.entries({ ...query, page: query.page && query.page > 1 ? String(query.page) : undefined }).filter(([, v]) => v)) as Record<string, string>,
    hash: '',
  });

/** A tab names its category in the URL (a new history entry): Back comes back to it. */
function* followTab(_deps: Deps, action: ReturnType<typeof productTabSelected>) {
  yield put(navigatedTo(productUrl({ name: action.payload.name })));
}

/** A page of the list, in the URL of the category or search on screen. */
function* followPage(_deps: Deps, action: ReturnType<typeof productPageSelected>) {
  const route: RouteEntry | null = yield select(selectRoute);
  const { name, keyword } = route?.query ?? {};
  yield put(navigatedTo(productUrl({ name, keyword, page: action.payload })));
}

export function* watchProductChoices(deps: Deps) {
  yield takeLatest(productTabSelected.type, followTab, deps);
  yield takeLatest(productPageSelected.type, followPage, deps);
}
