import { createAction } from '@reduxjs/toolkit';

/**
 * A category tab, by the category's id: the saga turns it into a navigation to the URL that names
 * it, which ends a keyword search and starts at page 1. A page of the list is the paged list's
 * `listPageSelected` (features/pagedList).
 */
export const productTabSelected = createAction<{ category: number }>('product/tabSelected');
