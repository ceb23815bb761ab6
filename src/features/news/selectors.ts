import type { RootState } from '../rootReducer';

export const selectNewsList = (state: RootState) => state.news;
export const selectHasMoreNews = (state: RootState) => state.news.page > 0 && state.news.rows.length < state.news.total;
