import type { Locale } from '../../contracts/locale';
import type { RootState } from '../rootReducer';
import { contentKey } from './key';
import { IDLE, type Resource } from '../shared/resource';
import type { ContentData, ContentName, ContentParams } from './types';

/** The entry of a resource among `entries`, for selectors that combine several (idle until its first load). */
export const entryIn = <N extends ContentName>(entries: RootState['content']['entries'], name: N, locale: Locale, params: ContentParams = {}) =>
  (entries[contentKey(name, locale, params)] ?? IDLE) as Resource<ContentData[N]>;

/** The entry of a key (idle until its first load). */
export const selectEntry =
  (key: string) =>
  (state: RootState): Resource<unknown> =>
    state.content.entries[key] ?? IDLE;

/** The entry of a resource for the current locale (idle until its first load). */
export const selectContent =
  <N extends ContentName>(name: N, params: ContentParams = {}) =>
  (state: RootState): Resource<ContentData[N]> =>
    selectEntry(contentKey(name, state.locale.current, params))(state) as Resource<ContentData[N]>;

export const selectContentData =
  <N extends ContentName>(name: N, params: ContentParams = {}) =>
  (state: RootState): ContentData[N] | null =>
    selectContent(name, params)(state).data;
