import { expectSaga } from 'redux-saga-test-plan';
import { rootReducer } from '../rootReducer';
import { fakeDeps } from '../testing';
import type { Deps } from '../deps';
import { chunkLoadFailed, chunkReloadRequested } from './actions';
import { CHUNK_RELOAD_KEY, watchChunks } from './saga';
import { selectChunkReloadGaveUp } from './selectors';
import { chunkReloadGaveUp } from './slice';

const fail = (deps: Deps, source: 'loader' | 'route') =>
  expectSaga(watchChunks, deps).withReducer(rootReducer).dispatch(chunkLoadFailed({ source })).silentRun(10);

describe('chunk-reload guard', () => {
  it.each(['loader', 'route'] as const)('reloads once when the %s reports it, not again within 60 s, and again after', async (source) => {
    let now = 5_000_000;
    const deps = fakeDeps({}, { now: jest.fn(() => now) });
    const first = await fail(deps, source);
    expect(deps.services.reload).toHaveBeenCalledTimes(1);
    expect(deps.services.storageSet).toHaveBeenCalledWith(CHUNK_RELOAD_KEY, '5000000');
    expect(selectChunkReloadGaveUp(first.storeState)).toBe(false);

    now += 59_999;
    const again = await fail(deps, source);
    expect(deps.services.reload).toHaveBeenCalledTimes(1);
    expect(selectChunkReloadGaveUp(again.storeState)).toBe(true);

    now += 1;
    await fail(deps, source);
    expect(deps.services.reload).toHaveBeenCalledTimes(2);
  });

  it('a reload by one path guards the other: the boundary after a loader reload gives up', async () => {
    const deps = fakeDeps();
    await fail(deps, 'loader');
    const { storeState } = await fail(deps, 'route');
    expect(deps.services.reload).toHaveBeenCalledTimes(1);
    expect(selectChunkReloadGaveUp(storeState)).toBe(true);
  });

  it('a failure that follows within the same page while it reloads changes nothing', async () => {
    const deps = fakeDeps();
    const { storeState } = await expectSaga(watchChunks, deps)
      .withReducer(rootReducer)
      .dispatch(chunkLoadFailed({ source: 'loader' }))
      .dispatch(chunkLoadFailed({ source: 'route' }))
      .silentRun(10);
    expect(deps.services.reload).toHaveBeenCalledTimes(1);
    expect(selectChunkReloadGaveUp(storeState)).toBe(false);
  });

  it('after giving up, a later failure gives up again without reloading', async () => {
    const deps = fakeDeps();
    deps.services.storageSet(CHUNK_RELOAD_KEY, String(deps.services.now()));
    await expectSaga(watchChunks, deps)
      .withReducer(rootReducer)
      .put(chunkReloadGaveUp())
      .dispatch(chunkLoadFailed({ source: 'route' }))
      .dispatch(chunkLoadFailed({ source: 'loader' }))
      .silentRun(10);
    expect(deps.services.reload).not.toHaveBeenCalled();
    expect(deps.services.log).toHaveBeenCalledTimes(2);
  });

  it('never reloads when the browser cannot remember the reload (storage disabled)', async () => {
    const deps = fakeDeps({}, { storageGet: jest.fn(() => null), storageSet: jest.fn() });
    const { storeState } = await fail(deps, 'route');
    expect(deps.services.reload).not.toHaveBeenCalled();
    expect(selectChunkReloadGaveUp(storeState)).toBe(true);
  });

  it('never reloads away a form being sent, and leaves the guard free for the next failure', async () => {
    const deps = fakeDeps();
    const { storeState } = await expectSaga(watchChunks, deps)
      .withReducer(rootReducer)
      .dispatch(chunkLoadFailed({ source: 'loader', submission: true }))
      .dispatch(chunkLoadFailed({ source: 'loader', submission: true }))
      .silentRun(10);
    expect(deps.services.reload).not.toHaveBeenCalled();
    expect(deps.services.storageSet).not.toHaveBeenCalled();
    expect(selectChunkReloadGaveUp(storeState)).toBe(false);
    await fail(deps, 'route');
    expect(deps.services.reload).toHaveBeenCalledTimes(1);
  });

  it('reloads when the visitor asks, whatever the guard says', async () => {
    const deps = fakeDeps();
    deps.services.storageSet(CHUNK_RELOAD_KEY, String(deps.services.now()));
    await expectSaga(watchChunks, deps).dispatch(chunkReloadRequested()).silentRun(10);
    expect(deps.services.reload).toHaveBeenCalledTimes(1);
  });
});
