import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * The staff picture grid of /resources: the page shown, as the URL names it (?page=), so Back,
 * Forward and a shared link show the same page (each page is an entry of the content slice). A
 * tap puts its choice here at once, then navigates to the URL that names it.
 */
export interface MembersState {
  page: number;
}

const membersSlice = createSlice({
  name: 'members',
  initialState: { page: 1 } as MembersState,
  reducers: {
    staffPageSelected(state, action: PayloadAction<number>) {
      state.page = Math.max(1, action.payload);
    },
    /** A /resources entry: its URL's page. */
    staffRouteApplied(state, action: PayloadAction<number>) {
      state.page = action.payload;
    },
  },
});

export const { staffPageSelected, staffRouteApplied } = membersSlice.actions;
export default membersSlice.reducer;
