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
import { loadStaffPage, staffUrl, watchStaffPages } from './saga';
import { selectStaffList } from './selectors';
import { staffPageSelected, staffRouteApplied } from './slice';
import { watchRouteLoads } from '../navigation/routeSaga';
import { navigatedTo, routeEntered } from '../navigation/slice';
import { routeEntryOf } from '../shared/route';

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

describe('loadStaffPage', () => {
  it('loads the first page on a first visit', async () => {
    const api = provider(pagesAnswered);
    const { storeState } = await expectSaga(loadStaffPage, fakeDeps(), resources()).provide([api.fetch]).withReducer(rootReducer, stateAfter()).run();
    expect(api.pages()).toEqual(['memberList 1']);
    expect(selectStaffList(storeState as RootState)).toEqual({ page: 1, list: { status: 'succeeded', data: pictures(1), error: null, requestId: null } });
  });

  it('loads the page the URL names, whatever page the state shows (an earlier visit, or Redux DevTools showing the past)', async () => {
    const api = provider(pagesAnswered);
    const { storeState } = await expectSaga(loadStaffPage, fakeDeps(), resources('/resources?page=3'))
      .provide([api.fetch])
      .withReducer(rootReducer, stateAfter(staffPageSelected(5)))
      .put(staffRouteApplied(3))
      .run();
    expect(api.pages()).toEqual(['memberList 3']);
    expect(selectStaffList(storeState as RootState)).toMatchObject({ page: 3, list: { status: 'succeeded', data: pictures(3) } });
  });

  it('reads a page that is no whole number from 1 as page 1', async () => {
    for (const page of ['0', '-2', 'abc', '2.5']) {
      const api = provider(pagesAnswered);
      await expectSaga(loadStaffPage, fakeDeps(), resources(`/resources?page=${page}`))
        .provide([api.fetch])
        .withReducer(rootReducer, stateAfter())
        .run();
      expect(api.pages()).toEqual(['memberList 1']);
    }
  });

  it('asks nothing for a page already loaded (Back to it, or the server preloaded it)', async () => {
    const api = provider(pagesAnswered);
    const state = stateAfter(...loaded(1), staffPageSelected(2), ...loaded(2), staffRouteApplied(1));
    const { storeState } = await expectSaga(loadStaffPage, fakeDeps(), resources()).provide([api.fetch]).withReducer(rootReducer, state).run();
    expect(api.asked).toEqual([]);
    expect(storeState).toEqual(state);
  });

  it('shows a failure on the page and reports it once to the errors saga', async () => {
    const error = envelopeError(1, 'x');
    const api = provider(() => Promise.reject(error));
    const { storeState } = await expectSaga(loadStaffPage, fakeDeps(), resources('/resources?page=3'))
      .provide([api.fetch])
      .withReducer(rootReducer, stateAfter())
      .put(apiFailed(error))
      .run();
    expect(selectStaffList(storeState as RootState)).toEqual({ page: 3, list: { status: 'failed', data: null, error, requestId: null } });
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
      const visit = yield fork(loadStaffPage, deps, resources());
      yield call(() => asked.promise);
      yield cancel(visit);
      afterLeaving.push(yield select((state: RootState) => selectStaffList(state).list), api.asked[0]?.signal.aborted);
      yield call(loadStaffPage, deps, resources());
    })
      .provide([api.fetch])
      .withReducer(rootReducer, stateAfter())
      .run();
    expect(afterLeaving).toEqual([IDLE, true]);
    expect(api.pages()).toEqual(['memberList 1', 'memberList 1']);
    expect(selectStaffList(storeState as RootState).list).toEqual({ status: 'succeeded', data: pictures(1), error: null, requestId: null });
  });
});

describe('watchStaffPages', () => {
  it('a page the visitor picks is shown at once and becomes a URL (Back comes back to it); page 1 is the bare path', async () => {
    const { storeState } = await expectSaga(watchStaffPages, fakeDeps())
      .withReducer(rootReducer, stateAfter(...loaded(1)))
      .put(navigatedTo('/resources?page=3'))
      .put(navigatedTo('/resources'))
      .dispatch(staffPageSelected(3))
      .dispatch(staffPageSelected(1))
      .dispatch(END)
      .run();
    expect(selectStaffList(storeState as RootState).page).toBe(1);
    expect(staffUrl(2)).toBe('/resources?page=2');
  });

  it('through the route saga: each page the visitor picks is an entry that loads it, and Back shows the page kept', async () => {
    const api = provider(({ name, params }) => (name === 'memberList' ? pictures(params.page ?? 1) : {}));
    const shown = (page: number) => (state: RootState) => state.content.entries[key(page)]?.status === 'succeeded';
    const { storeState } = await expectSaga(function* visit() {
      yield fork(watchRouteLoads, fakeDeps());
      yield fork(watchStaffPages, fakeDeps());
      yield put(routeEntered(resources()));
      yield put(staffPageSelected(2));
      yield* until(shown(2));
      yield put(staffPageSelected(3));
      yield* until(shown(3));
      yield put(routeEntered(routeEntryOf('/resources?page=2', 'pop')));
      yield put(END);
    })
      .provide([api.fetch, virtualClock().provider])
      .withReducer(rootReducer, stateAfter())
      .run();
    expect(api.pages().filter((page) => page.startsWith('memberList'))).toEqual(['memberList 1', 'memberList 2', 'memberList 3']);
    expect((storeState as RootState).navigation.route?.query).toEqual({ page: '2' });
    expect(selectStaffList(storeState as RootState)).toMatchObject({ page: 2, list: { status: 'succeeded', data: pictures(2) } });
  });
});

describe('selectStaffList', () => {
  it('is the page shown and its entry: idle before its first load', () => {
    expect(selectStaffList(stateAfter())).toEqual({ page: 1, list: IDLE });
    expect(selectStaffList(stateAfter(...loaded(1), staffPageSelected(2)))).toEqual({ page: 2, list: IDLE });
  });

  it('a page number below 1 shows page 1', () => {
    expect(selectStaffList(stateAfter(...loaded(1), staffPageSelected(0))).page).toBe(1);
  });

  it('an answer that does not own the page changes nothing: a second answer, or an older request’s', () => {
    const [request, success] = loaded(2);
    const shown = stateAfter(staffPageSelected(2), request, success);
    const late = { key: key(2), requestId: request.payload.requestId };
    expect(selectStaffList(rootReducer(shown, contentFailed({ ...late, error: envelopeError(1, 'late') })))).toBe(selectStaffList(shown));
    expect(selectStaffList(rootReducer(shown, contentSucceeded({ ...late, data: { rows: [], total: 0 } })))).toBe(selectStaffList(shown));
    const again = contentRequested({ key: key(2) });
    const reloading = rootReducer(shown, again);
    expect(selectStaffList(rootReducer(reloading, contentSucceeded({ ...late, data: { rows: [], total: 0 } }))).list).toMatchObject({
      status: 'loading',
      data: pictures(2),
    });
  });
});
