import { put, takeLatest } from 'redux-saga/effects';
import { pathTo } from '../../contracts/routes';
import type { Deps } from '../deps';
import { navigatedTo, routeUrl } from '../shared/route';
import { listPageSelected, PAGED_LISTS, type PagedListName } from './slice';

/** The URL of a list's page: its route with the query it was shown for; page 1 is left out. */
export function pageUrl(list: PagedListName, query: Record<string, string>, page: number): string {
  const { page: _shown, ...rest } = query;
  return routeUrl({ path: pathTo(PAGED_LISTS[list]), query: page > 1 ? { ...rest, page: String(page) } : rest, hash: '' });
}

/** A page the visitor picks is a new history entry (Back comes back to it), from the action alone; the entry loads it. */
function* followPage(_deps: Deps, action: ReturnType<typeof listPageSelected>) {
  const { list, query, page } = action.payload;
  yield put(navigatedTo(pageUrl(list, query, Math.max(1, page))));
}

export function* watchListPages(deps: Deps) {
  yield takeLatest(listPageSelected.type, followPage, deps);
}
