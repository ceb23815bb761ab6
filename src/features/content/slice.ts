import { createSlice, nanoid, original, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiError } from '../../api/types';
import type { Resource } from '../shared/resource';
import { loadRestored } from '../shared/sharedLoads';

/** Every load of the site, keyed by what it loads (content/key.ts): sections, list pages, details. */
export interface ContentState {
  entries: Record<string, Resource<unknown>>;
}

const initialState: ContentState = { entries: {} };

type Answer<P> = PayloadAction<{ key: string; requestId: string } & P>;

/** The one stale-answer rule: an answer counts only for the request that owns the entry now. */
const owned = (state: ContentState, { key, requestId }: { key: string; requestId: string }) => {
  const entry = state.entries[key];
  return entry?.status === 'loading' && entry.requestId === requestId ? entry : null;
};

const contentSlice = createSlice({
  name: 'content',
  initialState,
  reducers: {
    /** A load starts and owns the entry (a newer request takes it over); what was shown stays meanwhile. */
    requested: {
      reducer(state, action: PayloadAction<{ key: string; requestId: string }>) {
        const { key, requestId } = action.payload;
        state.entries[key] = { status: 'loading', data: state.entries[key]?.data ?? null, error: null, requestId };
      },
      prepare: (payload: { key: string }) => ({ payload: { ...payload, requestId: nanoid() } }),
    },
    succeeded(state, action: Answer<{ data: unknown }>) {
      if (!owned(state, action.payload)) return;
      state.entries[action.payload.key] = { status: 'succeeded', data: action.payload.data, error: null, requestId: null };
    },
    failed(state, action: Answer<{ error: ApiError }>) {
      const entry = owned(state, action.payload);
      if (!entry) return;
      Object.assign(entry, { status: 'failed', error: action.payload.error, requestId: null });
    },
    /** The load was cancelled (its page was left): the entry shows what it showed before. */
    cancelled(state, action: Answer<object>) {
      const entry = owned(state, action.payload);
      if (!entry) return;
      Object.assign(entry, { status: entry.data === null ? 'idle' : 'succeeded', requestId: null });
    },
    /** The Retry button of every error state: reload the current page's failed entries. */
    retryRequested() {},
  },
  extraReducers: (builder) => {
    // A load the sagas found answered in their record: the entry shows that answer, whatever past
    // Redux DevTools put in its place (a request no saga will answer, or nothing). Already shown: no change.
    builder.addCase(loadRestored, (state, { payload: { key, data } }) => {
      // The entry as it is, not immer's draft of it: its data is compared by identity.
      const shown = original(state)?.entries[key];
      if (shown?.status === 'succeeded' && shown.data === data) return;
      state.entries[key] = { status: 'succeeded', data, error: null, requestId: null };
    });
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
