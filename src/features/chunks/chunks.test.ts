import { END } from 'redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic } from 'redux-saga-test-plan/providers';
import type { UnknownAction } from '@reduxjs/toolkit';
import { TIMING } from '../../contracts/constants';
import { rootReducer } from '../rootReducer';
import { fakeDeps } from '../store.testing';
import { chunkLoadFailed } from '../shared/chunkLoadError';
import { chunkReloadRequested } from './actions';
import { CHUNK_RELOAD_KEY, watchChunks } from './saga';
import { selectChunkReloadGaveUp } from './selectors';
import { chunkReloadGaveUp } from './slice';

type Deps = ReturnType<typeof fakeDeps>;

/**
 * The browser's clock as an input: every services.now read answers `clock.now`, which the test
 * moves, and services.pageStartedAt `clock.pageStartedAt` (by default a page opened long before).
 */
const clockOf = (deps: Deps, now = 5_000_000) => {
  const clock = { now, pageStartedAt: 0 };
  const provider = [
    [matchers.call.fn(deps.services.now), dynamic(() => clock.now)],
    [matchers.call.fn(deps.services.pageStartedAt), dynamic(() => clock.pageStartedAt)],
  ] as [matchers.Matcher, unknown][];
  return { clock, provider };
};

/** The guard hearing of `failures` in one page's life (the same storage, a fresh store). */
const page = (deps: Deps, provider: [matchers.Matcher, unknown][], ...failures: UnknownAction[]) => {
  let saga = expectSaga(watchChunks, deps).provide(provider).withReducer(rootReducer);
  for (const failure of failures) saga = saga.dispatch(failure);
  return saga.dispatch(END).run();
};

describe('chunk-reload guard', () => {
  it.each(['loader', 'route'] as const)('reloads once when the %s reports it, not again within 60 s, and again after', async (source) => {
    const deps = fakeDeps();
    const { clock, provider } = clockOf(deps);
    const first = await page(deps, provider, chunkLoadFailed({ source }));
    expect(deps.services.reload).toHaveBeenCalledTimes(1);
    expect(deps.services.storageSet).toHaveBeenCalledWith(CHUNK_RELOAD_KEY, '5000000');
    expect(selectChunkReloadGaveUp(first.storeState)).toBe(false);

    clock.now += 59_999;
    const again = await page(deps, provider, chunkLoadFailed({ source }));
    expect(deps.services.reload).toHaveBeenCalledTimes(1);
    expect(selectChunkReloadGaveUp(again.storeState)).toBe(true);

    clock.now += 1;
    const later = await page(deps, provider, chunkLoadFailed({ source }));
    expect(deps.services.reload).toHaveBeenCalledTimes(2);
    expect(deps.services.storageSet).toHaveBeenLastCalledWith(CHUNK_RELOAD_KEY, '5060000');
    expect(selectChunkReloadGaveUp(later.storeState)).toBe(false);
    expect(deps.services.now).not.toHaveBeenCalled(); // the clock is the test's
  });

  it('a chunk that still hangs on the page its reload opened gives up, however slowly that page came up: no reload every time out', async () => {
    const deps = fakeDeps();
    const { clock, provider } = clockOf(deps);
    await page(deps, provider, chunkLoadFailed({ source: 'loader' }));
    // The reloaded page opens 2 s later, takes 40 s on a slow network to ask for the chunk again, which hangs until its time out.
    clock.pageStartedAt = clock.now + 2_000;
    clock.now = clock.pageStartedAt + 40_000 + TIMING.chunkLoadTimeoutMs;
    expect(clock.now - 5_000_000).toBeGreaterThan(TIMING.chunkReloadGuardMs);
    const { storeState } = await page(deps, provider, chunkLoadFailed({ source: 'loader' }));
    expect(deps.services.reload).toHaveBeenCalledTimes(1);
    expect(selectChunkReloadGaveUp(storeState)).toBe(true);
  });

  it('the page the reload opened, failing long after it came up (a later deploy), reloads once more', async () => {
    const deps = fakeDeps();
    const { clock, provider } = clockOf(deps);
    await page(deps, provider, chunkLoadFailed({ source: 'loader' }));
    clock.pageStartedAt = clock.now + 2_000;
    clock.now = clock.pageStartedAt + 30 * 60_000;
    const { storeState } = await page(deps, provider, chunkLoadFailed({ source: 'route' }));
    expect(deps.services.reload).toHaveBeenCalledTimes(2);
    expect(selectChunkReloadGaveUp(storeState)).toBe(false);
  });

  it('a page opened after the guard period, not by the reload, reloads for its own failure', async () => {
    const deps = fakeDeps();
    const { clock, provider } = clockOf(deps);
    await page(deps, provider, chunkLoadFailed({ source: 'loader' }));
    clock.pageStartedAt = clock.now + TIMING.chunkReloadGuardMs;
    clock.now = clock.pageStartedAt + 5_000;
    const { storeState } = await page(deps, provider, chunkLoadFailed({ source: 'route' }));
    expect(deps.services.reload).toHaveBeenCalledTimes(2);
    expect(selectChunkReloadGaveUp(storeState)).toBe(false);
  });

  it('a reload by one path guards the other: the boundary after a loader reload gives up', async () => {
    const deps = fakeDeps();
    const { provider } = clockOf(deps);
    await page(deps, provider, chunkLoadFailed({ source: 'loader' }));
    const { storeState } = await page(deps, provider, chunkLoadFailed({ source: 'route' }));
    expect(deps.services.reload).toHaveBeenCalledTimes(1);
    expect(selectChunkReloadGaveUp(storeState)).toBe(true);
  });

  it('a failure that follows within the same page while it reloads changes nothing', async () => {
    const deps = fakeDeps();
    const { provider } = clockOf(deps);
    const { storeState } = await page(deps, provider, chunkLoadFailed({ source: 'loader' }), chunkLoadFailed({ source: 'route' }));
    expect(deps.services.reload).toHaveBeenCalledTimes(1);
    expect(deps.services.log).not.toHaveBeenCalled();
    expect(selectChunkReloadGaveUp(storeState)).toBe(false);
  });

  it('after giving up, a later failure gives up again without reloading', async () => {
    const deps = fakeDeps();
    const { clock, provider } = clockOf(deps);
    deps.services.storageSet(CHUNK_RELOAD_KEY, String(clock.now - 1000)); // the reload a second ago
    await expectSaga(watchChunks, deps)
      .provide(provider)
      .withReducer(rootReducer)
      .put(chunkReloadGaveUp())
      .dispatch(chunkLoadFailed({ source: 'route' }))
      .dispatch(chunkLoadFailed({ source: 'loader' }))
      .dispatch(END)
      .run();
    expect(deps.services.reload).not.toHaveBeenCalled();
    expect(deps.services.log).toHaveBeenCalledTimes(2);
  });

  it('never reloads when the browser cannot remember the reload (storage disabled)', async () => {
    const deps = fakeDeps({}, { storageGet: jest.fn(() => null), storageSet: jest.fn() });
    const { provider } = clockOf(deps);
    const { storeState } = await page(deps, provider, chunkLoadFailed({ source: 'route' }));
    expect(deps.services.reload).not.toHaveBeenCalled();
    expect(selectChunkReloadGaveUp(storeState)).toBe(true);
  });

  it('never reloads away a form being sent, and leaves the guard free for the next failure', async () => {
    const deps = fakeDeps();
    const { provider } = clockOf(deps);
    const sending = chunkLoadFailed({ source: 'loader', submission: true });
    const { storeState } = await page(deps, provider, sending, sending);
    expect(deps.services.reload).not.toHaveBeenCalled();
    expect(deps.services.storageSet).not.toHaveBeenCalled();
    expect(selectChunkReloadGaveUp(storeState)).toBe(false);
    await page(deps, provider, chunkLoadFailed({ source: 'route' }));
    expect(deps.services.reload).toHaveBeenCalledTimes(1);
  });

  it('tells the console why it does not reload, each time', async () => {
    const deps = fakeDeps();
    const { clock, provider } = clockOf(deps);
    await page(deps, provider, chunkLoadFailed({ source: 'loader', submission: true }));
    deps.services.storageSet(CHUNK_RELOAD_KEY, String(clock.now - 1000));
    await page(deps, provider, chunkLoadFailed({ source: 'route' }));
    const disabled = fakeDeps({}, { storageGet: jest.fn(() => null), storageSet: jest.fn() });
    await page(disabled, clockOf(disabled).provider, chunkLoadFailed({ source: 'loader' }));
    expect(jest.mocked(deps.services.log).mock.calls).toEqual([
      ['Chunk failed while a form was being sent; not reloading: the form offers it.'],
      ['Chunk failed again (route) within the guard period; not reloading.'],
    ]);
    expect(jest.mocked(disabled.services.log).mock.calls).toEqual([['Chunk failed and the reload cannot be remembered; not reloading.']]);
  });

  it('keeps guarding the page after a failure it did not reload for: a form being sent, a reload it could not remember', async () => {
    const sending = fakeDeps();
    await page(sending, clockOf(sending).provider, chunkLoadFailed({ source: 'loader', submission: true }), chunkLoadFailed({ source: 'route' }));
    expect(sending.services.reload).toHaveBeenCalledTimes(1);

    const disabled = fakeDeps({}, { storageGet: jest.fn(() => null), storageSet: jest.fn() });
    await page(disabled, clockOf(disabled).provider, chunkLoadFailed({ source: 'route' }), chunkLoadFailed({ source: 'loader' }));
    expect(disabled.services.reload).not.toHaveBeenCalled();
    expect(disabled.services.storageSet).toHaveBeenCalledTimes(2);
    expect(disabled.services.log).toHaveBeenCalledTimes(2);
  });

  it('reloads when the visitor asks, whatever the guard says', async () => {
    const deps = fakeDeps();
    const { clock, provider } = clockOf(deps);
    deps.services.storageSet(CHUNK_RELOAD_KEY, String(clock.now));
    await page(deps, provider, chunkReloadRequested(), chunkReloadRequested());
    expect(deps.services.reload).toHaveBeenCalledTimes(2);
  });
});
