import type { RootState } from '../rootReducer';
import { contentKey } from './key';
import { IDLE, type Resource } from '../shared/resource';
import type { ContentData, ContentName, ContentParams } from './types';

/** The entry of a resource for the current locale (idle until its first load). */
export const selectContent =
  <N extends ContentName>(name: N, params: ContentParams = {}) =>
  (state: RootState): Resource<ContentData[N]> =>
    (state.content.entries[contentKey(name, state.locale.current, params)] as Resource<ContentData[N]> | undefined) ?? IDLE;

export const selectContentData =
  <N extends ContentName>(name: N, params: ContentParams = {}) =>
  (state: RootState): ContentData[N] | null =>
    selectContent(name, params)(state).data;
