/**
 * The provider's lists behind /sitemap.xml, kept in memory: fresh for `freshMs`, refreshed by
 * one request at a time, and when the provider fails the last good lists keep being served.
 * expire() (the content changed) makes the next request load them again; a load begun before it
 * stores nothing. The page renderer reads the same lists to tell the ids they name from made-up
 * ones (current()), without asking the provider per request.
 */
import type { ProviderLists } from './providerLists';

export interface SitemapCacheOptions {
  load: () => Promise<ProviderLists>;
  freshMs: number;
  /** After a failed load, how long current() asks the provider nothing (a flood never walks the lists per request). */
  retryMs?: number;
  /** Told of every load that fails, unless expire() overtook it (the pages then decide by older lists, or none). */
  onLoadFailed?: (error: unknown) => void;
  now?: () => number;
}

const RETRY_MS = 10_000;

export function createListsCache({ load, freshMs, retryMs = RETRY_MS, onLoadFailed, now = Date.now }: SitemapCacheOptions) {
  let last: { lists: ProviderLists; at: number } | null = null;
  let pending: Promise<ProviderLists> | null = null;
  /** Counts expire(): lists loaded before the last one are out of date. */
  let expiries = 0;
  /** When the last load failed; -Infinity once one succeeds or the content changed. */
  let failedAt = -Infinity;

  const refresh = () => {
    if (pending) return pending;
    const startedIn = expiries;
    const loading = load()
      .then((lists) => {
        if (startedIn === expiries) {
          last = { lists, at: now() };
          failedAt = -Infinity;
        }
        return lists;
      })
      .catch((error: unknown) => {
        // A load a change overtook is no failure of the lists in use.
        if (startedIn === expiries) {
          failedAt = now();
          onLoadFailed?.(error);
        }
        throw error;
      })
      .finally(() => {
        if (pending === loading) pending = null;
      });
    pending = loading;
    return loading;
  };

  return {
    /** Fresh lists, or the last good ones if the provider fails; throws only when there are none. */
    async get(): Promise<ProviderLists> {
      if (last && now() - last.at < freshMs) return last.lists;
      try {
        return await refresh();
      } catch (error) {
        if (last) return last.lists;
        throw error;
      }
    },
    /**
     * The lists to decide by: those in hand, however old (past freshMs one refresh starts in the
     * background); with none in hand, or after expire(), the lists loaded now (one load shared by
     * every caller). null when there are none and the provider fails; then it is asked again
     * only after `retryMs`.
     */
    async current(): Promise<ProviderLists | null> {
      const resting = now() - failedAt < retryMs;
      if (last && last.at !== -Infinity) {
        if (now() - last.at >= freshMs && !resting) refresh().catch(() => {});
        return last.lists;
      }
      if (resting) return last?.lists ?? null;
      try {
        return await refresh();
      } catch {
        return last?.lists ?? null;
      }
    },
    /** The next request loads the lists again; the old ones stay its fallback if the provider fails. */
    expire() {
      expiries += 1;
      pending = null;
      failedAt = -Infinity;
      if (last) last = { ...last, at: -Infinity };
    },
  };
}

export type ListsCache = ReturnType<typeof createListsCache>;
