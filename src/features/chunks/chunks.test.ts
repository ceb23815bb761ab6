import { expectSaga } from 'redux-saga-test-plan';
import { fakeDeps } from '../testing';
import { chunkLoadFailed } from './actions';
import { CHUNK_RELOAD_KEY, watchChunks } from './saga';

describe('chunk-reload guard', () => {
  it('reloads once, not again within 60 s, and again after', async () => {
    let now = 5_000_000;
    const deps = fakeDeps({}, { now: jest.fn(() => now) });
    const fail = () => expectSaga(watchChunks, deps).dispatch(chunkLoadFailed({ source: 'loader' })).silentRun(10);
    await fail();
    expect(deps.services.reload).toHaveBeenCalledTimes(1);
    expect(deps.services.storageSet).toHaveBeenCalledWith(CHUNK_RELOAD_KEY, '5000000');
    now += 59_000;
    await fail();
    expect(deps.services.reload).toHaveBeenCalledTimes(1);
    now += 2_000;
    await fail();
    expect(deps.services.reload).toHaveBeenCalledTimes(2);
  });

  it('always reloads when a route change detects it', async () => {
    const deps = fakeDeps();
    deps.services.storageSet(CHUNK_RELOAD_KEY, String(deps.services.now()));
    await expectSaga(watchChunks, deps).dispatch(chunkLoadFailed({ source: 'route' })).dispatch(chunkLoadFailed({ source: 'route' })).silentRun(10);
    expect(deps.services.reload).toHaveBeenCalledTimes(2);
  });
});
