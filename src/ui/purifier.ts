import type { DOMPurify as Purifier } from 'dompurify';

/**
 * DOMPurify for the browser, loaded only when a page first needs it: the server sends provider
 * HTML already sanitised, so a page that hydrates shows it without this library in its first
 * download. A store of one value, for useSyncExternalStore.
 */
let purifier: Purifier | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

export function loadPurifier(): Promise<void> {
  loading ??= import(/* webpackChunkName: "purifier" */ 'dompurify').then(
    ({ default: loaded }) => {
      purifier = loaded;
      for (const listener of listeners) listener();
    },
    (error: unknown) => {
      // The next page that needs it tries again; the failure itself goes to the chunk guard.
      loading = null;
      throw error;
    },
  );
  return loading;
}

export const currentPurifier = (): Purifier | null => purifier;

export function subscribePurifier(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
