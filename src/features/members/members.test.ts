import { END } from 'redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import { call, cancel, fork, put, select } from 'redux-saga/effects';
import type { Paged, MemberPicture } from '../../api/types';
import { contentKey } from '../content/key';
import { contentFailed, contentRequested, contentSucceeded } from '../content/slice';
import { rootReducer, type RootState } from '../rootReducer';
import { apiFailed } from '../shared/apiFailed';
import { IDLE } from '../shared/resource';
import { deferred, envelopeError, fakeDeps, contentProvider, loadedEntry, stateAfter, until, virtualClock, type AskedContent } from '../store.testing';
import { loadMemberPage } from './saga';
import { selectMemberList } from './selectors';
import { LIST_LOADERS } from '../../app/rootSaga';
import { watchRouteLoads } from '../navigation/routeSaga';
import { pageUrl, watchListPages } from '../pagedList/saga';
import { listPageSelected } from '../pagedList/slice';
import { navigatedTo, routeEntered, routeEntryOf } from '../shared/route';

type Pictures = Paged<MemberPicture>;
const pictures = (page: number): Pictures => ({ rows: [{ pic: `/staff/${page}.png`, pic_alt: '' }], total: 23 });
const key = (page: number) => contentKey('memberList', 'zh', { page });

type Asked = AskedContent;

/** The provider's answers to the content loads, and the requests it was asked. */
function provider(answer: (asked: Asked) => unknown) {
  const { fetch, asked } = contentProvider(answer);
  return { fetch, asked, pages: () => asked.map((a) => `${a.name} ${a.params.page}`) };
}

/** A staff page the provider answers at once; any other call fails the test. */
const pagesAnswered = ({ name, params }: Asked) => (name === 'memberList' ? pictures(params.page ?? 0) : Promise.reject(new Error(`unexpected ${name}`)));

/** The actions of a staff page that loaded. */
const loaded = (page: number) => loadedEntry(key(page), pictures(page));

const resources = (url = '/resources') => routeEntryOf(url, 'push');
/** A staff page the visitor picks under the gallery. */
const staffPage = (page: number) => listPageSelected({ list: 'memberList', page, query: {} });

describe('loadMemberPage', () => {
  it('loads the first page on a first visit', async () => {
    const api = provider(pagesAnswered);
    const { storeState } = await expectSaga(loadMemberPage, fakeDeps(), resources()).provide([api.fetch]).withReducer(rootReducer, stateAfter()).run();
    expect(api.pages()).toEqual(['memberList 1']);
    expect(selectMemberList(storeState as RootState)).toEqual({ page: 1, list: { status: 'succeeded', data: pictures(1), error: null, requestId: null } });
  });

  it('loads the page the URL names, whatever the state shows (an earlier visit, or Redux DevTools showing the past)', async () => {
    const api = provider(pagesAnswered);
    const { storeState } = await expectSaga(loadMemberPage, fakeDeps(), resources('/resources?page=3'))
      .provide([api.fetch])
      .withReducer(rootReducer, stateAfter(routeEntered(resources('/resources?page=5')), ...loaded(5), routeEntered(resources('/resources?page=3'))))
      .run();
    expect(api.pages()).toEqual(['memberList 3']);
    expect(selectMemberList(storeState as RootState)).toMatchObject({ page: 3, list: { status: 'succeeded', data: pictures(3) } });
  });

  it('reads a page that is no whole number from 1 as page 1', async () => {
    for (const page of ['0', '-2', 'abc', '2.5']) {
      const api = provider(pagesAnswered);
      await expectSaga(loadMemberPage, fakeDeps(), resources(`/resources?page=${page}`))
        .provide([api.fetch])
        .withReducer(rootReducer, stateAfter())
        .run();
      expect(api.pages()).toEqual(['memberList 1']);
    }
  });

  it('asks nothing for a page already loaded (Back to it, or the server preloaded it)', async () => {
    const api = provider(pagesAnswered);
    const state = stateAfter(...loaded(1), ...loaded(2), routeEntered(resources()));
    const { storeState } = await expectSaga(loadMemberPage, fakeDeps(), resources()).provide([api.fetch]).withReducer(rootReducer, state).run();
    expect(api.asked).toEqual([]);
    expect(storeState).toEqual(state);
  });

  it('shows a failure on the page and reports it once to the errors saga', async () => {
    const error = envelopeError(1, 'x');
    const api = provider(() => Promise.reject(error));
    const { storeState } = await expectSaga(loadMemberPage, fakeDeps(), resources('/resources?page=3'))
      .provide([api.fetch])
      .withReducer(rootReducer, stateAfter(routeEntered(resources('/resources?page=3'))))
      .put(apiFailed(error))
      .run();
    expect(selectMemberList(storeState as RootState)).toEqual({ page: 3, list: { status: 'failed', data: null, error, requestId: null } });
  });

  it('a page left before it answers is aborted, not left loading, and asked again on return; its late answer changes nothing', async () => {
    const asked = deferred<void>();
    const late = deferred<Pictures>();
    let calls = 0;
    const api = provider(() => {
      calls += 1;
      if (calls === 1) {
        asked.resolve();
        return late.promise;
      }
      late.resolve({ rows: [{ pic: '/late.png', pic_alt: '' }], total: 23 }); // the abandoned visit's answer comes in now
      return pictures(1);
    });
    const deps = fakeDeps();
    const afterLeaving: unknown[] = [];
    const { storeState } = await expectSaga(function* leaveAndComeBack() {
      const visit = yield fork(loadMemberPage, deps, resources());
      yield call(() => asked.promise);
      yield cancel(visit);
      afterLeaving.push(yield select((state: RootState) => selectMemberList(state).list), api.asked[0]?.signal.aborted);
      yield call(loadMemberPage, deps, resources());
    })
      .provide([api.fetch])
      .withReducer(rootReducer, stateAfter())
      .run();
    expect(afterLeaving).toEqual([IDLE, true]);
    expect(api.pages()).toEqual(['memberList 1', 'memberList 1']);
    expect(selectMemberList(storeState as RootState).list).toEqual({ status: 'succeeded', data: pictures(1), error: null, requestId: null });
  });
});

describe('staff pages chosen (the paged list)', () => {
  it('a page the visitor picks becomes a URL (Back comes back to it); page 1 is the bare path', async () => {
    const { storeState } = await expectSaga(watchListPages, fakeDeps())
      .withReducer(rootReducer, stateAfter(routeEntered(resources()), ...loaded(1)))
      .put(navigatedTo('/resources?page=3'))
      .put(navigatedTo('/resources'))
      .dispatch(staffPage(3))
      .dispatch(staffPage(1))
      .dispatch(END)
      .run();
    expect(selectMemberList(storeState as RootState).page).toBe(1);
    expect(pageUrl('memberList', {}, 2)).toBe('/resources?page=2');
  });

  it('a page below 1 is page 1', async () => {
    await expectSaga(watchListPages, fakeDeps())
      .withReducer(rootReducer, stateAfter())
      .put(navigatedTo('/resources'))
      .dispatch(staffPage(0))
      .dispatch(END)
      .run();
  });

  it('through the route saga: each page the visitor picks is an entry that loads it, and Back shows the page kept', async () => {
    const api = provider(({ name, params }) => (name === 'memberList' ? pictures(params.page ?? 1) : {}));
    const shown = (page: number) => (state: RootState) => state.content.entries[key(page)]?.status === 'succeeded';
    const { storeState } = await expectSaga(function* visit() {
      yield fork(watchRouteLoads, fakeDeps(), LIST_LOADERS);
      yield fork(watchListPages, fakeDeps());
      yield put(routeEntered(resources()));
      yield put(staffPage(2));
      yield* until(shown(2));
      yield put(staffPage(3));
      yield* until(shown(3));
      yield put(routeEntered(routeEntryOf('/resources?page=2', 'pop')));
      yield put(END);
    })
      .provide([api.fetch, virtualClock().provider])
      .withReducer(rootReducer, stateAfter())
      .run();
    expect(api.pages().filter((page) => page.startsWith('memberList'))).toEqual(['memberList 1', 'memberList 2', 'memberList 3']);
    expect((storeState as RootState).navigation.route?.query).toEqual({ page: '2' });
    expect(selectMemberList(storeState as RootState)).toMatchObject({ page: 2, list: { status: 'succeeded', data: pictures(2) } });
  });

  it('while the next page loads, the gallery keeps the rows of the page shown, marked loading, and its pagination with them', async () => {
    const answer = deferred<Pictures>();
    const api = provider(({ params }) => (params.page === 2 ? answer.promise : pictures(params.page ?? 1)));
    const lists: unknown[] = [];
    const { storeState } = await expectSaga(function* visit() {
      yield fork(watchRouteLoads, fakeDeps(), LIST_LOADERS);
      yield fork(watchListPages, fakeDeps());
      yield put(routeEntered(resources()));
      yield* until((state) => state.content.entries[key(1)]?.status === 'succeeded');
      yield put(staffPage(2));
      yield* until((state) => state.content.entries[key(2)]?.status === 'loading');
      lists.push(yield select(selectMemberList));
      answer.resolve(pictures(2));
      yield* until((state) => state.content.entries[key(2)]?.status === 'succeeded');
      yield put(END);
    })
      .provide([api.fetch, virtualClock().provider])
      .withReducer(rootReducer, stateAfter())
      .run();
    expect(lists).toEqual([{ page: 2, list: expect.objectContaining({ status: 'loading', data: pictures(1) }) }]);
    expect(selectMemberList(storeState as RootState)).toMatchObject({ page: 2, list: { status: 'succeeded', data: pictures(2) } });
  });
});

describe('selectMemberList', () => {
  it('is the page the URL names and its entry: idle before its first load', () => {
    expect(selectMemberList(stateAfter())).toEqual({ page: 1, list: IDLE });
    expect(selectMemberList(stateAfter(routeEntered(resources('/resources?page=2'))))).toEqual({ page: 2, list: IDLE });
  });

  it('a page number below 1 shows page 1', () => {
    expect(selectMemberList(stateAfter(...loaded(1), routeEntered(resources('/resources?page=0')))).page).toBe(1);
  });

  it('a page the URL names before its request starts shows the rows last shown as loading, never as its own', () => {
    const entered = stateAfter(...loaded(1), routeEntered(resources('/resources?page=2')));
    expect(selectMemberList(entered)).toEqual({ page: 2, list: { status: 'loading', data: pictures(1), error: null, requestId: null } });
  });

  it('a page that failed is shown failed as it is, without the rows of another page', () => {
    const request = contentRequested({ key: key(2) });
    const failed = stateAfter(
      ...loaded(1),
      routeEntered(resources('/resources?page=2')),
      request,
      contentFailed({ key: key(2), requestId: request.payload.requestId, error: envelopeError(1, 'x') }),
    );
    expect(selectMemberList(failed).list).toMatchObject({ status: 'failed', data: null });
    expect(failed.pagedList.shown.memberList).toBe(key(1));
  });

  it('an answer that does not own the page changes nothing: a second answer, or an older request’s', () => {
    const [request, success] = loaded(2);
    const shown = stateAfter(routeEntered(resources('/resources?page=2')), request, success);
    const late = { key: key(2), requestId: request.payload.requestId };
    expect(selectMemberList(rootReducer(shown, contentFailed({ ...late, error: envelopeError(1, 'late') })))).toBe(selectMemberList(shown));
    expect(selectMemberList(rootReducer(shown, contentSucceeded({ ...late, data: { rows: [], total: 0 } })))).toBe(selectMemberList(shown));
    const again = contentRequested({ key: key(2) });
    const reloading = rootReducer(shown, again);
    expect(selectMemberList(rootReducer(reloading, contentSucceeded({ ...late, data: { rows: [], total: 0 } }))).list).toMatchObject({
      status: 'loading',
      data: pictures(2),
    });
  });
});
