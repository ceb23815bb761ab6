import { call, put, takeLatest } from 'redux-saga/effects';
import type { Category } from '../../api/types';
import type { Deps } from '../deps';
import { loadContent } from '../content/saga';
import type { ApiResult } from '../shared/callApi';
import { routeEntryOf, type RouteEntry, navigatedTo, routeEntered } from '../shared/route';
import { productQueryOf, productUrl, type ProductQuery } from './query';
import { productListParams } from './selectors';
import { productTabSelected } from './actions';

/**
 * Links made before categories had ids name one by its display name (?name=, in one language).
 * The category of that name in this language's list, or null when the URL names it by id, or
 * names none of them.
 */
export function legacyCategory(route: Pick<RouteEntry, 'query'>, categories: readonly Category[]): number | null {
  const { name, category } = route.query;
  if (!name || category) return null;
  return categories.find((candidate) => candidate.name === name)?.id ?? null;
}

/**
 * Entering /product: the categories first (a tab needs them), then the list page its URL names.
 * An old ?name= link is rewritten in place to its category's id, page, search and section kept.
 */
export function* loadProductPage(deps: Deps, route: RouteEntry) {
  const categories: ApiResult<Category[]> = yield* loadContent(deps, 'classifyList');
  const list = categories.ok ? categories.data : [];
  let query: ProductQuery = productQueryOf(route);
  const legacy = legacyCategory(route, list);
  if (legacy !== null) {
    query = { ...query, category: legacy };
    // A new entry of the page: in the browser it takes these loads over (they are done or not begun).
    yield put(routeEntered(routeEntryOf(productUrl(query, route.hash), 'replace')));
  }
  yield call(loadContent, deps, 'productList', productListParams(list, query));
}

/** A tab names its category in the URL (a new history entry): Back comes back to it. */
function* followTab(_deps: Deps, action: ReturnType<typeof productTabSelected>) {
  yield put(navigatedTo(productUrl({ category: action.payload.category })));
}

export function* watchProductTabs(deps: Deps) {
  yield takeLatest(productTabSelected.type, followTab, deps);
}
