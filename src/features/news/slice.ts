import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiError, NewsItem } from '../../api/types';
import type { Status } from '../shared/resource';

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
    firstPageRequested() {
      return { ...initialState, status: 'loading' as const };
    },
    moreRequested() {},
    pageRequested(state) {
      state.status = 'loading';
      state.error = null;
    },
    /** The list grows by appending the next page (SPEC §4). */
    pageSucceeded(state, action: PayloadAction<{ page: number; rows: NewsItem[]; total: number }>) {
      if (state.status !== 'loading' || action.payload.page !== state.page + 1) return;
      state.page = action.payload.page;
      state.rows.push(...action.payload.rows);
      state.total = action.payload.total;
      state.status = 'succeeded';
    },
    pageCancelled(state) {
      if (state.status === 'loading') state.status = state.page > 0 ? 'succeeded' : 'idle';
    },
    /** Like success, a failure counts only for the page being waited for. */
    pageFailed(state, action: PayloadAction<{ page: number; error: ApiError }>) {
      if (state.status !== 'loading' || action.payload.page !== state.page + 1) return;
      state.status = 'failed';
      state.error = action.payload.error;
    },
  },
});

export const {
  firstPageRequested: newsFirstPageRequested,
  moreRequested: newsMoreRequested,
  pageRequested: newsPageRequested,
  pageSucceeded: newsPageSucceeded,
  pageFailed: newsPageFailed,
  pageCancelled: newsPageCancelled,
} = newsSlice.actions;
export default newsSlice.reducer;
