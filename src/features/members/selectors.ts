import { createSelector } from '@reduxjs/toolkit';
import { entryIn } from '../content/selectors';
import { keptRows, selectShownPage } from '../pagedList/selectors';
import type { RootState } from '../rootReducer';
import { pageOfQuery } from '../shared/pageQuery';
import { selectRoute } from '../shared/route';

/** The staff page the URL names (?page= of /resources): the list's one position. */
const selectMemberPage = (state: RootState) => pageOfQuery(selectRoute(state)?.query.page);

/** The page shown and its list: the URL's page, or while it has no rows yet the rows last shown (features/pagedList). */
export const selectMemberList = createSelector(
  [selectMemberPage, (state: RootState) => state.content.entries, (state: RootState) => state.locale.current, selectShownPage('memberList')],
  (page, entries, locale, shownKey) => ({ page, list: keptRows(entryIn(entries, 'memberList', locale, { page }), entries, shownKey) }),
);
