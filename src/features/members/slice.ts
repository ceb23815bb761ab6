import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiError, MemberPicture, Paged } from '../../api/types';
import type { Resource } from '../shared/resource';

export interface MembersState {
  page: number;
  list: Resource<Paged<MemberPicture>>;
}

const initialState: MembersState = { page: 1, list: { status: 'idle', data: null, error: null } };

const membersSlice = createSlice({
  name: 'members',
  initialState,
  reducers: {
    staffPageSelected(state, action: PayloadAction<number>) {
      state.page = Math.max(1, action.payload);
    },
    staffListRequested(state) {
      state.list = { status: 'loading', data: state.list.data, error: null };
    },
    /** An answer for a page the visitor has left is stale. */
    staffListSucceeded(state, action: PayloadAction<{ page: number; data: Paged<MemberPicture> }>) {
      if (state.list.status !== 'loading' || action.payload.page !== state.page) return;
      state.list = { status: 'succeeded', data: action.payload.data, error: null };
    },
    staffListFailed(state, action: PayloadAction<{ page: number; error: ApiError }>) {
      if (state.list.status !== 'loading' || action.payload.page !== state.page) return;
      state.list = { status: 'failed', data: null, error: action.payload.error };
    },
    /**
     * The visitor left before the answer: the pictures on screen stay, but the page counts as
     * not loaded (they may be another page's), so entering /resources again asks again.
     */
    staffListCancelled(state, action: PayloadAction<{ page: number }>) {
      if (state.list.status !== 'loading' || action.payload.page !== state.page) return;
      state.list.status = 'idle';
    },
  },
});

export const { staffPageSelected, staffListRequested, staffListSucceeded, staffListFailed, staffListCancelled } = membersSlice.actions;
export default membersSlice.reducer;
