import type { ProviderLists } from './providerLists';
import { createListsCache } from './sitemapCache';

const lists = (id: number): ProviderLists => {
  const one = { products: [{ id }], news: [], notices: [], jobs: [] };
  return { zh: one, en: one };
};

describe('the sitemap lists cache', () => {
  it('serves fresh lists without asking again, then refreshes', async () => {
    let clock = 0;
    let calls = 0;
    const cache = createListsCache({ load: async () => lists(++calls), freshMs: 60_000, now: () => clock });
    expect(await cache.get()).toEqual(lists(1));
    clock = 59_999;
    expect(await cache.get()).toEqual(lists(1));
    clock = 60_000;
    expect(await cache.get()).toEqual(lists(2));
    expect(calls).toBe(2);
  });

  it('asks the provider once for requests that arrive together', async () => {
    let calls = 0;
    const cache = createListsCache({ load: () => new Promise((resolve) => setTimeout(() => resolve(lists(++calls)), 10)), freshMs: 60_000 });
    const answers = await Promise.all([cache.get(), cache.get(), cache.get()]);
    expect(calls).toBe(1);
    expect(answers).toEqual([lists(1), lists(1), lists(1)]);
  });

  it('loads again after expire(), and keeps the old lists as the fallback', async () => {
    let calls = 0;
    let healthy = true;
    const cache = createListsCache({
      load: async () => (healthy ? lists(++calls) : Promise.reject(new Error('provider down'))),
      freshMs: 60_000,
      now: () => 0,
    });
    expect(await cache.get()).toEqual(lists(1));
    cache.expire();
    expect(await cache.get()).toEqual(lists(2));
    cache.expire();
    healthy = false;
    expect(await cache.get()).toEqual(lists(2));
  });

  it('keeps nothing from a load that expire() overtook, and does not join it', async () => {
    let calls = 0;
    let finishOld!: () => void;
    const cache = createListsCache({
      load: () => {
        const call = ++calls;
        if (call > 1) return Promise.resolve(lists(call));
        return new Promise((resolve) => (finishOld = () => resolve(lists(call))));
      },
      freshMs: 60_000,
      now: () => 0,
    });
    const before = cache.get();
    cache.expire();
    expect(await cache.get()).toEqual(lists(2));
    finishOld();
    expect(await before).toEqual(lists(1));
    expect(await cache.get()).toEqual(lists(2));
    expect(calls).toBe(2);
  });

  it('tells of no failure of a load that expire() overtook: the lists in use come from the load after it', async () => {
    let calls = 0;
    let failOld!: () => void;
    const failures: unknown[] = [];
    const cache = createListsCache({
      load: () => {
        const call = ++calls;
        if (call > 1) return Promise.resolve(lists(call));
        return new Promise((_, reject) => (failOld = () => reject(new Error('provider down'))));
      },
      freshMs: 60_000,
      onLoadFailed: (error) => failures.push(error),
      now: () => 0,
    });
    const before = cache.get();
    cache.expire();
    expect(await cache.get()).toEqual(lists(2));
    failOld();
    await expect(before).resolves.toEqual(lists(2)); // the old load's caller falls back to the lists in hand
    expect(failures).toEqual([]);
  });

  it('falls back to the last good lists, and fails only when it never had any', async () => {
    let healthy = false;
    const failures: unknown[] = [];
    const cache = createListsCache({
      load: async () => (healthy ? lists(7) : Promise.reject(new Error('provider down'))),
      freshMs: 0,
      onLoadFailed: (error) => failures.push(error),
    });
    await expect(cache.get()).rejects.toThrow('provider down');
    healthy = true;
    expect(await cache.get()).toEqual(lists(7));
    healthy = false;
    expect(await cache.get()).toEqual(lists(7));
    expect(failures.map(String)).toEqual(['Error: provider down', 'Error: provider down']); // each failed load is told, served lists or not
  });

  describe('current(), which the page renderer decides by', () => {
    it('answers from the lists in hand however old, refreshing them once in the background', async () => {
      let clock = 0;
      let calls = 0;
      const cache = createListsCache({ load: async () => lists(++calls), freshMs: 60_000, now: () => clock });
      expect(await cache.current()).toEqual(lists(1));
      clock = 120_000;
      expect(await cache.current()).toEqual(lists(1)); // old, not waited for
      expect(await cache.current()).toEqual(lists(2)); // the background refresh landed
      expect(calls).toBe(2);
    });

    it('waits for the lists when it has none, or after expire(): one load for every caller', async () => {
      let calls = 0;
      const cache = createListsCache({ load: () => new Promise((resolve) => setTimeout(() => resolve(lists(++calls)), 10)), freshMs: 60_000 });
      expect(await Promise.all([cache.current(), cache.current(), cache.current()])).toEqual([lists(1), lists(1), lists(1)]);
      cache.expire();
      expect(await cache.current()).toEqual(lists(2));
      expect(calls).toBe(2);
    });

    it('answers null while the provider fails and it has none, asking again only after retryMs', async () => {
      let clock = 0;
      let calls = 0;
      let healthy = false;
      const cache = createListsCache({
        load: async () => {
          calls += 1;
          return healthy ? lists(calls) : Promise.reject(new Error('provider down'));
        },
        freshMs: 60_000,
        retryMs: 10_000,
        now: () => clock,
      });
      expect(await cache.current()).toBeNull();
      healthy = true;
      clock = 9_999;
      for (let i = 0; i < 5; i += 1) expect(await cache.current()).toBeNull();
      expect(calls).toBe(1);
      clock = 10_000;
      expect(await cache.current()).toEqual(lists(2));
    });

    it('keeps the old lists when the reload after expire() fails, and does not hammer a failing provider in the background', async () => {
      let clock = 0;
      let calls = 0;
      let healthy = true;
      const cache = createListsCache({
        load: async () => {
          calls += 1;
          return healthy ? lists(calls) : Promise.reject(new Error('provider down'));
        },
        freshMs: 1_000,
        retryMs: 10_000,
        now: () => clock,
      });
      expect(await cache.current()).toEqual(lists(1));
      healthy = false;
      cache.expire();
      expect(await cache.current()).toEqual(lists(1));
      expect(calls).toBe(2);
      clock = 5_000;
      for (let i = 0; i < 5; i += 1) expect(await cache.current()).toEqual(lists(1));
      expect(calls).toBe(2);
    });
  });
});
