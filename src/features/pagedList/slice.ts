import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { contentSucceeded } from '../content/slice';

/**
 * The lists paged by their URL (`?page=`): the product grid on /product, the staff pictures on
 * /resources. The page (and the product's category and search) is the route's; this slice holds
 * only what was loaded: per list, the entry of the page it last showed, whose rows stay on screen,
 * marked busy, while the page the URL names loads.
 */
export const PAGED_LISTS = { productList: 'product', memberList: 'resources' } as const;
export type PagedListName = keyof typeof PAGED_LISTS;

export interface PagedListState {
  /** The content key of the page each list last loaded. */
  shown: Partial<Record<PagedListName, string>>;
}

const isPagedList = (name: string): name is PagedListName => Object.hasOwn(PAGED_LISTS, name);

const initialState: PagedListState = { shown: {} };

const pagedListSlice = createSlice({
  name: 'pagedList',
  initialState,
  reducers: {
    /**
     * A page of a list on screen: the saga turns it into a navigation to the list's URL with
     * that page. `query`: the rest of the URL the list was shown for (the product's category or
     * search), carried so that nothing is read from a state Redux DevTools may show from the past.
     */
    pageSelected(_state, _action: PayloadAction<{ list: PagedListName; page: number; query: Record<string, string> }>) {},
  },
  extraReducers: (builder) => {
    builder.addCase(contentSucceeded, (state, action) => {
      const { key } = action.payload;
      const name = key.slice(0, key.indexOf('|'));
      if (isPagedList(name)) state.shown[name] = key;
    });
  },
});

export const { pageSelected: listPageSelected } = pagedListSlice.actions;
export default pagedListSlice.reducer;
