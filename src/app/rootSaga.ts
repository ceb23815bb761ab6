import { all, call, spawn } from 'redux-saga/effects';
import type { Deps } from '../features/deps';
import { sagaMemory } from '../features/shared/sagaMemory';
import { watchChunks } from '../features/chunks/saga';
import { watchApiErrors } from '../features/errors/saga';
import { watchForms } from '../features/forms/saga';
import { watchLocale } from '../features/locale/saga';
import { loadMemberPage } from '../features/members/saga';
import type { ListLoaders } from '../features/navigation/routeLoads';
import { watchRouteLoads } from '../features/navigation/routeSaga';
import { watchScroll } from '../features/navigation/scrollSaga';
import { loadNewsPages, watchNewsMore } from '../features/news/saga';
import { watchListPages } from '../features/pagedList/saga';
import { loadProductPage, watchProductTabs } from '../features/product/saga';
import { watchLogout } from '../features/session/saga';

type Watcher = (deps: Deps) => Generator;

/** The lists' loaders, which the route saga runs for the pages that show them (the server's render too). */
export const LIST_LOADERS: ListLoaders = { productList: loadProductPage, newsList: loadNewsPages, memberList: loadMemberPage };

function* watchPageLoads(deps: Deps) {
  yield call(watchRouteLoads, deps, LIST_LOADERS);
}

export const WATCHERS: Watcher[] = [
  watchApiErrors,
  watchPageLoads,
  watchScroll,
  watchLocale,
  watchProductTabs,
  watchListPages,
  watchNewsMore,
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

/**
 * Each watcher is spawned (detached): its error does not cancel its siblings. They share one
 * memory (features/shared/sagaMemory.ts), made now from the server's state: its keyed tasks make
 * a page, a list, More and a form ask a resource once, and a watcher restarted after a failure
 * finds there what the sagas knew, not a past Redux DevTools may be showing.
 */
export function* rootSaga(deps: Deps, watchers: Watcher[] = WATCHERS) {
  yield* sagaMemory();
  yield all(watchers.map((watcher) => spawn(keepAlive, watcher, deps)));
}
