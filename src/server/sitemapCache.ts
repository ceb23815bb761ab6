/**
 * The provider's lists behind /sitemap.xml, kept in memory: fresh for `freshMs`, refreshed by
 * one request at a time, and when the provider fails the last good lists keep being served.
 * expire() (the content changed) makes the next request load them again; a load begun before it
 * stores nothing.
 */
import type { ProviderLists } from './providerLists';

export interface SitemapCacheOptions {
  load: () => Promise<ProviderLists>;
  freshMs: number;
  now?: () => number;
}

export function createListsCache({ load, freshMs, now = Date.now }: SitemapCacheOptions) {
  let last: { lists: ProviderLists; at: number } | null = null;
  let pending: Promise<ProviderLists> | null = null;
  /** Counts expire(): lists loaded before the last one are out of date. */
  let expiries = 0;

  const refresh = () => {
    if (pending) return pending;
    const startedIn = expiries;
    const loading = load()
      .then((lists) => {
        if (startedIn === expiries) last = { lists, at: now() };
        return lists;
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
    /** The next request loads the lists again; the old ones stay its fallback if the provider fails. */
    expire() {
      expiries += 1;
      pending = null;
      if (last) last = { ...last, at: -Infinity };
    },
  };
}
