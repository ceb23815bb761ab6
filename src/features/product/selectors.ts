import type { RootState } from '../rootReducer';

export const selectProductTab = (state: RootState) => state.product.tab;
export const selectProductPage = (state: RootState) => state.product.page;
export const selectProductKeyword = (state: RootState) => state.product.keyword;
export const selectProductList = (state: RootState) => state.product.list;
