import { all, call, spawn } from 'redux-saga/effects';
import type { Deps } from '../features/deps';
import { watchChunks } from '../features/chunks/saga';
import { watchApiErrors } from '../features/errors/saga';
import { watchForms } from '../features/forms/saga';
import { watchLocale } from '../features/locale/saga';
import { watchStaffPages } from '../features/members/saga';
import { watchRouteLoads } from '../features/navigation/routeSaga';
import { watchScroll } from '../features/navigation/scrollSaga';
import { watchNewsMore } from '../features/news/saga';
import { watchProductChoices } from '../features/product/saga';
import { watchLogout } from '../features/session/saga';

type Watcher = (deps: Deps) => Generator;

export const WATCHERS: Watcher[] = [
  watchApiErrors,
  watchRouteLoads,
  watchScroll,
  watchLocale,
  watchProductChoices,
  watchNewsMore,
  watchStaffPages,
  watchForms,
  watchLogout,
  watchChunks,
];

/** Restarts a watcher that threw, so one failure never stops the others; ends on END. */
export function* keepAlive(watcher: Watcher, deps: Deps) {
  for (;;) {
    try {
      yield call(watcher, deps);
      return;
    } catch (error) {
      yield call(deps.services.log, `${watcher.name} failed and was restarted:`, error);
    }
  }
}

/** Each watcher is spawned (detached): its error does not cancel its siblings. */
export function* rootSaga(deps: Deps, watchers: Watcher[] = WATCHERS) {
  yield all(watchers.map((watcher) => spawn(keepAlive, watcher, deps)));
}
