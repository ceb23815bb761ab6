import { createSelector } from '@reduxjs/toolkit';
import type { Category, Paged, ProductRow } from '../../api/types';
import { entryIn, selectContentData } from '../content/selectors';
import type { ContentParams } from '../content/types';
import type { RootState } from '../rootReducer';
import type { Resource } from '../shared/resource';
import type { ProductState } from './slice';

export const selectProductState = (state: RootState) => state.product;
export const selectProductTab = (state: RootState) => state.product.tab;
export const selectProductPage = (state: RootState) => state.product.page;
export const selectProductKeyword = (state: RootState) => state.product.keyword;

/** The list request of a tab, page and keyword: a keyword searches every category (0). */
export function productListParams(categories: readonly Category[], { tab, page, keyword }: Pick<ProductState, 'tab' | 'page' | 'keyword'>): ContentParams {
  return { classifyId: keyword ? 0 : (categories[tab]?.id ?? 0), page, keyword: keyword || undefined };
}

/**
 * The grid's list: the page the tab, page and keyword name; while it has no rows yet, the rows
 * last shown, with the new page's status (the grid marks them stale).
 */
export const selectProductList = createSelector(
  [(state: RootState) => state.content.entries, (state: RootState) => state.locale.current, selectProductState, selectContentData('classifyList')],
  (entries, locale, product, categories): Resource<Paged<ProductRow>> => {
    const entry = entryIn(entries, 'productList', locale, productListParams(categories ?? [], product));
    if (entry.data !== null || entry.status === 'failed') return entry;
    const shown = product.shownKey ? (entries[product.shownKey] as Resource<Paged<ProductRow>> | undefined) : undefined;
    return shown?.data ? { ...entry, data: shown.data } : entry;
  },
);
