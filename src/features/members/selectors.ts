import { createSelector } from '@reduxjs/toolkit';
import { entryIn } from '../content/selectors';
import type { RootState } from '../rootReducer';

export const selectStaffPage = (state: RootState) => state.members.page;

/** The page shown and its entry. */
export const selectStaffList = createSelector(
  [selectStaffPage, (state: RootState) => state.content.entries, (state: RootState) => state.locale.current],
  (page, entries, locale) => ({ page, list: entryIn(entries, 'memberList', locale, { page }) }),
);
