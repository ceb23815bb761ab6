import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { END } from 'redux-saga';
import { call, fork, put } from 'redux-saga/effects';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { ApiError } from '../../api/types';
import { chunkLoadFailed } from './chunkLoadError';
import { watchChunks } from '../chunks/saga';
import { envelopeError, fakeDeps, networkError, takeUnexpectedApiCalls } from '../store.testing';
import { apiFailed, type CallContext } from './apiFailed';
import { callApiAs } from './callApi';
import type { ApiResult } from './callApi';

type Deps = ReturnType<typeof fakeDeps>;

/** A provider call the tests answer with `.provide`: calling it for real fails the test. */
const providerCall = () => jest.fn((_page: number): Promise<number> => Promise.reject(new Error('this call is provided by the test')));

function* calling(deps: Deps, fn: (page: number) => Promise<number>, context?: CallContext) {
  const result: ApiResult<number> = yield* callApiAs(context, deps, fn, 3);
  return result;
}

const refused = (error: ApiError | Error) => throwError(error as Error);
const chunkError = () => Object.assign(new Error('Loading chunk axios failed.'), { name: 'ChunkLoadError' });

describe('callApi', () => {
  it('returns the data of a successful call, made with its arguments, and reports nothing', async () => {
    const fn = providerCall();
    const { returnValue } = await expectSaga(calling, fakeDeps(), fn)
      .provide([[matchers.call.fn(fn), 7]])
      .call(fn, 3)
      .not.put.actionType(apiFailed.type)
      .run();
    expect(returnValue).toEqual({ ok: true, data: 7 });
  });

  it.each([envelopeError(1, 'down'), networkError('timeout')])('returns a provider failure as a plain ApiError and reports it once (%o)', async (error) => {
    const deps = fakeDeps();
    const fn = providerCall();
    const reports = (count = 0, action: UnknownAction) => (apiFailed.match(action) ? count + 1 : count);
    const { returnValue } = await expectSaga(calling, deps, fn)
      .provide([[matchers.call.fn(fn), refused(error)]])
      .withReducer(reports, 0)
      .put(apiFailed(error))
      .hasFinalState(1)
      .run();
    expect(returnValue).toEqual({ ok: false, error });
    expect(deps.services.log).not.toHaveBeenCalled();
  });

  it('carries what the caller tells of the call on the report', async () => {
    const error = { ...envelopeError(1, '职位已下线'), notFound: true as const };
    const fn = providerCall();
    await expectSaga(calling, fakeDeps(), fn, { routeDetail: true })
      .provide([[matchers.call.fn(fn), refused(error)]])
      .put(apiFailed(error, { routeDetail: true }))
      .run();
  });

  it('in the browser, calls the provider only once the state put before it has been painted', () => {
    const afterPaint = jest.fn(async () => undefined);
    const deps = fakeDeps({}, { afterPaint });
    const fn = providerCall();
    testSaga(calling, deps, fn).next().call(afterPaint).next().call(fn, 3).next(7).returns({ ok: true, data: 7 });
  });

  it('on the server (no afterPaint), calls the provider at once', () => {
    const fn = providerCall();
    testSaga(calling, fakeDeps(), fn).next().call(fn, 3).next(7).returns({ ok: true, data: 7 });
  });

  it('logs and rethrows a programming error instead of showing it as an outage', async () => {
    const deps = fakeDeps();
    const bug = new TypeError('rows is undefined');
    const fn = providerCall();
    await expect(
      expectSaga(calling, deps, fn)
        .provide([[matchers.call.fn(fn), refused(bug)]])
        .not.put.actionType(apiFailed.type)
        .run(),
    ).rejects.toBe(bug);
    expect(deps.services.log).toHaveBeenCalledWith('Provider call failed with an unexpected error:', bug);
  });

  it.each([
    ["webpack's ChunkLoadError", chunkError()],
    ['a CSS chunk', new Error('Loading CSS chunk 12 failed. (https://example.com/a.css)')],
  ])('hands a chunk that would not download (%s) to the reload guard, not to the error toasts', async (_case, error) => {
    const deps = fakeDeps();
    const fn = providerCall();
    const { returnValue } = await expectSaga(function* page() {
      yield fork(watchChunks, deps);
      const result: unknown = yield call(calling, deps, fn);
      yield put(END); // the page's life ends: the guard stops listening
      return result;
    })
      .provide([
        [matchers.call.fn(fn), refused(error)],
        [matchers.call.fn(deps.services.now), 5_000_000],
      ])
      .put(chunkLoadFailed({ source: 'loader' }))
      .not.put.actionType(apiFailed.type)
      .run();
    expect(returnValue).toEqual({ ok: false, error: { kind: 'network', code: null, msg: error.message }, siteUpdated: true });
    expect(deps.services.reload).toHaveBeenCalledTimes(1);
  });

  it('tells the guard when the call is a submission, which it must not reload away', async () => {
    const deps = fakeDeps();
    const fn = providerCall();
    const { returnValue } = await expectSaga(function* sending() {
      yield fork(watchChunks, deps);
      const result: unknown = yield call(calling, deps, fn, { submission: true });
      yield put(END); // the page's life ends: the guard stops listening
      return result;
    })
      .provide([
        [matchers.call.fn(fn), refused(chunkError())],
        [matchers.call.fn(deps.services.now), 5_000_000],
      ])
      .put(chunkLoadFailed({ source: 'loader', submission: true }))
      .not.put.actionType(apiFailed.type)
      .run();
    expect(returnValue).toMatchObject({ ok: false, siteUpdated: true });
    expect(deps.services.reload).not.toHaveBeenCalled();
  });

  it('fails the saga on an api call the test gave no fake for', async () => {
    const deps = fakeDeps();
    const unfaked = () => deps.api.newsList('zh', { page: 1, pageSize: 5 }).then(() => 1);
    await expect(expectSaga(calling, deps, unfaked).run()).rejects.toThrow('Unexpected api call: newsList');
    expect(takeUnexpectedApiCalls()).toEqual(['newsList']);
  });
});
