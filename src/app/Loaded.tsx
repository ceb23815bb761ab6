import type { ReactNode } from 'react';
import { retryRequested } from '../features/content/slice';
import { errorText } from '../features/shared/errorText';
import type { Resource } from '../features/shared/resource';
import { AsyncContent } from '../ui/AsyncContent';
import { SectionBoundary } from '../ui/SectionBoundary';
import { useAppDispatch } from './hooks';
import { useText } from './useText';

export interface LoadedProps<T> {
  resource: Resource<T>;
  isEmpty?: (data: T) => boolean;
  minHeight?: string;
  children: (data: T) => ReactNode;
}

/**
 * A section fed by a resource: skeleton while loading, a readable error with Retry, the empty
 * state, and an error boundary so a section that breaks never blanks the page.
 */
export function Loaded<T>({ resource, isEmpty, minHeight, children }: LoadedProps<T>) {
  const t = useText();
  const dispatch = useAppDispatch();
  return (
    <SectionBoundary fallback={<p className="async-state async-state--error" role="alert">{t.common.sectionError}</p>}>
      <AsyncContent
        status={resource.status}
        data={resource.data}
        errorMessage={errorText(resource.error, t)}
        onRetry={() => dispatch(retryRequested())}
        texts={{ loading: t.common.loading, failed: t.common.loadFailed, retry: t.common.retry, empty: t.common.empty }}
        isEmpty={isEmpty}
        minHeight={minHeight}
      >
        {children}
      </AsyncContent>
    </SectionBoundary>
  );
}
