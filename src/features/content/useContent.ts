import { useAppSelector } from '../shared/hooks';
import { selectContent } from './selectors';
import type { Resource } from '../shared/resource';
import type { ContentData, ContentName, ContentParams } from './types';

/** A page's view of one content resource (its loading is started by the route saga). */
export function useContent<N extends ContentName>(name: N, params: ContentParams = {}): Resource<ContentData[N]> {
  return useAppSelector(selectContent(name, params));
}
