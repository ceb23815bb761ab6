import { expectSaga } from 'redux-saga-test-plan';
import { call, fork } from 'redux-saga/effects';
import { chunkLoadFailed } from '../chunks/actions';
import { watchChunks } from '../chunks/saga';
import { envelopeError, fakeDeps, networkError, takeUnexpectedApiCalls } from '../testing';
import { apiFailed } from './apiFailed';
import { callApi, callApiAs } from './callApi';
import type { ApiResult } from './callApi';

function* calling(deps: ReturnType<typeof fakeDeps>, fn: () => Promise<number>) {
  const result: ApiResult<number> = yield* callApi(deps, fn);
  return result;
}

describe('callApi', () => {
  it('returns the data of a successful call and reports nothing', async () => {
    const deps = fakeDeps();
    const { returnValue } = await expectSaga(calling, deps, async () => 7).not.put.like({ action: { type: apiFailed.type } }).run();
    expect(returnValue).toEqual({ ok: true, data: 7 });
  });

  it.each([envelopeError(1, 'down'), networkError('timeout')])('returns a provider failure as a plain ApiError and reports it once (%o)', async (error) => {
    const deps = fakeDeps();
    const { returnValue } = await expectSaga(calling, deps, () => Promise.reject(error)).put(apiFailed(error)).run();
    expect(returnValue).toEqual({ ok: false, error });
    expect(deps.services.log).not.toHaveBeenCalled();
  });

  it('in the browser, calls the provider only once the state put before it has been painted', async () => {
    let painted: () => void = () => undefined;
    const afterPaint = jest.fn(() => new Promise<void>((resolve) => (painted = resolve)));
    const deps = fakeDeps({}, { afterPaint });
    const fn = jest.fn(async () => 7);
    const run = expectSaga(calling, deps, fn).run();
    await Promise.resolve();
    expect(afterPaint).toHaveBeenCalledTimes(1);
    expect(fn).not.toHaveBeenCalled();
    painted();
    const { returnValue } = await run;
    expect(fn).toHaveBeenCalledTimes(1);
    expect(returnValue).toEqual({ ok: true, data: 7 });
  });

  it('logs and rethrows a programming error instead of showing it as an outage', async () => {
    const deps = fakeDeps();
    const bug = new TypeError('rows is undefined');
    await expect(expectSaga(calling, deps, () => Promise.reject(bug)).run()).rejects.toBe(bug);
    expect(deps.services.log).toHaveBeenCalledWith('Provider call failed with an unexpected error:', bug);
  });

  it.each([
    Object.assign(new Error('Loading chunk axios failed.'), { name: 'ChunkLoadError' }),
    new Error('Loading CSS chunk 12 failed. (https://example.com/a.css)'),
  ])('hands a chunk that would not download to the reload guard, not to the error toasts (%s)', async (chunkError) => {
    const deps = fakeDeps();
    const { returnValue } = await expectSaga(function* () {
      yield fork(watchChunks, deps);
      return yield call(calling, deps, () => Promise.reject(chunkError));
    })
      .put(chunkLoadFailed({ source: 'loader' }))
      .not.put.actionType(apiFailed.type)
      .silentRun(10);
    expect(returnValue).toEqual({ ok: false, error: { kind: 'network', code: null, msg: chunkError.message }, siteUpdated: true });
    expect(deps.services.reload).toHaveBeenCalledTimes(1);
  });

  it('tells the guard when the call is a submission, which it must not reload away', async () => {
    const deps = fakeDeps();
    const updated = Object.assign(new Error('Loading chunk axios failed.'), { name: 'ChunkLoadError' });
    const { returnValue } = await expectSaga(function* () {
      yield fork(watchChunks, deps);
      return yield* callApiAs({ submission: true }, deps, () => Promise.reject(updated));
    })
      .put(chunkLoadFailed({ source: 'loader', submission: true }))
      .silentRun(10);
    expect(returnValue).toMatchObject({ ok: false, siteUpdated: true });
    expect(deps.services.reload).not.toHaveBeenCalled();
  });

  it('fails the saga on an api call the test gave no fake for', async () => {
    const deps = fakeDeps();
    await expect(expectSaga(calling, deps, () => deps.api.newsList('zh', { page: 1, pageSize: 5 }).then(() => 1)).run()).rejects.toThrow('Unexpected api call: newsList');
    expect(takeUnexpectedApiCalls()).toEqual(['newsList']);
  });
});
