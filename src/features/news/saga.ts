import { call, put, select, takeLeading } from 'redux-saga/effects';
import type { Deps } from '../deps';
import { loadContent } from '../content/saga';
import { selectNewsPages } from './selectors';
import { newsMoreRequested, newsPagesShown } from './slice';
import { whileOnPage } from '../shared/whileOnPage';

/** Pages 1 to `last`, in order until one fails: a page already loaded is not asked again. */
function* loadPages(deps: Deps, last: number) {
  for (let page = 1; page <= last; page += 1) {
    const result: { ok: boolean } = yield call(loadContent, deps, 'newsList', { page });
    if (!result.ok) return;
  }
}

/**
 * Entering /news: the pages shown so far (the first on a first visit), each asked only when not
 * already loaded (an earlier visit, or state the server preloaded). After a failure the pages
 * that loaded are kept and only the failed one is asked again.
 */
export function* loadNewsPages(deps: Deps) {
  const pages: number = yield select(selectNewsPages);
  if (pages === 0) yield put(newsPagesShown(1));
  yield* loadPages(deps, Math.max(1, pages));
}

/**
 * "More", or Retry of the page that failed: the list shows pages 1 to the one the visitor asked
 * for, read from the action alone (the state may be one Redux DevTools shows from the past).
 */
export function* loadMoreNews(deps: Deps, action: ReturnType<typeof newsMoreRequested>) {
  const { upTo } = action.payload;
  yield put(newsPagesShown(upTo));
  yield* loadPages(deps, upTo);
}

/** takeLeading: clicks while a page is loading are ignored; leaving the page cancels it. */
export function* watchNewsMore(deps: Deps) {
  yield takeLeading(newsMoreRequested.type, whileOnPage<[ReturnType<typeof newsMoreRequested>]>, loadMoreNews, deps);
}
