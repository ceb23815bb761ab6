import { call, put } from 'redux-saga/effects';
import { isApiError } from '../../api/client';
import type { ApiError } from '../../api/types';
import type { Deps } from '../deps';
import { apiFailed, type CallContext } from './apiFailed';
import { chunkLoadFailed, isChunkLoadError } from './chunkLoadError';

/** `siteUpdated`: the client's own code would not download (a deploy replaced it): no provider failure. */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: ApiError; siteUpdated?: true };

/**
 * The one way a saga calls the provider, used with `yield*` so the result is typed. A provider
 * failure (always an ApiError, see src/api/client.ts) is reported once to the errors saga and
 * returned; a chunk that would not download goes to the chunk-reload guard; anything else is a bug, not an outage: it is logged and rethrown, so the watcher's
 * restart wrapper sees it instead of the visitor seeing "service unavailable".
 */
export function* callApi<Args extends unknown[], T>(deps: Deps, fn: (...args: Args) => Promise<T>, ...args: Args): Generator<unknown, ApiResult<T>, unknown> {
  return yield* callApiAs(undefined, deps, fn, ...args);
}

/** callApi for a call its caller tells more of (see CallContext): the report of its failure carries it. */
export function* callApiAs<Args extends unknown[], T>(
  context: CallContext | undefined,
  { services }: Deps,
  fn: (...args: Args) => Promise<T>,
  ...args: Args
): Generator<unknown, ApiResult<T>, unknown> {
  try {
    // The state put before the call (loading, submitting) reaches the screen first; setting up
    // the request is work the visitor's tap need not wait for.
    if (services.afterPaint) yield call(services.afterPaint);
    const data = (yield call(fn, ...args)) as T;
    return { ok: true, data };
  } catch (error) {
    if (isChunkLoadError(error)) {
      // The client's own code would not download (an old tab after a deploy): the reload
      // guard's business; the caller sees a network-class failure meanwhile, marked as such.
      yield put(chunkLoadFailed(context?.submission ? { source: 'loader', submission: true } : { source: 'loader' }));
      return { ok: false, error: { kind: 'network', code: null, msg: error.message }, siteUpdated: true };
    }
    if (!isApiError(error)) {
      yield call(services.log, 'Provider call failed with an unexpected error:', error);
      throw error;
    }
    yield put(apiFailed(error, context));
    return { ok: false, error };
  }
}
