import { all, call, put, takeLatest } from 'redux-saga/effects';
import type { Category } from '../../api/types';
import type { Deps } from '../deps';
import { LOCALES } from '../../contracts/locale';
import { loadContent, loadContentIn } from '../content/saga';
import { sagaMemory, type SagaMemory } from '../shared/sagaMemory';
import type { ApiResult } from '../shared/callApi';
import { type RouteEntry, navigatedTo, renamedTo } from '../shared/route';
import { productQueryOf, productUrl, type ProductQuery } from './query';
import { productListParams } from './selectors';
import { productTabSelected } from './actions';

/**
 * Links made before categories had ids name one by its display name (?name=), in the language
 * they were written in, which may not be the page's (a zh link shared with an English reader).
 * The id of the category of that name in any of `lists` (ids are the same in every language), or
 * null when the URL names it by id, or names none of them.
 */
export function legacyCategory(route: Pick<RouteEntry, 'query'>, ...lists: (readonly Category[])[]): number | null {
  const { name, category } = route.query;
  if (!name || category) return null;
  for (const list of lists) {
    const found = list.find((candidate) => candidate.name === name);
    if (found) return found.id;
  }
  return null;
}

/** The category an old ?name= link names: in the page's language, else in another (asked only then). */
function* legacyCategoryOf(deps: Deps, route: RouteEntry, shown: readonly Category[]): Generator<unknown, number | null, unknown> {
  if (!route.query.name || route.query.category) return null;
  const here = legacyCategory(route, shown);
  if (here !== null) return here;
  const { locale } = (yield* sagaMemory()) as SagaMemory;
  const others = (yield all(LOCALES.filter((other) => other !== locale).map((other) => call(loadContentIn, deps, other, 'classifyList')))) as ApiResult<
    Category[]
  >[];
  return legacyCategory(route, ...others.map((other) => (other.ok ? other.data : [])));
}

/**
 * Entering /product: the categories first (a tab needs them), then the list page its URL names.
 * An old ?name= link is rewritten in place to its category's id, page, search and section kept
 * (the server answers such a URL with a permanent redirect to that one, pageRenderer.ts).
 */
export function* loadProductPage(deps: Deps, route: RouteEntry) {
  const categories: ApiResult<Category[]> = yield* loadContent(deps, 'classifyList');
  const list = categories.ok ? categories.data : [];
  let query: ProductQuery = productQueryOf(route);
  const legacy: number | null = yield* legacyCategoryOf(deps, route, list);
  if (legacy !== null) {
    query = { ...query, category: legacy };
    // A new entry of the page: in the browser it takes these loads over (they are done or not begun).
    yield put(renamedTo(productUrl(query, route.hash)));
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
