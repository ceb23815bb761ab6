import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The staff picture grid of /resources: the page shown (each page is an entry of the content slice). */
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
  },
});

export const { staffPageSelected } = membersSlice.actions;
export default membersSlice.reducer;
