import { call, fork, put, take, takeEvery } from 'redux-saga/effects';
import { TIMING } from '../../contracts/constants';
import type { Deps } from '../deps';
import { chunkLoadFailed } from '../shared/chunkLoadError';
import { chunkReloadRequested } from './actions';
import { chunkReloadGaveUp } from './slice';

/** Remembered in sessionStorage so the guard survives the reload it causes. */
export const CHUNK_RELOAD_KEY = 'chunk-reload-at';

/**
 * A chunk that fails to load (usually a deploy replaced it) reloads the page at most once per
 * guard period, whoever reports it. A chunk that is still broken after that reload (a failure
 * within the guard period, or a failure of the page that reload opened while it comes up, however
 * slowly, its chunk timing out), or a browser
 * that cannot remember the reload (storage disabled), gets the message with a reload button
 * instead: a page that cannot load never reloads in a loop. Never for a form being sent: a reload
 * would empty what the visitor typed, so the form says the site was updated and offers the reload
 * itself (forms saga). Returns whether it reloads.
 */
export function* reloadForChunk({ services }: Deps, action: ReturnType<typeof chunkLoadFailed>) {
  if (action.payload.submission) {
    yield call(services.log, 'Chunk failed while a form was being sent; not reloading: the form offers it.');
    return false;
  }
  const now: number = yield call(services.now);
  const pageStartedAt: number = yield call(services.pageStartedAt);
  const stored: string | null = yield call(services.storageGet, CHUNK_RELOAD_KEY);
  const last = stored === null ? Number.NaN : Number(stored);
  // The page the reload opened, failing on its way up (its first chunks, however slow); a failure
  // long after it came up is a later deploy's, and reloads once as any other.
  const openedByReload =
    pageStartedAt >= last && pageStartedAt - last < TIMING.chunkReloadGuardMs && now - pageStartedAt < TIMING.chunkReloadGuardMs + TIMING.chunkLoadTimeoutMs;
  if (Number.isFinite(last) && (now - last < TIMING.chunkReloadGuardMs || openedByReload)) {
    yield call(services.log, `Chunk failed again (${action.payload.source}) within the guard period; not reloading.`);
    yield put(chunkReloadGaveUp());
    return false;
  }
  yield call(services.storageSet, CHUNK_RELOAD_KEY, String(now));
  const remembered: string | null = yield call(services.storageGet, CHUNK_RELOAD_KEY);
  if (remembered !== String(now)) {
    yield call(services.log, 'Chunk failed and the reload cannot be remembered; not reloading.');
    yield put(chunkReloadGaveUp());
    return false;
  }
  yield call(services.reload);
  return true;
}

/**
 * Failures are handled one after another until one starts a reload; the ones that follow come
 * from the page that is going away and change nothing (no "gave up" while the page reloads).
 */
export function* guardChunkReloads(deps: Deps) {
  for (;;) {
    const action: ReturnType<typeof chunkLoadFailed> = yield take(chunkLoadFailed.type);
    const reloading: boolean = yield call(reloadForChunk, deps, action);
    if (reloading) return;
  }
}

export function* watchChunks(deps: Deps) {
  yield fork(guardChunkReloads, deps);
  // The visitor asked for it: no guard.
  yield takeEvery(chunkReloadRequested.type, function* reloadOnRequest() {
    yield call(deps.services.reload);
  });
}
