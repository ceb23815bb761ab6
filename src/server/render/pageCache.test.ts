import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { createSlots } from '../slots';
import { createPageCache, recompressed, toCachedPage, type RenderResult } from './pageCache';

/** A promise resolved from outside, to hold a render until the test lets it finish. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Resolves after every pending callback of this turn, I/O included: "not settled by now". */
const settled = <T>(promise: Promise<T>) => Promise.race([promise, new Promise<'pending'>((r) => setImmediate(() => r('pending')))]);

const options = (now: () => number) => ({ maxBytes: 1 << 20, freshMs: 10, staleWhileRevalidateMs: 10, staleIfErrorMs: 1000, now });
const page = (html: string): RenderResult => ({ status: 200, html });

describe('the page cache', () => {
  it('compresses once, with one ETag per encoding', async () => {
    const cached = await toCachedPage(200, '<p>页</p>'.repeat(100), 0);
    expect(gunzipSync(cached.gzip).toString()).toBe(cached.html);
    expect(brotliDecompressSync(cached.br).toString()).toBe(cached.html);
    expect(new Set(Object.values(cached.etags)).size).toBe(3);
  });

  it("keeps a page at brotli's best once its render is answered: smaller, the same page, the same weak ETag", async () => {
    const html = Array.from(
      { length: 600 },
      (_, i) => `<li class="card card--${i % 7}"><a href="/product/${i}">产品 ${i} ${'软膏乳膏酊剂溶液'.slice(i % 4)}</a></li>`,
    ).join('');
    const quick = await toCachedPage(200, html, 0);
    const best = await recompressed(quick);
    expect(best.br.length).toBeLessThan(quick.br.length);
    expect(brotliDecompressSync(best.br).toString()).toBe(html);
    expect({ ...best, br: null }).toEqual({ ...quick, br: null });
    expect(best.etags.br).toMatch(/^W\//);

    const made = deferred<void>();
    const cache = createPageCache({ ...options(() => 0), recompress: (kept) => recompressed(kept).finally(() => made.resolve()) });
    const first = await cache.get('k', async () => page(html));
    expect(first !== 'gone' && first?.br).toEqual(quick.br); // the waiting visitor is not kept waiting
    await made.promise;
    await new Promise((resolve) => setImmediate(resolve)); // the cache's own turn after it
    const kept = await cache.get('k', async () => page('unexpected'));
    expect(kept !== 'gone' && kept && { br: kept.br.length, etag: kept.etags.br, html: kept.html }).toEqual({ br: best.br.length, etag: quick.etags.br, html });
  });

  it("recompresses one page at a time, and a burst of renders beyond its queue keeps brotli's quick bytes", async () => {
    let running = 0;
    let most = 0;
    const recompressedKeys: string[] = [];
    const held = deferred<void>();
    const cache = createPageCache({
      ...options(() => 0),
      maxRenders: 64,
      maxQueued: 64,
      recompress: async (kept) => {
        running += 1;
        most = Math.max(most, running);
        await held.promise;
        running -= 1;
        recompressedKeys.push(kept.html);
        return { ...kept, br: Buffer.from('smaller') };
      },
    });
    const keys = Array.from({ length: 30 }, (_, i) => `search ${i}`);
    await Promise.all(keys.map((key) => cache.get(key, async () => page(key))));
    held.resolve();
    for (let turn = 0; turn < 1000 && recompressedKeys.length < 17; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 20)); // and none after them
    expect(most).toBe(1);
    // One at work and sixteen waiting when the burst came; the rest were never queued.
    expect(recompressedKeys).toHaveLength(17);
    const skipped = keys.find((key) => !recompressedKeys.includes(key))!;
    const quick = await cache.get(skipped, async () => page('unexpected'));
    expect(quick !== 'gone' && quick && { html: quick.html, br: brotliDecompressSync(quick.br).toString() }).toEqual({ html: skipped, br: skipped });
  });

  it('recompresses no page purged while it waited for its turn: the next request renders it again', async () => {
    const held = deferred<void>();
    const recompressed: string[] = [];
    const cache = createPageCache({
      ...options(() => 0),
      recompress: async (kept) => {
        await held.promise;
        recompressed.push(kept.html);
        return { ...kept, br: Buffer.from('smaller') };
      },
    });
    await cache.get('first', async () => page('first'));
    await cache.get('waiting', async () => page('old'));
    cache.clear();
    held.resolve();
    for (let turn = 0; turn < 100; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(recompressed).toEqual(['first']);
    const next = await cache.get('waiting', async () => page('new'));
    expect(next !== 'gone' && next?.html).toBe('new');
  });

  it('keeps no recompressed copy of a page the content changed under meanwhile: the next request renders it again', async () => {
    const held = deferred<void>();
    const cache = createPageCache({ ...options(() => 0), recompress: async (kept) => (await held.promise, { ...kept, br: Buffer.from('smaller') }) });
    await cache.get('k', async () => page('old'));
    cache.clear();
    held.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    const next = await cache.get('k', async () => page('new'));
    expect(next !== 'gone' && next?.html).toBe('new');
  });

  it('serves the last good page at once while one background render retries, once a refresh failed', async () => {
    let time = 0;
    const cache = createPageCache(options(() => time));
    await cache.get('k', async () => page('good'));
    time = 100; // past fresh and stale-while-revalidate, within stale-if-error
    const failed = await cache.get('k', async () => null);
    expect(failed && failed !== 'gone' && failed.html).toBe('good');
    const slow = deferred<RenderResult>();
    let renders = 0;
    const render = () => {
      renders += 1;
      return slow.promise;
    };
    const first = cache.get('k', render);
    const second = cache.get('k', render);
    const [a, b] = await Promise.all([settled(first), settled(second)]);
    expect([a !== 'pending' && a !== 'gone' && a?.html, b !== 'pending' && b !== 'gone' && b?.html]).toEqual(['good', 'good']);
    expect(renders).toBe(1);
    slow.resolve(page('new'));
    // The background render compresses on the thread pool: turn the loop until it has stored its page.
    let html: string | undefined = 'good';
    for (let turn = 0; turn < 10_000 && html === 'good'; turn += 1) {
      await new Promise((r) => setImmediate(r));
      const current = await cache.get('k', render);
      html = current && current !== 'gone' ? current.html : undefined;
    }
    expect(html).toBe('new');
    expect(renders).toBe(1);
  });

  it('waits for the render past the stale window when the last refresh did not fail', async () => {
    let time = 0;
    const cache = createPageCache(options(() => time));
    await cache.get('k', async () => page('good'));
    time = 100;
    const slow = deferred<RenderResult>();
    const asked = cache.get('k', () => slow.promise);
    expect(await settled(asked)).toBe('pending');
    slow.resolve(page('new'));
    const answered = await asked;
    expect(answered !== 'gone' && answered?.html).toBe('new');
  });

  it('drops the entry when the render says the page is gone', async () => {
    let time = 0;
    const cache = createPageCache(options(() => time));
    await cache.get('k', async () => page('good'));
    time = 100;
    expect(await cache.get('k', async () => 'gone')).toBe('gone');
    expect(cache.size).toBe(0);
  });

  it('runs at most maxRenders renders at once, queues a few and refuses the rest', async () => {
    const cache = createPageCache({ ...options(() => 0), maxRenders: 2, maxQueued: 1 });
    const holds = Array.from({ length: 4 }, () => deferred<RenderResult>());
    let started = 0;
    const answers = holds.map((hold, i) =>
      cache.get(`k${i}`, () => {
        started += 1;
        return hold.promise;
      }),
    );
    expect(await settled(answers[3] as Promise<unknown>)).toBeNull(); // queue full: the fallback at once
    expect(started).toBe(2);
    holds[0]?.resolve(page('0'));
    await answers[0];
    await new Promise((r) => setImmediate(r));
    expect(started).toBe(3); // the queued one took the freed slot
    holds[1]?.resolve(page('1'));
    holds[2]?.resolve(page('2'));
    expect((await Promise.all(answers.slice(0, 3))).map((p) => p && p !== 'gone' && p.html)).toEqual(['0', '1', '2']);
  });

  it('answers the caller of a render that a clear() overtook, but stores nothing from it', async () => {
    const cache = createPageCache(options(() => 0));
    const old = deferred<RenderResult>();
    const asked = cache.get('k', () => old.promise);
    cache.clear();
    const fresh = deferred<RenderResult>();
    let renders = 0;
    // A request after the clear starts its own render rather than joining the one from before.
    const after = cache.get('k', () => {
      renders += 1;
      return fresh.promise;
    });
    expect(await settled(after)).toBe('pending');
    expect(renders).toBe(1);
    old.resolve(page('old'));
    const first = await asked;
    // Marked, so the page route tells a cache in front not to keep it either.
    expect(first !== 'gone' && { html: first?.html, overtaken: first?.overtaken }).toEqual({ html: 'old', overtaken: true });
    fresh.resolve(page('new'));
    const second = await after;
    expect(second !== 'gone' && { html: second?.html, overtaken: second?.overtaken }).toEqual({ html: 'new', overtaken: undefined });
    const kept = await cache.get('k', async () => page('unexpected'));
    expect(kept !== 'gone' && kept?.html).toBe('new');
  });

  it('keeps the pages a clear() overtook out, however late they finish', async () => {
    const cache = createPageCache(options(() => 0));
    const old = deferred<RenderResult>();
    const asked = cache.get('k', () => old.promise);
    cache.clear();
    old.resolve(page('old'));
    await asked;
    expect(cache.size).toBe(0);
  });

  it('drops only the keys drop() picks, and stores nothing from their renders already running', async () => {
    const cache = createPageCache(options(() => 0));
    await cache.get('news|1', async () => page('news 1'));
    await cache.get('job|1', async () => page('job 1'));
    const held = { news: deferred<RenderResult>(), job: deferred<RenderResult>() };
    const asked = [cache.get('news|2', () => held.news.promise), cache.get('job|2', () => held.job.promise)];
    cache.drop((key) => key.startsWith('news|'));
    held.news.resolve(page('old news 2'));
    held.job.resolve(page('job 2'));
    expect((await Promise.all(asked)).map((p) => p && p !== 'gone' && p.html)).toEqual(['old news 2', 'job 2']);
    const renders: string[] = [];
    for (const key of ['news|1', 'news|2', 'job|1', 'job|2']) {
      await cache.get(key, async () => {
        renders.push(key);
        return page('new');
      });
    }
    expect(renders).toEqual(['news|1', 'news|2']);
  });

  it('renders a page again on the first request after a clear(), however fresh it was, and stores the new one', async () => {
    const cache = createPageCache(options(() => 0));
    await cache.get('k', async () => page('old'));
    cache.clear();
    const slow = deferred<RenderResult>();
    const asked = cache.get('k', () => slow.promise);
    expect(await settled(asked)).toBe('pending'); // waits: the kept page is out of date
    slow.resolve(page('new'));
    const answered = await asked;
    expect(answered !== 'gone' && answered?.html).toBe('new');
    const next = await cache.get('k', async () => page('unexpected'));
    expect(next !== 'gone' && next?.html).toBe('new'); // fresh again: no render
  });

  it('keeps the only copy through a purge: a failed render after it serves the last good page, told once, and retries behind it', async () => {
    const served: [string, string][] = [];
    const cache = createPageCache({ ...options(() => 0), onKeptPageServed: (key, kept) => served.push([key, kept.html]) });
    await cache.get('zh|/about', async () => page('good'));
    await cache.get('zh|/news', async () => page('news'));
    cache.drop((key) => key === 'zh|/about');
    const failed = await cache.get('zh|/about', async () => null);
    expect(failed !== 'gone' && failed?.html).toBe('good');
    expect(served).toEqual([['zh|/about', 'good']]);
    // Now known to fail: the next request gets the kept page at once while one render retries.
    const retry = deferred<RenderResult>();
    let renders = 0;
    const again = await settled(
      cache.get('zh|/about', () => {
        renders += 1;
        return retry.promise;
      }),
    );
    expect(again !== 'pending' && again !== 'gone' && again?.html).toBe('good');
    expect(renders).toBe(1);
    expect(served).toHaveLength(1);
    retry.resolve(page('fixed'));
    let html: string | undefined = 'good';
    for (let turn = 0; turn < 10_000 && html === 'good'; turn += 1) {
      await new Promise((r) => setImmediate(r));
      const current = await cache.get('zh|/about', async () => page('unexpected'));
      html = current && current !== 'gone' ? current.html : undefined;
    }
    expect(html).toBe('fixed');
    // A page drop() did not pick stays fresh.
    const news = await cache.get('zh|/news', async () => page('unexpected'));
    expect(news !== 'gone' && news?.html).toBe('news');
  });

  it('still drops a page whose new render after a purge says it is gone', async () => {
    const cache = createPageCache(options(() => 0));
    await cache.get('k', async () => page('good'));
    cache.clear();
    expect(cache.size).toBe(1);
    expect(await cache.get('k', async () => 'gone')).toBe('gone');
    expect(cache.size).toBe(0);
    expect(await cache.get('k', async () => null)).toBeNull();
  });

  it('serves no kept page past the stale-if-error window, purged or not', async () => {
    let time = 0;
    const cache = createPageCache(options(() => time));
    await cache.get('k', async () => page('good'));
    cache.clear();
    time = 2000; // past staleIfErrorMs
    expect(await cache.get('k', async () => null)).toBeNull();
  });

  it("asks the visitor's budget only to start a render, and joins one started while the budget was counted", async () => {
    const cache = createPageCache(options(() => 0));
    const counted = deferred<boolean>();
    let asked = 0;
    const admit = () => {
      asked += 1;
      return counted.promise;
    };
    let renders = 0;
    const render = async () => {
      renders += 1;
      return page(`render ${renders}`);
    };
    const searching = cache.get('k', render, undefined, admit);
    // While the budget is counted elsewhere (PostgreSQL), a request not counted starts the render.
    const other = await cache.get('k', render);
    counted.resolve(true);
    const joined = await searching;
    expect([other && other !== 'gone' && other.html, joined && joined !== 'gone' && joined.html]).toEqual(['render 1', 'render 1']);
    expect({ renders, asked }).toEqual({ renders: 1, asked: 1 });
    // A page in hand costs no budget; a spent budget starts no render; a budget that cannot be counted admits.
    await cache.get('k', render, undefined, admit);
    expect(asked).toBe(1);
    expect(await cache.get('spent', render, undefined, async () => false)).toBeNull();
    const uncounted = await cache.get('uncounted', render, undefined, () => Promise.reject(new Error('no database')));
    expect(uncounted && uncounted !== 'gone' && uncounted.html).toBe('render 2');
  });

  it('charges no budget for a stale page in hand, whose refresh runs in the background', async () => {
    let time = 0;
    const cache = createPageCache(options(() => time));
    let asked = 0;
    const admit = async () => {
      asked += 1;
      return true;
    };
    let renders = 0;
    const render = async () => {
      renders += 1;
      return page(`render ${renders}`);
    };
    await cache.get('k', render, undefined, admit);
    expect({ renders, asked }).toEqual({ renders: 1, asked: 1 });
    time = 15; // past fresh, within stale-while-revalidate
    const stale = await cache.get('k', render, undefined, admit);
    expect(stale && stale !== 'gone' && stale.html).toBe('render 1');
    // The background render stores its page (compressed off the event loop) without the visitor's budget.
    let refreshed = stale;
    for (let turn = 0; turn < 1000 && refreshed !== 'gone' && refreshed?.html !== 'render 2'; turn += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      refreshed = await cache.get('k', render, undefined, admit);
    }
    expect(refreshed && refreshed !== 'gone' && refreshed.html).toBe('render 2');
    expect({ renders, asked }).toEqual({ renders: 2, asked: 1 });
  });

  it('charges no budget when no render slot is free, and does not report a spent budget as a failed render', async () => {
    let time = 0;
    const kept: string[] = [];
    const cache = createPageCache({ ...options(() => time), maxRenders: 1, maxQueued: 0, onKeptPageServed: (key) => kept.push(key) });
    let asked = 0;
    const admit = async () => {
      asked += 1;
      return true;
    };
    const held = deferred<RenderResult>();
    const busy = cache.get('a', () => held.promise);
    expect(await cache.get('b', async () => page('b'), undefined, admit)).toBeNull(); // every slot taken, none queued
    expect(asked).toBe(0);
    held.resolve(page('a'));
    await busy;
    // Past stale-while-revalidate, the budget spent: the kept page is served, no render was tried or failed.
    time = 100;
    const refused = await cache.get(
      'a',
      async () => page('new'),
      undefined,
      async () => false,
    );
    expect(refused && refused !== 'gone' && refused.html).toBe('a');
    expect(kept).toEqual([]);
  });

  it('bounds the renders of a lane the caller names apart from its own', async () => {
    const cache = createPageCache({ ...options(() => 0), maxRenders: 1, maxQueued: 0 });
    const lane = createSlots(1, 0);
    const held = deferred<RenderResult>();
    const inLane = cache.get('a', () => held.promise, lane);
    expect(await cache.get('b', async () => page('b'), lane)).toBeNull(); // the lane is full
    const own = await cache.get('c', async () => page('c')); // the cache's own bound is not
    expect(own !== 'gone' && own?.html).toBe('c');
    held.resolve(page('a'));
    expect(await inLane).not.toBeNull();
  });

  it('reports a render that throws, with its key, and serves the fallback', async () => {
    const errors: [string, unknown][] = [];
    const cache = createPageCache({ ...options(() => 0), onRenderError: (key, error) => errors.push([key, error]) });
    const boom = new Error('boom');
    expect(await cache.get('origin|zh|/about|', () => Promise.reject(boom))).toBeNull();
    expect(errors).toEqual([['origin|zh|/about|', boom]]);
  });

  it('hands a freed slot to a waiter without going over the bound', async () => {
    const slots = createSlots(1, 5);
    expect(await slots.acquire()).toBe(true);
    const waiter = slots.acquire();
    expect(await settled(waiter)).toBe('pending');
    slots.release();
    expect(await waiter).toBe(true);
    expect(slots.running).toBe(1);
    slots.release();
    expect(slots.running).toBe(0);
  });
});
