import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiError } from '../../api/types';
import type { Resource } from '../shared/resource';

export interface ContentState {
  entries: Record<string, Resource<unknown>>;
}

const initialState: ContentState = { entries: {} };

const contentSlice = createSlice({
  name: 'content',
  initialState,
  reducers: {
    requested(state, action: PayloadAction<{ key: string }>) {
      const previous = state.entries[action.payload.key];
      state.entries[action.payload.key] = { status: 'loading', data: previous?.data ?? null, error: null };
    },
    succeeded(state, action: PayloadAction<{ key: string; data: unknown }>) {
      const entry = state.entries[action.payload.key];
      // An answer for an entry that is no longer waiting is stale: ignore it.
      if (entry?.status !== 'loading') return;
      state.entries[action.payload.key] = { status: 'succeeded', data: action.payload.data, error: null };
    },
    failed(state, action: PayloadAction<{ key: string; error: ApiError }>) {
      const entry = state.entries[action.payload.key];
      if (entry?.status !== 'loading') return;
      entry.status = 'failed';
      entry.error = action.payload.error;
    },
    cancelled(state, action: PayloadAction<{ key: string }>) {
      const entry = state.entries[action.payload.key];
      if (entry?.status === 'loading') entry.status = entry.data === null ? 'idle' : 'succeeded';
    },
    /** The Retry button of every error state: reload the current page's failed entries. */
    retryRequested() {},
  },
});

export const {
  requested: contentRequested,
  succeeded: contentSucceeded,
  failed: contentFailed,
  cancelled: contentCancelled,
  retryRequested,
} = contentSlice.actions;
export default contentSlice.reducer;
