import { END } from 'redux-saga';
import { expectSaga, testSaga } from 'redux-saga-test-plan';
import { call, cancel, fork, put, select, setContext, take } from 'redux-saga/effects';
import type { NewsItem, Paged } from '../../api/types';
import { PAGE_SIZE } from '../../contracts/constants';
import { contentKey } from '../content/key';
import { loadContent } from '../content/saga';
import { contentCancelled, contentFailed, contentRequested, contentSucceeded } from '../content/slice';
import { rootReducer, type RootState } from '../rootReducer';
import { apiFailed } from '../shared/apiFailed';
import { deferred, envelopeError, fakeDeps, contentProvider, settledEntry, stateAfter, type AskedContent } from '../store.testing';
import { loadMoreNews, loadNewsPages, watchNewsMore } from './saga';
import { loadRestored } from '../shared/sharedLoads';
import { selectHasMoreNews, selectNewsList, selectNewsPages, type NewsList } from './selectors';
import { newsMoreRequested, newsPagesShown } from './slice';
import { routeEntryOf, routeEntered } from '../shared/route';
import { SAGA_MEMORY, SagaMemory } from '../shared/sagaMemory';

type Page = Paged<NewsItem>;
const item = (id: number): NewsItem => ({ id, pic: '', title: `n${id}`, des: '', create_time: '', pic_alt: '' });
const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
/** 12 items in pages of PAGE_SIZE.news (5): pages 1 and 2 full, page 3 with two. */
const newsPage = (page: number, total = 12): Page => ({
  rows: ids((page - 1) * PAGE_SIZE.news + 1, Math.min(total, page * PAGE_SIZE.news)).map(item),
  total,
});
const key = (page: number) => contentKey('newsList', 'zh', { page });
const rowIds = (state: unknown) => selectNewsList(state as RootState).rows.map((row) => row.id);

type Asked = AskedContent;

/** The provider's answers to the content loads, and the requests it was asked. */
function provider(answer: (asked: Asked) => unknown) {
  const { fetch, asked } = contentProvider(answer);
  return { fetch, asked, pages: () => asked.map((a) => `${a.name} ${a.params.page}`) };
}

/** A news page the provider answers at once; any other call fails the test. */
const pagesAnswered = ({ name, params }: Asked) => (name === 'newsList' ? newsPage(params.page ?? 0) : Promise.reject(new Error(`unexpected ${name}`)));

type AnyAction = Parameters<typeof rootReducer>[1];

/** The actions of a news page shown and answered (`error`: it failed; `data`: another answer). */
function shown(
  page: number,
  answer: { error?: ReturnType<typeof envelopeError>; data?: Page } = {},
): [AnyAction, ReturnType<typeof contentRequested>, AnyAction] {
  return [newsPagesShown(page), ...settledEntry(key(page), answer.error ? { error: answer.error } : { data: answer.data ?? newsPage(page) })];
}

const error = envelopeError(1, 'busy');

describe('loadNewsPages (entering /news)', () => {
  it('on a first visit shows page 1 and loads it', async () => {
    const api = provider(pagesAnswered);
    const { storeState } = await expectSaga(loadNewsPages, fakeDeps()).provide([api.fetch]).withReducer(rootReducer, stateAfter()).put(newsPagesShown(1)).run();
    expect(api.pages()).toEqual(['newsList 1']);
    expect(selectNewsPages(storeState as RootState)).toBe(1);
    expect(rowIds(storeState)).toEqual(ids(1, 5));
  });

  it('on a return with three pages loaded asks nothing and changes nothing', async () => {
    const api = provider(pagesAnswered);
    const state = stateAfter(...shown(1), ...shown(2), ...shown(3));
    const { storeState } = await expectSaga(loadNewsPages, fakeDeps()).provide([api.fetch]).withReducer(rootReducer, state).run();
    expect(api.asked).toEqual([]);
    expect(storeState).toEqual(state);
    expect(rowIds(storeState)).toEqual(ids(1, 12));
  });

  it('after page 2 failed, entering again asks page 2 only and keeps page 1’s rows', async () => {
    const api = provider(pagesAnswered);
    const state = stateAfter(...shown(1), ...shown(2, { error }));
    expect(selectNewsList(state)).toMatchObject({ page: 1, status: 'failed', error });
    const { storeState } = await expectSaga(loadNewsPages, fakeDeps()).provide([api.fetch]).withReducer(rootReducer, state).run();
    expect(api.pages()).toEqual(['newsList 2']);
    expect(selectNewsList(storeState as RootState)).toMatchObject({ page: 2, total: 12, status: 'succeeded', error: null });
    expect(rowIds(storeState)).toEqual(ids(1, 10));
  });

  it('after a failed first page, entering again starts over from page 1', async () => {
    const api = provider(pagesAnswered);
    const { storeState } = await expectSaga(loadNewsPages, fakeDeps())
      .provide([api.fetch])
      .withReducer(rootReducer, stateAfter(...shown(1, { error })))
      .not.put.actionType(newsPagesShown.type)
      .run();
    expect(api.pages()).toEqual(['newsList 1']);
    expect(rowIds(storeState)).toEqual(ids(1, 5));
  });

  it('loads the pages shown one after the other, in order, and stops at the first that fails', () => {
    const deps = fakeDeps();
    testSaga(loadNewsPages, deps)
      .next()
      .getContext(SAGA_MEMORY)
      .next(new SagaMemory(stateAfter(...shown(1), ...shown(2), ...shown(3))))
      .call(loadContent, deps, 'newsList', { page: 1 })
      .next({ ok: true, data: newsPage(1) })
      .call(loadContent, deps, 'newsList', { page: 2 })
      .next({ ok: false, error })
      .isDone();
  });

  it('a failure is shown on the list and reported once to the errors saga', async () => {
    const api = provider(() => Promise.reject(error));
    const { storeState } = await expectSaga(loadNewsPages, fakeDeps()).provide([api.fetch]).withReducer(rootReducer, stateAfter()).put(apiFailed(error)).run();
    expect(selectNewsList(storeState as RootState)).toEqual({ page: 0, rows: [], total: 0, status: 'failed', error });
  });
});

describe('a news page the visitor leaves before it answers', () => {
  /** Starts entering /news, leaves while the `page` waits for its answer (the route saga cancels the page's loads), comes back. */
  async function leaveAndComeBack(state: RootState, page: number) {
    const asked = deferred<void>();
    const late = deferred<Page>();
    const api = provider(({ params }) => {
      if (api.asked.length === 1) {
        asked.resolve();
        return late.promise;
      }
      late.resolve(newsPage(params.page ?? 0, 99)); // the abandoned visit's answer comes in now, too late to count
      return newsPage(params.page ?? 0);
    });
    const deps = fakeDeps();
    const left: { list?: NewsList; aborted?: boolean } = {};
    const { storeState } = await expectSaga(function* () {
      const visit = yield fork(loadNewsPages, deps);
      yield call(() => asked.promise);
      yield cancel(visit);
      left.list = yield select(selectNewsList);
      left.aborted = api.asked[0]?.signal.aborted;
      yield call(loadNewsPages, deps);
    })
      .provide([api.fetch])
      .withReducer(rootReducer, state)
      .put.like({ action: { type: contentCancelled.type, payload: { key: key(page) } } })
      .run();
    expect(api.pages()).toEqual([`newsList ${page}`, `newsList ${page}`]);
    return { left, storeState: storeState as RootState };
  }

  it('the first page is aborted and goes back to not loaded, so coming back asks again', async () => {
    const { left, storeState } = await leaveAndComeBack(stateAfter(), 1);
    expect(left).toEqual({ list: { page: 0, rows: [], total: 0, status: 'idle', error: null }, aborted: true });
    expect(selectNewsList(storeState)).toMatchObject({ page: 1, total: 12, status: 'succeeded' });
    expect(rowIds(storeState)).toEqual(ids(1, 5));
  });

  it('a retry of page 2 that is left keeps page 1’s rows on screen', async () => {
    const { left, storeState } = await leaveAndComeBack(stateAfter(...shown(1), ...shown(2, { error })), 2);
    expect(left.aborted).toBe(true);
    expect(left.list).toMatchObject({ page: 1, status: 'idle', error: null });
    expect(left.list?.rows.map((row) => row.id)).toEqual(ids(1, 5));
    expect(rowIds(storeState)).toEqual(ids(1, 10));
  });
});

describe('loadMoreNews', () => {
  const more = (upTo: number) => newsMoreRequested({ upTo });

  it('shows the pages up to the one asked, then loads them in order (a page loaded is kept)', () => {
    const deps = fakeDeps();
    testSaga(loadMoreNews, deps, more(2))
      .next()
      .getContext(SAGA_MEMORY)
      .next(new SagaMemory(stateAfter()))
      .put(newsPagesShown(2))
      .next()
      .call(loadContent, deps, 'newsList', { page: 1 })
      .next({ ok: true, data: newsPage(1) })
      .call(loadContent, deps, 'newsList', { page: 2 })
      .next({ ok: true, data: newsPage(2) })
      .isDone();
  });

  it('appends the next page to the rows shown', async () => {
    const api = provider(pagesAnswered);
    const { storeState } = await expectSaga(loadMoreNews, fakeDeps(), more(2))
      .provide([api.fetch])
      .withReducer(rootReducer, stateAfter(...shown(1)))
      .put(newsPagesShown(2))
      .run();
    expect(api.pages()).toEqual(['newsList 2']);
    expect(rowIds(storeState)).toEqual(ids(1, 10));
    expect(selectHasMoreNews(storeState as RootState)).toBe(true);
  });

  it('follows the action, not the state: the pages the visitor saw, though DevTools may show a past with fewer', async () => {
    const api = provider(pagesAnswered);
    const { storeState } = await expectSaga(loadMoreNews, fakeDeps(), more(3))
      .provide([api.fetch])
      .withReducer(rootReducer, stateAfter(...shown(1)))
      .put(newsPagesShown(3))
      .run();
    expect(api.pages()).toEqual(['newsList 2', 'newsList 3']);
    expect(rowIds(storeState)).toEqual(ids(1, 12));
  });

  it('with no page shown yet (the first one left before it answered), shows page 1 and loads it', async () => {
    const api = provider(pagesAnswered);
    const state = stateAfter();
    expect(selectNewsList(state)).toMatchObject({ page: 0, rows: [], total: 0, status: 'idle' });
    const { storeState } = await expectSaga(loadMoreNews, fakeDeps(), more(1))
      .provide([api.fetch])
      .withReducer(rootReducer, state)
      .put(newsPagesShown(1))
      .run();
    expect(api.pages()).toEqual(['newsList 1']);
    expect(rowIds(storeState)).toEqual(ids(1, 5));
  });

  it('after page 2 failed, asks page 2 again only and keeps page 1’s rows', async () => {
    const api = provider(pagesAnswered);
    const { storeState } = await expectSaga(loadMoreNews, fakeDeps(), more(2))
      .provide([api.fetch])
      .withReducer(rootReducer, stateAfter(...shown(1), ...shown(2, { error })))
      .run();
    expect(api.pages()).toEqual(['newsList 2']);
    expect(selectNewsList(storeState as RootState)).toMatchObject({ page: 2, status: 'succeeded', error: null });
    expect(rowIds(storeState)).toEqual(ids(1, 10));
  });

  it('a first page that failed is asked again', async () => {
    const api = provider(pagesAnswered);
    const { storeState } = await expectSaga(loadMoreNews, fakeDeps(), more(1))
      .provide([api.fetch])
      .withReducer(rootReducer, stateAfter(...shown(1, { error })))
      .run();
    expect(api.pages()).toEqual(['newsList 1']);
    expect(rowIds(storeState)).toEqual(ids(1, 5));
  });
});

describe('watchNewsMore', () => {
  it('More appends the pages asked', async () => {
    const api = provider(pagesAnswered);
    const { storeState } = await expectSaga(watchNewsMore, fakeDeps())
      .provide([api.fetch])
      .withReducer(rootReducer, stateAfter(...shown(1)))
      .dispatch(newsMoreRequested({ upTo: 2 }))
      .dispatch(newsMoreRequested({ upTo: 3 }))
      .dispatch(END)
      .run();
    expect(api.pages()).toEqual(['newsList 2', 'newsList 3']);
    expect(rowIds(storeState)).toEqual(ids(1, 12));
    expect(selectNewsPages(storeState as RootState)).toBe(3);
    expect(selectHasMoreNews(storeState as RootState)).toBe(false);
  });

  it('leaving /news cancels a page on its way: its request is aborted, the rows shown stay, the list is not left loading', async () => {
    const asked = deferred<void>();
    const api = provider(() => (asked.resolve(), new Promise(() => {})));
    const deps = fakeDeps();
    const seen: { aborted?: boolean; list?: NewsList } = {};
    await expectSaga(function* visitor() {
      yield fork(watchNewsMore, deps);
      yield put(newsMoreRequested({ upTo: 2 }));
      yield call(() => asked.promise);
      yield put(routeEntered(routeEntryOf('/about', 'push')));
      yield call(() => Promise.resolve()); // the cancellation's own effects run first
      seen.aborted = api.asked[0]!.signal.aborted;
      seen.list = yield select(selectNewsList);
      yield put(END);
    })
      .provide([api.fetch])
      .withReducer(rootReducer, stateAfter(...shown(1)))
      .run();
    expect(seen.aborted).toBe(true);
    expect(seen.list?.rows.map((row) => row.id)).toEqual(ids(1, 5));
    expect(seen.list?.status).toBe('idle');
  });

  it('clicks while a page loads join its More and ask nothing more; the next click after its answer asks the next page', async () => {
    const page2Asked = deferred<void>();
    const page2 = deferred<Page>();
    const api = provider(({ params }) => {
      if (params.page !== 2) return newsPage(params.page ?? 0);
      page2Asked.resolve();
      return page2.promise;
    });
    const deps = fakeDeps();
    const { storeState } = await expectSaga(function* clicks() {
      yield fork(watchNewsMore, deps);
      yield put(newsMoreRequested({ upTo: 2 }));
      yield put(newsMoreRequested({ upTo: 2 })); // a double click
      yield call(() => page2Asked.promise);
      yield put(newsMoreRequested({ upTo: 2 })); // a click while page 2 loads
      yield call(page2.resolve, newsPage(2));
      yield take(contentSucceeded.type);
      yield put(newsMoreRequested({ upTo: 3 }));
      yield put(END);
    })
      .provide([api.fetch])
      .withReducer(rootReducer, stateAfter(...shown(1)))
      .run();
    expect(api.pages()).toEqual(['newsList 2', 'newsList 3']);
    expect(api.asked.map((a) => a.signal.aborted)).toEqual([false, false]);
    expect(rowIds(storeState)).toEqual(ids(1, 12));
  });
});

describe("the pages shown are the sagas' own memory", () => {
  it('two Mores while one loads, though they ask different pages, join it: one request goes out', async () => {
    const page2Asked = deferred<void>();
    const page2 = deferred<Page>();
    const api = provider(({ params }) => (params.page === 2 ? (page2Asked.resolve(), page2.promise) : newsPage(params.page ?? 0)));
    const memory = new SagaMemory(stateAfter(...shown(1)));
    await expectSaga(function* clicks() {
      yield setContext({ [SAGA_MEMORY]: memory });
      yield fork(watchNewsMore, fakeDeps());
      yield put(newsMoreRequested({ upTo: 2 }));
      yield call(() => page2Asked.promise);
      yield put(newsMoreRequested({ upTo: 2 }));
      yield put(newsMoreRequested({ upTo: 3 }));
      yield call(page2.resolve, newsPage(2));
      yield take(contentSucceeded.type);
      yield put(END);
    })
      .provide([api.fetch])
      .withReducer(rootReducer, stateAfter(...shown(1)))
      .run();
    expect(api.pages()).toEqual(['newsList 2']);
  });

  it('Back to /news finds the pages More showed, though Redux DevTools shows a past with none', async () => {
    const api = provider(pagesAnswered);
    // The sagas started on /news with page 1 loaded (the server's state); the store now shows the
    // moment before it, whatever is dispatched.
    const memory = new SagaMemory(stateAfter(...shown(1)));
    const past = stateAfter();
    const { effects } = await expectSaga(function* backAndForth() {
      yield setContext({ [SAGA_MEMORY]: memory });
      yield call(loadMoreNews, fakeDeps(), newsMoreRequested({ upTo: 2 }));
      yield call(loadNewsPages, fakeDeps());
    })
      .provide([api.fetch])
      .withReducer(() => past, past)
      .run();
    expect(api.pages()).toEqual(['newsList 2']);
    // More's pages, then page 2's load: entering again shows no fewer pages and asks nothing; the
    // pages the sagas' record holds are put again for the past shown, which lacks them.
    const puts = (effects.put ?? []).map((effect) => effect.payload.action as AnyAction);
    expect(puts[0]).toEqual(newsPagesShown(2));
    expect(puts.slice(1).map((action) => `${action.type} ${(action.payload as { key: string }).key}`)).toEqual([
      `${loadRestored.type} ${key(1)}`,
      `${contentRequested.type} ${key(2)}`,
      `${contentSucceeded.type} ${key(2)}`,
      `${loadRestored.type} ${key(1)}`,
      `${loadRestored.type} ${key(2)}`,
    ]);
    expect(memory.pagesOf('newsList')).toBe(2);
  });
});

describe('selectNewsList', () => {
  it('is empty and idle before the first page', () => {
    expect(selectNewsList(stateAfter())).toEqual({ page: 0, rows: [], total: 0, status: 'idle', error: null });
  });

  it('concatenates the pages in page order, whatever order they answered in, with the total of the last loaded page', () => {
    const [show1, request1, success1] = shown(1);
    const [show2, request2] = shown(2);
    const state = stateAfter(show1, request1, show2, request2, contentSucceeded({ key: key(2), requestId: request2.payload.requestId, data: newsPage(2, 13) }));
    expect(selectNewsList(state)).toMatchObject({ page: 0, rows: [], total: 0 });
    expect(selectNewsList(rootReducer(state, success1))).toEqual({
      page: 2,
      rows: [...newsPage(1).rows, ...newsPage(2).rows],
      total: 13,
      status: 'succeeded',
      error: null,
    });
  });

  it('has the status and error of the last page shown, with the rows of the pages before it', () => {
    const loading = stateAfter(...shown(1), newsPagesShown(2), contentRequested({ key: key(2) }));
    expect(selectNewsList(loading)).toEqual({ page: 1, rows: newsPage(1).rows, total: 12, status: 'loading', error: null });
    const failed = stateAfter(...shown(1), ...shown(2, { error }));
    expect(selectNewsList(failed)).toEqual({ page: 1, rows: newsPage(1).rows, total: 12, status: 'failed', error });
  });

  it('an answer of an earlier request does not settle the page now loading', () => {
    const earlier = contentRequested({ key: key(1) });
    const now = contentRequested({ key: key(1) });
    let state = stateAfter(newsPagesShown(1), earlier, contentCancelled({ key: key(1), requestId: earlier.payload.requestId }), now);
    state = rootReducer(state, contentFailed({ key: key(1), requestId: earlier.payload.requestId, error: envelopeError(1, 'late') }));
    state = rootReducer(state, contentSucceeded({ key: key(1), requestId: earlier.payload.requestId, data: newsPage(1, 99) }));
    expect(selectNewsList(state)).toEqual({ page: 0, rows: [], total: 0, status: 'loading', error: null });
    state = rootReducer(state, contentSucceeded({ key: key(1), requestId: now.payload.requestId, data: newsPage(1) }));
    expect(selectNewsList(state)).toMatchObject({ page: 1, total: 12, status: 'succeeded', error: null });
  });
});

describe('selectHasMoreNews', () => {
  it('is false before the first page, true while fewer rows than total are shown, false once all are', () => {
    expect(selectHasMoreNews(stateAfter())).toBe(false);
    expect(selectHasMoreNews(stateAfter(newsPagesShown(1), contentRequested({ key: key(1) })))).toBe(false);
    expect(selectHasMoreNews(stateAfter(...shown(1)))).toBe(true);
    expect(selectHasMoreNews(stateAfter(...shown(1), ...shown(2)))).toBe(true);
    expect(selectHasMoreNews(stateAfter(...shown(1), ...shown(2), ...shown(3)))).toBe(false);
  });
});
