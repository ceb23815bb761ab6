import { createSlice } from '@reduxjs/toolkit';

export interface ChunksState {
  /** A chunk kept failing after the guarded reload: the page shows a message and a reload button. */
  gaveUp: boolean;
}

const chunksSlice = createSlice({
  name: 'chunks',
  initialState: { gaveUp: false } as ChunksState,
  reducers: {
    reloadGaveUp(state) {
      state.gaveUp = true;
    },
  },
});

export const { reloadGaveUp: chunkReloadGaveUp } = chunksSlice.actions;
export default chunksSlice.reducer;
