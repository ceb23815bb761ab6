import type { RootState } from '../rootReducer';
import type { Resource } from '../shared/resource';
import type { PagedListName } from './slice';

/** The key of the page a list last loaded (null before its first). */
export const selectShownPage = (list: PagedListName) => (state: RootState) => state.pagedList.shown[list] ?? null;

/**
 * The list the page shows: the entry of the page the URL names; while that has no rows yet, the
 * rows last shown, marked loading even before the new page's request starts (the list marks them
 * busy, never as the new page's rows), so the list and its pagination stay on screen, and the
 * button just pressed keeps the focus.
 */
export function keptRows<T>(entry: Resource<T>, entries: RootState['content']['entries'], shownKey: string | null): Resource<T> {
  if (entry.data !== null || entry.status === 'failed') return entry;
  const shown = shownKey ? (entries[shownKey] as Resource<T> | undefined) : undefined;
  return shown?.data ? { ...entry, status: 'loading', data: shown.data } : entry;
}
