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
    const cache = createListsCache({ load: async () => (healthy ? lists(++calls) : Promise.reject(new Error('provider down'))), freshMs: 60_000, now: () => 0 });
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

  it('falls back to the last good lists, and fails only when it never had any', async () => {
    let healthy = false;
    const cache = createListsCache({ load: async () => (healthy ? lists(7) : Promise.reject(new Error('provider down'))), freshMs: 0 });
    await expect(cache.get()).rejects.toThrow('provider down');
    healthy = true;
    expect(await cache.get()).toEqual(lists(7));
    healthy = false;
    expect(await cache.get()).toEqual(lists(7));
  });
});
