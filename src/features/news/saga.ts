import { call, cancelled, put, select, takeLeading } from 'redux-saga/effects';
import type { NewsItem, Paged } from '../../api/types';
import { PAGE_SIZE } from '../../contracts/constants';
import type { Locale } from '../../contracts/locale';
import type { Deps } from '../deps';
import { callApi, type ApiResult } from '../shared/callApi';
import { selectLocale } from '../locale/selectors';
import { selectHasMoreNews, selectNewsList } from './selectors';
import { newsFirstPageRequested, newsMoreRequested, newsPageCancelled, newsPageFailed, newsPageRequested, newsPageSucceeded, type NewsState } from './slice';

function* loadNewsPage(deps: Deps, page: number) {
  const locale: Locale = yield select(selectLocale);
  yield put(newsPageRequested());
  const result: ApiResult<Paged<NewsItem>> = yield* callApi(deps, deps.api.newsList, locale, { page, pageSize: PAGE_SIZE.news });
  if (result.ok) yield put(newsPageSucceeded({ page, rows: result.data.rows, total: result.data.total }));
  else yield put(newsPageFailed({ page, error: result.error }));
}

/** A load cancelled by a newer navigation leaves the list as it was, not waiting forever. */
function* loadNewsPageOrRestore(deps: Deps, page: number) {
  try {
    yield call(loadNewsPage, deps, page);
  } finally {
    if ((yield cancelled()) as boolean) yield put(newsPageCancelled());
  }
}

/**
 * Entering /news: rows already loaded (an earlier visit, or state the server preloaded) are
 * kept and nothing is asked; after a failure only the failed page is asked again, so a retry
 * keeps the rows appended so far. Otherwise the list starts from page 1.
 */
export function* loadFirstNewsPage(deps: Deps) {
  const news: NewsState = yield select(selectNewsList);
  if (news.status === 'succeeded') return;
  if (news.status === 'failed' && news.page > 0) {
    yield call(loadNewsPageOrRestore, deps, news.page + 1);
    return;
  }
  yield put(newsFirstPageRequested());
  yield call(loadNewsPageOrRestore, deps, 1);
}

/** "More" appends the next page while fewer rows than total are loaded; a retry after a failure asks again. */
export function* loadMoreNews(deps: Deps) {
  const news: NewsState = yield select(selectNewsList);
  if (news.status === 'loading') return;
  const hasMore: boolean = yield select(selectHasMoreNews);
  if (news.page > 0 && !hasMore) return;
  yield call(loadNewsPageOrRestore, deps, news.page + 1);
}

/** takeLeading: clicks while a page is loading are ignored, so no page is fetched twice. */
export function* watchNewsMore(deps: Deps) {
  yield takeLeading(newsMoreRequested.type, loadMoreNews, deps);
}
