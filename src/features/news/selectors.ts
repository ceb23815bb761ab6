import { createSelector } from '@reduxjs/toolkit';
import type { ApiError, NewsItem } from '../../api/types';
import { entryIn } from '../content/selectors';
import type { RootState } from '../rootReducer';
import type { Status } from '../shared/resource';

export interface NewsList {
  /** The pages loaded, from the first, with their rows in order. */
  page: number;
  rows: NewsItem[];
  total: number;
  /** The last page shown: loading, failed, or succeeded like every page before it. */
  status: Status;
  error: ApiError | null;
}

export const selectNewsPages = (state: RootState) => state.news.pages;

export const selectNewsList = createSelector(
  [(state: RootState) => state.content.entries, (state: RootState) => state.locale.current, selectNewsPages],
  (entries, locale, pages): NewsList => {
    const list: NewsList = { page: 0, rows: [], total: 0, status: 'idle', error: null };
    for (let page = 1; page <= pages; page += 1) {
      const entry = entryIn(entries, 'newsList', locale, { page });
      list.status = entry.status;
      list.error = entry.error;
      if (entry.data === null || list.page !== page - 1) continue;
      list.page = page;
      list.rows = [...list.rows, ...entry.data.rows];
      list.total = entry.data.total;
    }
    return list;
  },
);

export const selectHasMoreNews = (state: RootState) => {
  const list = selectNewsList(state);
  return list.page > 0 && list.rows.length < list.total;
};
