/**
 * The provider's lists behind /sitemap.xml, kept in memory: fresh for `freshMs`, refreshed by
 * one request at a time, and when the provider fails the last good lists keep being served.
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

  const refresh = () => {
    pending ??= load()
      .then((lists) => {
        last = { lists, at: now() };
        return lists;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
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
  };
}
