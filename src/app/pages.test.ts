/**
 * A page's chunk that never arrives (its stylesheet hanging, which webpack's script timeout does
 * not cover) fails as a chunk failure once the chunk timeout has passed, so the reload guard hears
 * of it; a chunk that arrives in time renders, and a later try loads it afresh.
 */
import type { ComponentType } from 'react';
import { TIMING } from '../contracts/constants';
import { isChunkLoadError } from '../features/shared/chunkLoadError';
import { lazyPage, type PageProps } from './pages';

const Module = { default: (() => null) as ComponentType<PageProps> };

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('a lazily loaded page', () => {
  it('whose chunk hangs fails as a chunk failure after the chunk timeout, not before', async () => {
    const page = lazyPage('page-probe', () => new Promise(() => {}));
    const outcome = page.preload().then(
      () => 'loaded',
      (error: unknown) => error,
    );
    await jest.advanceTimersByTimeAsync(TIMING.chunkLoadTimeoutMs - 1);
    expect(page.isLoaded()).toBe(false);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);

    await jest.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(isChunkLoadError(error)).toBe(true);
    expect((error as Error).message).toContain('page-probe');
    expect(page.isLoaded()).toBe(false);
  });

  it('that arrives in time is loaded, leaves no timer behind, and a failed one is asked again', async () => {
    let answer: (() => Promise<typeof Module>) | null = () => new Promise(() => {});
    const load = jest.fn(() => answer!());
    const page = lazyPage('page-probe', load);
    const first = page.preload().catch((error: unknown) => error);
    await jest.advanceTimersByTimeAsync(TIMING.chunkLoadTimeoutMs);
    expect(isChunkLoadError(await first)).toBe(true);

    answer = () => Promise.resolve(Module);
    await page.preload();
    expect({ calls: load.mock.calls.length, loaded: page.isLoaded(), timers: jest.getTimerCount() }).toEqual({ calls: 2, loaded: true, timers: 0 });
  });
});
