import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiError, NewsItem } from '../../api/types';
import type { Status } from '../content/types';

export interface NewsState {
  page: number;
  rows: NewsItem[];
  total: number;
  status: Status;
  error: ApiError | null;
}

const initialState: NewsState = { page: 0, rows: [], total: 0, status: 'idle', error: null };

const newsSlice = createSlice({
  name: 'news',
  initialState,
  reducers: {
    newsFirstPageRequested() {
      return { ...initialState, status: 'loading' as const };
    },
    newsMoreRequested() {},
    newsPageRequested(state) {
      state.status = 'loading';
      state.error = null;
    },
    /** The list grows by appending the next page (SPEC §4). */
    newsPageSucceeded(state, action: PayloadAction<{ page: number; rows: NewsItem[]; total: number }>) {
      if (state.status !== 'loading' || action.payload.page !== state.page + 1) return;
      state.page = action.payload.page;
      state.rows.push(...action.payload.rows);
      state.total = action.payload.total;
      state.status = 'succeeded';
    },
    newsPageFailed(state, action: PayloadAction<ApiError>) {
      if (state.status !== 'loading') return;
      state.status = 'failed';
      state.error = action.payload;
    },
  },
});

export const { newsFirstPageRequested, newsMoreRequested, newsPageRequested, newsPageSucceeded, newsPageFailed } = newsSlice.actions;
export default newsSlice.reducer;
