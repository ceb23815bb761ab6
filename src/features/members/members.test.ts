import { END } from 'redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import { call, cancel, fork, put, select } from 'redux-saga/effects';
import type { Paged, MemberPicture } from '../../api/types';
import { contentKey } from '../content/key';
import { contentFailed, contentRequested, contentSucceeded } from '../content/slice';
import { rootReducer, type RootState } from '../rootReducer';
import { apiFailed } from '../shared/apiFailed';
import { IDLE } from '../shared/resource';
import { deferred, envelopeError, fakeDeps, contentProvider, stateAfter, type AskedContent } from '../testing';
import { loadStaffPage, watchStaffPages } from './saga';
import { selectStaffList } from './selectors';
import { staffPageSelected } from './slice';
import { routeEntered } from '../navigation/slice';
import { routeEntryOf } from '../shared/route';

type Pictures = Paged<MemberPicture>;
const pictures = (page: number): Pictures => ({ rows: [{ pic: `/staff/${page}.png` }], total: 23 });
const key = (page: number) => contentKey('memberList', 'zh', { page });

type Asked = AskedContent;

/** The provider's answers to the content loads, and the requests it was asked. */
function provider(answer: (asked: Asked) => unknown) {
  const { fetch, asked } = contentProvider(answer);
  return { fetch, asked, pages: () => asked.map((a) => `${a.name} ${a.params.page}`) };
}

/** A staff page the provider answers at once; any other call fails the test. */
const pagesAnswered = ({ name, params }: Asked) =>
  name === 'memberList' ? pictures(params.page ?? 0) : Promise.reject(new Error(`unexpected ${name}`));


/** The actions of a staff page that loaded. */
function loaded(page: number): [ReturnType<typeof contentRequested>, ReturnType<typeof contentSucceeded>] {
  const request = contentRequested({ key: key(page) });
  return [request, contentSucceeded({ key: key(page), requestId: request.payload.requestId, data: pictures(page) })];
}

describe('loadStaffPage', () => {
  it('loads the first page on a first visit', async () => {
    const api = provider(pagesAnswered);
    const { storeState } = await expectSaga(loadStaffPage, fakeDeps()).provide([api.fetch]).withReducer(rootReducer, stateAfter()).run();
    expect(api.pages()).toEqual(['memberList 1']);
    expect(selectStaffList(storeState as RootState)).toEqual({ page: 1, list: { status: 'succeeded', data: pictures(1), error: null, requestId: null } });
  });

  it('loads the page the slice shows', async () => {
    const api = provider(pagesAnswered);
    const { storeState } = await expectSaga(loadStaffPage, fakeDeps()).provide([api.fetch]).withReducer(rootReducer, stateAfter(staffPageSelected(3))).run();
    expect(api.pages()).toEqual(['memberList 3']);
    expect(selectStaffList(storeState as RootState).list.data).toEqual(pictures(3));
  });

  it('asks nothing for a page already loaded (a return to /resources, or the server preloaded it)', async () => {
    const api = provider(pagesAnswered);
    const state = stateAfter(...loaded(1), staffPageSelected(2), ...loaded(2), staffPageSelected(1));
    const { storeState } = await expectSaga(loadStaffPage, fakeDeps()).provide([api.fetch]).withReducer(rootReducer, state).run();
    expect(api.asked).toEqual([]);
    expect(storeState).toEqual(state);
  });

  it('shows a failure on the page and reports it once to the errors saga', async () => {
    const error = envelopeError(1, 'x');
    const api = provider(() => Promise.reject(error));
    const { storeState } = await expectSaga(loadStaffPage, fakeDeps())
      .provide([api.fetch])
      .withReducer(rootReducer, stateAfter(staffPageSelected(3)))
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
      late.resolve({ rows: [{ pic: '/late.png' }], total: 23 }); // the abandoned visit's answer comes in now
      return pictures(1);
    });
    const deps = fakeDeps();
    const afterLeaving: unknown[] = [];
    const { storeState } = await expectSaga(function* leaveAndComeBack() {
      const visit = yield fork(loadStaffPage, deps);
      yield call(() => asked.promise);
      yield cancel(visit);
      afterLeaving.push(yield select((state: RootState) => selectStaffList(state).list), api.asked[0]?.signal.aborted);
      yield call(loadStaffPage, deps);
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
  it('loads the page the visitor picks', async () => {
    const api = provider(pagesAnswered);
    const { storeState } = await expectSaga(watchStaffPages, fakeDeps())
      .provide([api.fetch])
      .withReducer(rootReducer, stateAfter(...loaded(1)))
      .dispatch(staffPageSelected(3))
      .dispatch(END)
      .run();
    expect(api.pages()).toEqual(['memberList 3']);
    expect(selectStaffList(storeState as RootState)).toEqual({ page: 3, list: { status: 'succeeded', data: pictures(3), error: null, requestId: null } });
  });

  it('loads the page the action names even while the state shows another (Redux DevTools showing the past)', async () => {
    const api = provider(pagesAnswered);
    await expectSaga(watchStaffPages, fakeDeps())
      .provide([api.fetch])
      .withState(stateAfter(...loaded(1)))
      .dispatch(staffPageSelected(2))
      .dispatch(END)
      .run();
    expect(api.pages()).toEqual(['memberList 2']);
  });

  it('a newer page cancels the older request: it is aborted and its late answer changes nothing', async () => {
    const page2 = deferred<Pictures>();
    const abortedWhenPage3Asked: boolean[] = [];
    const api = provider(({ params, signal }) => {
      if (params.page === 2) return page2.promise;
      abortedWhenPage3Asked.push(...api.asked.filter((a) => a.params.page === 2).map((a) => a.signal.aborted));
      expect(signal.aborted).toBe(false);
      page2.resolve(pictures(2)); // the older page answers after all, too late
      return pictures(3);
    });
    const { storeState } = await expectSaga(watchStaffPages, fakeDeps())
      .provide([api.fetch])
      .withReducer(rootReducer, stateAfter(...loaded(1)))
      .dispatch(staffPageSelected(2))
      .dispatch(staffPageSelected(3))
      .dispatch(END)
      .run();
    expect(api.pages()).toEqual(['memberList 2', 'memberList 3']);
    expect(abortedWhenPage3Asked).toEqual([true]);
    const { entries } = (storeState as RootState).content;
    expect(entries[key(2)]).toEqual(IDLE);
    expect(entries[key(1)]).toMatchObject({ status: 'succeeded', data: pictures(1) });
    expect(selectStaffList(storeState as RootState)).toEqual({ page: 3, list: { status: 'succeeded', data: pictures(3), error: null, requestId: null } });
  });

  it('leaving the page cancels a staff page on its way: its request is aborted, its entry not left loading', async () => {
    const asked = deferred<void>();
    const api = provider(() => (asked.resolve(), new Promise(() => {})));
    const deps = fakeDeps();
    const seen: { aborted?: boolean; entry?: unknown } = {};
    await expectSaga(function* visitor() {
      yield fork(watchStaffPages, deps);
      yield put(staffPageSelected(2));
      yield call(() => asked.promise);
      yield put(routeEntered(routeEntryOf('/about', 'push')));
      yield call(() => Promise.resolve()); // the cancellation's own effects run first
      seen.aborted = api.asked[0]!.signal.aborted;
      seen.entry = yield select((state: RootState) => state.content.entries[key(2)]);
      yield put(END);
    })
      .provide([api.fetch])
      .withReducer(rootReducer, stateAfter(...loaded(1)))
      .run();
    expect(seen).toEqual({ aborted: true, entry: IDLE });
  });

  it('going back to a page already loaded asks nothing', async () => {
    const api = provider(pagesAnswered);
    const { storeState } = await expectSaga(watchStaffPages, fakeDeps())
      .provide([api.fetch])
      .withReducer(rootReducer, stateAfter(...loaded(1)))
      .dispatch(staffPageSelected(2))
      .dispatch(staffPageSelected(1))
      .dispatch(END)
      .run();
    expect(api.pages()).toEqual(['memberList 2']);
    expect(selectStaffList(storeState as RootState)).toMatchObject({ page: 1, list: { status: 'succeeded', data: pictures(1) } });
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
    expect(selectStaffList(rootReducer(reloading, contentSucceeded({ ...late, data: { rows: [], total: 0 } }))).list).toMatchObject({ status: 'loading', data: pictures(2) });
  });
});
