import { call, put, select, takeLeading } from 'redux-saga/effects';
import type { Deps } from '../deps';
import { loadContent } from '../content/saga';
import { selectNewsList, selectNewsPages, type NewsList } from './selectors';
import { newsMoreRequested, newsPagesShown } from './slice';
import { whileOnPage } from '../shared/whileOnPage';

/**
 * Entering /news: the pages shown so far (the first on a first visit), each asked only when not
 * already loaded (an earlier visit, or state the server preloaded). After a failure the pages
 * that loaded are kept and only the failed one is asked again.
 */
export function* loadNewsPages(deps: Deps) {
  const pages: number = yield select(selectNewsPages);
  if (pages === 0) yield put(newsPagesShown(1));
  for (let page = 1; page <= Math.max(1, pages); page += 1) {
    const result: { ok: boolean } = yield call(loadContent, deps, 'newsList', { page });
    if (!result.ok) return;
  }
}

/** "More" appends the next page while fewer rows than total are shown; after a failure it asks that page again. */
export function* loadMoreNews(deps: Deps) {
  const news: NewsList = yield select(selectNewsList);
  if (news.status === 'loading') return;
  if (news.status === 'failed') {
    yield call(loadNewsPages, deps);
    return;
  }
  if (news.page > 0 && news.rows.length >= news.total) return;
  yield put(newsPagesShown(news.page + 1));
  yield call(loadContent, deps, 'newsList', { page: news.page + 1 });
}

/** takeLeading: clicks while a page is loading are ignored, so no page is fetched twice; leaving the page cancels it. */
export function* watchNewsMore(deps: Deps) {
  yield takeLeading(newsMoreRequested.type, whileOnPage, loadMoreNews, deps);
}
