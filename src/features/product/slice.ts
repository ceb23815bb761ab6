import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { contentSucceeded } from '../content/slice';
import type { ProductQuery } from './query';

/**
 * What the product list loaded, not where it is: the category, page and search are the URL's
 * (query.ts), read from the route. A tap is an intent the product saga turns into a navigation.
 */
export interface ProductState {
  /** The list page last loaded: its rows stay on screen, marked busy, while the next one loads. */
  shownKey: string | null;
}

const initialState: ProductState = { shownKey: null };

const productSlice = createSlice({
  name: 'product',
  initialState,
  reducers: {
    /** A category tab, by the category's id: it ends a keyword search, and the page goes back to 1. */
    tabSelected(_state, _action: PayloadAction<{ category: number }>) {},
    /** A page of the list on screen: the query it was shown for travels with the tap. */
    pageSelected(_state, _action: PayloadAction<{ page: number; list: ProductQuery }>) {},
  },
  extraReducers: (builder) => {
    builder.addCase(contentSucceeded, (state, action) => {
      if (action.payload.key.startsWith('productList|')) state.shownKey = action.payload.key;
    });
  },
});

export const { tabSelected: productTabSelected, pageSelected: productPageSelected } = productSlice.actions;
export default productSlice.reducer;
