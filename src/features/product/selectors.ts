import { createSelector } from '@reduxjs/toolkit';
import type { Category, Paged, ProductRow } from '../../api/types';
import { entryIn, selectContentData } from '../content/selectors';
import type { ContentParams } from '../content/types';
import type { RootState } from '../rootReducer';
import type { Resource } from '../shared/resource';
import { selectRoute } from '../shared/route';
import { keptRows, selectShownPage } from '../pagedList/selectors';
import { productQueryOf, shownCategory, type ProductQuery } from './query';

const NO_CATEGORIES: Category[] = [];
const selectCategories = (state: RootState) => selectContentData('classifyList')(state) ?? NO_CATEGORIES;

/** The category, page and search the URL names: the list's one position. */
export const selectProductQuery = createSelector([selectRoute], productQueryOf);
export const selectProductKeyword = (state: RootState) => selectProductQuery(state).keyword;
/** The index of the category on screen among the tabs (the first when the URL names none it knows). */
export const selectProductTab = createSelector([selectCategories, selectProductQuery], (categories, query) => {
  const shown = shownCategory(categories, query);
  return shown ? categories.indexOf(shown) : 0;
});

/** The list request of a query: a keyword searches every category (0). */
export function productListParams(categories: readonly Category[], { category, page, keyword }: ProductQuery): ContentParams {
  return { classifyId: keyword ? 0 : (shownCategory(categories, { category })?.id ?? 0), page, keyword: keyword || undefined };
}

/** The grid's list: the page the URL names, or while it has no rows yet the rows last shown (features/pagedList). */
export const selectProductList = createSelector(
  [
    (state: RootState) => state.content.entries,
    (state: RootState) => state.locale.current,
    selectProductQuery,
    selectShownPage('productList'),
    selectCategories,
  ],
  (entries, locale, query, shownKey, categories): Resource<Paged<ProductRow>> =>
    keptRows(entryIn(entries, 'productList', locale, productListParams(categories, query)), entries, shownKey),
);
