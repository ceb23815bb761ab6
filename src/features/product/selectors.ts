import type { RootState } from '../rootReducer';

export const selectProductState = (state: RootState) => state.product;
export const selectProductTab = (state: RootState) => state.product.tab;
export const selectProductPage = (state: RootState) => state.product.page;
export const selectProductKeyword = (state: RootState) => state.product.keyword;
