import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiError, Paged, ProductRow } from '../../api/types';
import type { Resource } from '../shared/resource';

export interface ProductState {
  tab: number;
  page: number;
  keyword: string;
  list: Resource<Paged<ProductRow>>;
  /** The query of the list request in flight: an answer for another query is stale. */
  listQuery: string;
}

const initialState: ProductState = { tab: 0, page: 1, keyword: '', list: { status: 'idle', data: null, error: null }, listQuery: '' };

const productSlice = createSlice({
  name: 'product',
  initialState,
  reducers: {
    /** Changing tab resets the page to 1 (SPEC §4). */
    tabSelected(state, action: PayloadAction<number>) {
      state.tab = Math.max(0, action.payload);
      state.page = 1;
    },
    pageSelected(state, action: PayloadAction<number>) {
      state.page = Math.max(1, action.payload);
    },
    /** Route entry: ?name= picked the tab, ?keyword= filters; the page starts at 1. */
    routeApplied(state, action: PayloadAction<{ tab: number; keyword: string }>) {
      state.tab = Math.max(0, action.payload.tab);
      state.keyword = action.payload.keyword;
      state.page = 1;
    },
    listRequested(state, action: PayloadAction<{ query: string }>) {
      state.list = { status: 'loading', data: state.list.data, error: null };
      state.listQuery = action.payload.query;
    },
    listSucceeded(state, action: PayloadAction<{ query: string; data: Paged<ProductRow> }>) {
      if (state.list.status !== 'loading' || action.payload.query !== state.listQuery) return;
      state.list = { status: 'succeeded', data: action.payload.data, error: null };
    },
    listFailed(state, action: PayloadAction<{ query: string; error: ApiError }>) {
      if (state.list.status !== 'loading' || action.payload.query !== state.listQuery) return;
      state.list = { status: 'failed', data: null, error: action.payload.error };
    },
    /**
     * The visitor left (or chose another tab) before the answer: the rows on screen stay, and
     * no query counts as loaded, so entering /product again asks again.
     */
    listCancelled(state, action: PayloadAction<{ query: string }>) {
      if (state.list.status !== 'loading' || action.payload.query !== state.listQuery) return;
      state.list.status = state.list.data === null ? 'idle' : 'succeeded';
      state.listQuery = '';
    },
  },
});

export const {
  tabSelected: productTabSelected,
  pageSelected: productPageSelected,
  routeApplied: productRouteApplied,
  listRequested: productListRequested,
  listSucceeded: productListSucceeded,
  listFailed: productListFailed,
  listCancelled: productListCancelled,
} = productSlice.actions;
export default productSlice.reducer;
