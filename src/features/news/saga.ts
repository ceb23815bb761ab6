import { call, fork, put, take } from 'redux-saga/effects';
import type { Deps } from '../deps';
import { loadContent } from '../content/saga';
import { newsMoreRequested, newsPagesShown } from './slice';
import { sagaMemory, type SagaMemory } from '../shared/sagaMemory';
import { whileOnPage } from '../shared/whileOnPage';

/** The list's name in the sagas' memory of the pages shown, and its More's key among their tasks. */
const NEWS_LIST = 'newsList';
export const NEWS_MORE = 'more|newsList';

/** Pages 1 to `last`, in order until one fails: a page already loaded is not asked again. */
function* loadPages(deps: Deps, last: number) {
  for (let page = 1; page <= last; page += 1) {
    const result: { ok: boolean } = yield call(loadContent, deps, 'newsList', { page });
    if (!result.ok) return;
  }
}

/**
 * Entering /news: the pages shown so far (the first on a first visit), each asked only when not
 * already loaded (an earlier visit, or state the server preloaded). After a failure the pages
 * that loaded are kept and only the failed one is asked again. How many pages are shown is the
 * sagas' own memory (seeded from the server's state), not the state Redux DevTools may show from
 * the past: Back finds the rows the visitor left.
 */
export function* loadNewsPages(deps: Deps) {
  const memory: SagaMemory = yield* sagaMemory();
  const pages = memory.pagesOf(NEWS_LIST);
  if (pages === 0) yield* showPages(memory, 1);
  yield* loadPages(deps, Math.max(1, pages));
}

function* showPages(memory: SagaMemory, pages: number) {
  memory.showPages(NEWS_LIST, pages);
  yield put(newsPagesShown(pages));
}

/**
 * "More", or Retry of the page that failed: the list shows pages 1 to the one the visitor asked
 * for, read from the action alone (the state may be one Redux DevTools shows from the past).
 */
export function* loadMoreNews(deps: Deps, action: ReturnType<typeof newsMoreRequested>) {
  const { upTo } = action.payload;
  yield* showPages((yield* sagaMemory()) as SagaMemory, upTo);
  yield* loadPages(deps, upTo);
}

/**
 * More is a task of the sagas' keyed tasks (shared/sharedLoads.ts), as a page's loads and a form's
 * submission are: clicks while it runs join it and ask nothing; leaving the page cancels it.
 */
export function* watchNewsMore(deps: Deps) {
  const { loads }: SagaMemory = yield* sagaMemory();
  for (;;) {
    const action: ReturnType<typeof newsMoreRequested> = yield take(newsMoreRequested.type);
    yield fork(function* more() {
      yield* loads.join(NEWS_MORE, whileOnPage<[ReturnType<typeof newsMoreRequested>]>, loadMoreNews, deps, action);
    });
  }
}
