import type { ReactNode } from 'react';

export interface AsyncTexts {
  loading: string;
  failed: string;
  retry: string;
  empty: string;
}

export interface AsyncContentProps<T> {
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  /** null: not loaded yet, or (succeeded) there is none: the section is left out. */
  data: T | null;
  /** The provider's message, shown under the generic sentence. */
  errorMessage?: string;
  onRetry: () => void;
  texts: AsyncTexts;
  isEmpty?: (data: T) => boolean;
  /** Height the skeleton keeps, so the page does not jump when content arrives. */
  minHeight?: string;
  children: (data: T) => ReactNode;
}

/** The faces of a section that loads: skeleton, content, empty, absent, error with retry. */
export function AsyncContent<T>({ status, data, errorMessage, onRetry, texts, isEmpty, minHeight = '12rem', children }: AsyncContentProps<T>) {
  if (status === 'failed' && data === null) {
    return (
      <div className="async-state async-state--error" role="alert" style={{ minHeight }}>
        <p>{texts.failed}</p>
        {errorMessage && <p className="async-state__detail">{errorMessage}</p>}
        <button type="button" className="button button--outline" onClick={onRetry}>
          {texts.retry}
        </button>
      </div>
    );
  }
  // Nothing to show, by an editor's choice (unpublished, deleted, emptied): no trace of the section.
  if (data === null && status === 'succeeded') return null;
  if (data === null) {
    return (
      <div className="async-state async-state--loading" aria-busy="true" style={{ minHeight }}>
        <span className="skeleton" />
        <span className="visually-hidden">{texts.loading}</span>
      </div>
    );
  }
  if (isEmpty?.(data)) {
    return (
      <div className="async-state async-state--empty" style={{ minHeight }}>
        <p>{texts.empty}</p>
      </div>
    );
  }
  return <>{children(data)}</>;
}
