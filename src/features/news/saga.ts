import { call, put, select, takeLeading } from 'redux-saga/effects';
import type { ApiError, NewsItem, Paged } from '../../api/types';
import { PAGE_SIZE } from '../../contracts/constants';
import type { Locale } from '../../contracts/locale';
import type { Deps } from '../deps';
import { apiFailed } from '../errors/actions';
import { selectLocale } from '../locale/selectors';
import { selectHasMoreNews, selectNewsList } from './selectors';
import { newsFirstPageRequested, newsMoreRequested, newsPageFailed, newsPageRequested, newsPageSucceeded, type NewsState } from './slice';

function* loadNewsPage({ api }: Deps, page: number) {
  const locale: Locale = yield select(selectLocale);
  yield put(newsPageRequested());
  try {
    const data: Paged<NewsItem> = yield call(api.newsList, locale, { page, pageSize: PAGE_SIZE.news });
    yield put(newsPageSucceeded({ page, rows: data.rows, total: data.total }));
  } catch (error) {
    yield put(newsPageFailed(error as ApiError));
    yield put(apiFailed(error as ApiError));
  }
}

/** Entering /news starts the list over from page 1. */
export function* loadFirstNewsPage(deps: Deps) {
  yield put(newsFirstPageRequested());
  yield call(loadNewsPage, deps, 1);
}

/** "More" appends the next page while fewer rows than total are loaded; a retry after a failure asks again. */
export function* loadMoreNews(deps: Deps) {
  const news: NewsState = yield select(selectNewsList);
  if (news.status === 'loading') return;
  const hasMore: boolean = yield select(selectHasMoreNews);
  if (news.page > 0 && !hasMore) return;
  yield call(loadNewsPage, deps, news.page + 1);
}

/** takeLeading: clicks while a page is loading are ignored, so no page is fetched twice. */
export function* watchNewsMore(deps: Deps) {
  yield takeLeading(newsMoreRequested.type, loadMoreNews, deps);
}
