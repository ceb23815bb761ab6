import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiError, Paged, ProductRow } from '../../api/types';
import type { Resource } from '../content/types';

export interface ProductState {
  tab: number;
  page: number;
  keyword: string;
  list: Resource<Paged<ProductRow>>;
}

const initialState: ProductState = { tab: 0, page: 1, keyword: '', list: { status: 'idle', data: null, error: null } };

const productSlice = createSlice({
  name: 'product',
  initialState,
  reducers: {
    /** Changing tab resets the page to 1 (SPEC §4). */
    productTabSelected(state, action: PayloadAction<number>) {
      state.tab = Math.max(0, action.payload);
      state.page = 1;
    },
    productPageSelected(state, action: PayloadAction<number>) {
      state.page = Math.max(1, action.payload);
    },
    productKeywordChanged(state, action: PayloadAction<string>) {
      state.keyword = action.payload;
      state.page = 1;
    },
    productListRequested(state) {
      state.list = { status: 'loading', data: state.list.data, error: null };
    },
    productListSucceeded(state, action: PayloadAction<Paged<ProductRow>>) {
      if (state.list.status !== 'loading') return;
      state.list = { status: 'succeeded', data: action.payload, error: null };
    },
    productListFailed(state, action: PayloadAction<ApiError>) {
      if (state.list.status !== 'loading') return;
      state.list = { status: 'failed', data: null, error: action.payload };
    },
  },
});

export const {
  productTabSelected,
  productPageSelected,
  productKeywordChanged,
  productListRequested,
  productListSucceeded,
  productListFailed,
} = productSlice.actions;
export default productSlice.reducer;
