import { expectSaga } from 'redux-saga-test-plan';
import { call, cancel, fork } from 'redux-saga/effects';
import { rootReducer } from '../rootReducer';
import type { RootState } from '../rootReducer';
import { apiFailed } from '../shared/apiFailed';
import { deferred, envelopeError, fakeDeps, stateWith } from '../testing';
import { selectHasMoreNews } from './selectors';
import { loadFirstNewsPage, watchNewsMore } from './saga';
import reducer, { newsFirstPageRequested, newsMoreRequested, newsPageCancelled, newsPageFailed, newsPageRequested, newsPageSucceeded } from './slice';

const item = (id: number) => ({ id, pic: '', title: `n${id}`, des: '', create_time: '' });
/** 12 items in pages of 5. */
const newsList = jest.fn(async (_lan: string, q: { page: number; pageSize: number }) => ({
  rows: Array.from({ length: Math.max(0, Math.min(q.pageSize, 12 - (q.page - 1) * q.pageSize)) }, (_, i) => item((q.page - 1) * q.pageSize + i + 1)),
  total: 12,
}));

beforeEach(() => newsList.mockClear());

describe('a news page the visitor leaves before it answers', () => {
  /** Starts a load and leaves /news while it waits for the answer (the route saga cancels the page's loads). */
  const leaveWhileLoading = async (state: RootState) => {
    const asked = deferred<void>();
    const never = new Promise<Awaited<ReturnType<typeof newsList>>>(() => {});
    const { storeState } = await expectSaga(function* () {
      const task = yield fork(loadFirstNewsPage, fakeDeps({ newsList: () => (asked.resolve(), never) }));
      yield call(() => asked.promise);
      yield cancel(task);
    })
      .withReducer(rootReducer, state)
      .run();
    return storeState as RootState;
  };

  it('leaves no list waiting: the first page goes back to not loaded, so coming back asks again', async () => {
    const left = await leaveWhileLoading(stateWith());
    expect(left.news).toMatchObject({ status: 'idle', page: 0, rows: [] });
    const { storeState } = await expectSaga(loadFirstNewsPage, fakeDeps({ newsList })).withReducer(rootReducer, left).run();
    expect(storeState.news.rows).toHaveLength(5);
  });

  it('keeps the pages already shown when a retry of the next page is left', async () => {
    const failed = stateWith((s) => Object.assign(s.news, { page: 1, rows: [item(1)], total: 12, status: 'failed' as const, error: envelopeError(1, 'x') }));
    const left = await leaveWhileLoading(failed);
    expect(left.news).toMatchObject({ status: 'succeeded', page: 1, rows: [item(1)] });
  });

  it('a cancel that comes after the answer changes nothing', () => {
    const loaded = reducer(reducer(reducer(undefined, newsFirstPageRequested()), newsPageRequested()), newsPageSucceeded({ page: 1, rows: [item(1)], total: 12 }));
    const failed = reducer(reducer(loaded, newsPageRequested()), newsPageFailed({ page: 2, error: envelopeError(1, 'x') }));
    expect(reducer(loaded, newsPageCancelled())).toEqual(loaded);
    expect(reducer(failed, newsPageCancelled())).toEqual(failed);
  });

  it('an answer for a page nobody waits for is stale', () => {
    const loaded = reducer(reducer(reducer(undefined, newsFirstPageRequested()), newsPageRequested()), newsPageSucceeded({ page: 1, rows: [item(1)], total: 12 }));
    expect(reducer(loaded, newsPageSucceeded({ page: 2, rows: [item(6)], total: 12 }))).toEqual(loaded);
    expect(reducer(loaded, newsPageFailed({ page: 2, error: envelopeError(1, 'x') }))).toEqual(loaded);
    const waiting = reducer(loaded, newsPageRequested());
    expect(reducer(waiting, newsPageSucceeded({ page: 3, rows: [item(11)], total: 12 }))).toEqual(waiting);
  });
});

describe('news list', () => {
  it('entering /news after a failed first page starts over from page 1', async () => {
    const state = stateWith((s) => Object.assign(s.news, { page: 0, rows: [], total: 0, status: 'failed' as const, error: envelopeError(1, 'x') }));
    const { storeState } = await expectSaga(loadFirstNewsPage, fakeDeps({ newsList })).withReducer(rootReducer, state).run();
    expect(storeState.news.rows.map((row: { id: number }) => row.id)).toEqual([1, 2, 3, 4, 5]);
    expect(newsList).toHaveBeenCalledWith('zh', { page: 1, pageSize: 5 });
  });

  it('a late failure of an earlier visit does not fail the page now loading', () => {
    let state = stateWith().news;
    const reduce = (action: Parameters<typeof reducer>[1]) => (state = reducer(state, action));
    reduce(newsFirstPageRequested());
    reduce(newsPageSucceeded({ page: 1, rows: [item(1)], total: 12 }));
    reduce(newsPageRequested());
    reduce(newsPageFailed({ page: 1, error: envelopeError(1, 'late') }));
    expect(state.status).toBe('loading');
    reduce(newsPageSucceeded({ page: 2, rows: [item(6)], total: 12 }));
    expect(state).toMatchObject({ status: 'succeeded', page: 2, error: null });
  });

  it('More appends pages while rows are fewer than total, then stops', async () => {
    const first = await expectSaga(loadFirstNewsPage, fakeDeps({ newsList })).withReducer(rootReducer, stateWith()).run();
    const { storeState } = await expectSaga(watchNewsMore, fakeDeps({ newsList }))
      .withReducer(rootReducer, first.storeState as RootState)
      .dispatch(newsMoreRequested())
      .delay(10)
      .dispatch(newsMoreRequested())
      .delay(10)
      .dispatch(newsMoreRequested())
      .silentRun(40);
    expect(storeState.news.rows).toHaveLength(12);
    expect(selectHasMoreNews(storeState)).toBe(false);
    expect(newsList).toHaveBeenCalledTimes(3);
  });

  it('ignores More while a page is loading', async () => {
    const state = stateWith((s) => Object.assign(s.news, { page: 1, rows: [item(1)], total: 12, status: 'loading' }));
    await expectSaga(watchNewsMore, fakeDeps({ newsList })).withReducer(rootReducer, state).dispatch(newsMoreRequested()).silentRun(30);
    expect(newsList).not.toHaveBeenCalled();
  });

  it('a failed page keeps the rows already shown and can be asked again', async () => {
    const error = envelopeError(1, 'busy');
    const first = await expectSaga(loadFirstNewsPage, fakeDeps({ newsList })).withReducer(rootReducer, stateWith()).run();
    const failed = await expectSaga(watchNewsMore, fakeDeps({ newsList: () => Promise.reject(error) }))
      .withReducer(rootReducer, first.storeState as RootState)
      .put(apiFailed(error))
      .dispatch(newsMoreRequested())
      .silentRun(30);
    expect(failed.storeState.news).toMatchObject({ status: 'failed', page: 1, error });
    expect(failed.storeState.news.rows).toHaveLength(5);
    const retried = await expectSaga(watchNewsMore, fakeDeps({ newsList })).withReducer(rootReducer, failed.storeState as RootState).dispatch(newsMoreRequested()).silentRun(30);
    expect(retried.storeState.news.rows).toHaveLength(10);
  });

  it('a first page that fails can be retried with More', async () => {
    const failed = await expectSaga(loadFirstNewsPage, fakeDeps({ newsList: () => Promise.reject(envelopeError(1, 'x')) })).withReducer(rootReducer, stateWith()).run();
    expect(failed.storeState.news.status).toBe('failed');
    const retried = await expectSaga(watchNewsMore, fakeDeps({ newsList })).withReducer(rootReducer, failed.storeState as RootState).dispatch(newsMoreRequested()).silentRun(30);
    expect(retried.storeState.news.rows).toHaveLength(5);
  });
});
