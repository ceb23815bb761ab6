import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiError } from '../../api/types';
import type { Resource } from '../shared/resource';

export interface ContentState {
  entries: Record<string, Resource<unknown>>;
  /** The request that owns each loading entry: the one load that asks the provider. */
  loading: Record<string, string>;
}

const initialState: ContentState = { entries: {}, loading: {} };

const contentSlice = createSlice({
  name: 'content',
  initialState,
  reducers: {
    /**
     * The first request of an entry owns its load; a request for an entry already loading is
     * ignored, so callers that start together learn from the state which of them asks.
     */
    requested: {
      reducer(state, action: PayloadAction<{ key: string }, string, { requestId: string }>) {
        const { key } = action.payload;
        const previous = state.entries[key];
        if (previous?.status === 'loading') return;
        state.entries[key] = { status: 'loading', data: previous?.data ?? null, error: null };
        state.loading[key] = action.meta.requestId;
      },
      prepare: (payload: { key: string }) => ({ payload, meta: { requestId: nanoid() } }),
    },
    succeeded(state, action: PayloadAction<{ key: string; data: unknown }>) {
      const entry = state.entries[action.payload.key];
      // An answer for an entry that is no longer waiting is stale: ignore it.
      if (entry?.status !== 'loading') return;
      state.entries[action.payload.key] = { status: 'succeeded', data: action.payload.data, error: null };
      delete state.loading[action.payload.key];
    },
    failed(state, action: PayloadAction<{ key: string; error: ApiError }>) {
      const entry = state.entries[action.payload.key];
      if (entry?.status !== 'loading') return;
      entry.status = 'failed';
      entry.error = action.payload.error;
      delete state.loading[action.payload.key];
    },
    cancelled(state, action: PayloadAction<{ key: string }>) {
      const entry = state.entries[action.payload.key];
      if (entry?.status !== 'loading') return;
      entry.status = entry.data === null ? 'idle' : 'succeeded';
      delete state.loading[action.payload.key];
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
