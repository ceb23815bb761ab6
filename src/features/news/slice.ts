import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * The news list grows by appending the next page (a More button): this many pages are shown, each
 * loaded as its own entry of the content slice (`newsList` with its page). Kept when the visitor
 * leaves /news, so Back returns to the rows (and the scroll position) they had.
 */
export interface NewsState {
  pages: number;
}

const initialState: NewsState = { pages: 0 };

const newsSlice = createSlice({
  name: 'news',
  initialState,
  reducers: {
    /** "More" (or Retry of the page that failed): show pages 1 to `upTo` (the page after those loaded). */
    moreRequested(_state, _action: PayloadAction<{ upTo: number }>) {},
    /** The list now shows pages 1 to `pages`. */
    pagesShown(state, action: PayloadAction<number>) {
      state.pages = Math.max(1, action.payload);
    },
  },
});

export const { moreRequested: newsMoreRequested, pagesShown: newsPagesShown } = newsSlice.actions;
export default newsSlice.reducer;
