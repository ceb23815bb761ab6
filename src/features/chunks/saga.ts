import { call, takeEvery } from 'redux-saga/effects';
import { TIMING } from '../../contracts/constants';
import type { Deps } from '../deps';
import { chunkLoadFailed } from './actions';

/** Remembered in sessionStorage so the guard survives the reload it causes. */
export const CHUNK_RELOAD_KEY = 'chunk-reload-at';

/**
 * SPEC §4: a chunk that fails to load (usually a deploy replaced it) reloads the page: at most
 * once a minute when webpack's loader reports it, always when a route change detects it.
 */
export function* reloadForChunk({ services }: Deps, action: ReturnType<typeof chunkLoadFailed>) {
  if (action.payload.source === 'loader') {
    const now: number = yield call(services.now);
    const stored: string | null = yield call(services.storageGet, CHUNK_RELOAD_KEY);
    const last = stored === null ? Number.NaN : Number(stored);
    if (Number.isFinite(last) && now - last < TIMING.chunkReloadGuardMs) {
      yield call(services.log, 'Chunk failed to load again within a minute; not reloading.');
      return;
    }
    yield call(services.storageSet, CHUNK_RELOAD_KEY, String(now));
  }
  yield call(services.reload);
}

export function* watchChunks(deps: Deps) {
  yield takeEvery(chunkLoadFailed.type, reloadForChunk, deps);
}
