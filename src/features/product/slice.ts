import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { contentSucceeded } from '../content/slice';

/**
 * The product list as the URL names it (?name= the category, ?page=, ?keyword=): the route
 * saga applies each entry's query here, so Back, Forward and a shared link show the same tab
 * and page. A tap puts its choice here at once (the tab answers in the tap's frame), then
 * navigates to the URL that names it.
 */
export interface ProductState {
  tab: number;
  page: number;
  keyword: string;
  /** The list page last loaded: its rows stay on screen, marked stale, while the next one loads. */
  shownKey: string | null;
}

const initialState: ProductState = { tab: 0, page: 1, keyword: '', shownKey: null };

const productSlice = createSlice({
  name: 'product',
  initialState,
  reducers: {
    /** A category tab: it ends a keyword search, and the page goes back to 1 (SPEC §4). */
    tabSelected(state, action: PayloadAction<{ index: number; name: string }>) {
      state.tab = Math.max(0, action.payload.index);
      state.page = 1;
      state.keyword = '';
    },
    pageSelected(state, action: PayloadAction<number>) {
      state.page = Math.max(1, action.payload);
    },
    /** A /product entry: its URL's category (as a tab index), page and keyword. */
    routeApplied(state, action: PayloadAction<{ tab: number; page: number; keyword: string }>) {
      Object.assign(state, action.payload);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(contentSucceeded, (state, action) => {
      if (action.payload.key.startsWith('productList|')) state.shownKey = action.payload.key;
    });
  },
});

export const { tabSelected: productTabSelected, pageSelected: productPageSelected, routeApplied: productRouteApplied } = productSlice.actions;
export default productSlice.reducer;
