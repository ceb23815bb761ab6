import type { ReactNode } from 'react';
import { retryRequested } from '../features/content/slice';
import { errorText } from '../features/shared/errorText';
import type { Resource } from '../features/shared/resource';
import { AsyncContent } from '../ui/AsyncContent';
import { SectionBoundary } from '../ui/SectionBoundary';
import { useAppDispatch } from './hooks';
import { useText } from './useText';

export interface LoadedProps<T> {
  /** A resource whose data may be null once loaded: the provider has none, and nothing is shown. */
  resource: Resource<T | null>;
  isEmpty?: (data: T) => boolean;
  minHeight?: string;
  children: (data: T) => ReactNode;
}

/** The language a payload was given in when it is not the page's (its `lang` mark, or its items'). */
function shownIn(data: unknown): string | undefined {
  const marked = (value: unknown) =>
    typeof value === 'object' && value !== null && 'lang' in value && typeof value.lang === 'string' ? value.lang : undefined;
  return Array.isArray(data) ? data.map(marked).find(Boolean) : marked(data);
}

/**
 * A section fed by a resource: skeleton while loading, a readable error with Retry, the empty
 * state, nothing at all when the provider has none, and an error boundary so a section that
 * breaks never blanks the page. Content standing in from another language (the page's own
 * version is missing) is marked with that `lang`, for screen readers, hyphenation and search.
 */
export function Loaded<T>({ resource, isEmpty, minHeight, children }: LoadedProps<T>) {
  const t = useText();
  const dispatch = useAppDispatch();
  return (
    <SectionBoundary
      fallback={
        <p className="async-state async-state--error" role="alert">
          {t.common.sectionError}
        </p>
      }
    >
      <AsyncContent
        status={resource.status}
        data={resource.data}
        errorMessage={errorText(resource.error, t)}
        onRetry={() => dispatch(retryRequested())}
        texts={{ loading: t.common.loading, failed: t.common.loadFailed, retry: t.common.retry, empty: t.common.empty }}
        isEmpty={isEmpty}
        minHeight={minHeight}
      >
        {(data) => {
          const lang = shownIn(data);
          return lang ? (
            <div lang={lang} className="shown-in">
              {children(data)}
            </div>
          ) : (
            children(data)
          );
        }}
      </AsyncContent>
    </SectionBoundary>
  );
}
