import { expectSaga } from 'redux-saga-test-plan';
import { call, race, select, take } from 'redux-saga/effects';
import { rootReducer, type RootState } from '../rootReducer';
import { apiFailed } from '../shared/apiFailed';
import { deferred, envelopeError, fakeDeps, stateWith } from '../testing';
import { loadStaffPage, loadStaffPageOnEntry, watchStaffPages } from './saga';
import reducer, { staffListCancelled, staffListFailed, staffListRequested, staffListSucceeded, staffPageSelected } from './slice';

describe('staff pictures', () => {
  it('load the first page of 10', async () => {
    const memberList = jest.fn(async () => ({ rows: [{ pic: 'a' }], total: 23 }));
    const { storeState } = await expectSaga(loadStaffPage, fakeDeps({ memberList })).withReducer(rootReducer, stateWith()).run();
    expect(memberList).toHaveBeenCalledWith('zh', { page: 1, pageSize: 10 });
    expect(storeState.members.list.data).toEqual({ rows: [{ pic: 'a' }], total: 23 });
  });

  it('load the page the visitor picks, and show a failure', async () => {
    const error = envelopeError(1, 'x');
    const memberList = jest.fn(() => Promise.reject(error));
    const { storeState } = await expectSaga(watchStaffPages, fakeDeps({ memberList }))
      .withReducer(rootReducer, stateWith())
      .put(apiFailed(error))
      .dispatch(staffPageSelected(3))
      .silentRun(30);
    expect(memberList).toHaveBeenCalledWith('zh', { page: 3, pageSize: 10 });
    expect(storeState.members.list).toEqual({ status: 'failed', data: null, error });
  });

  it('leave no list waiting when the visitor leaves before the answer, and load again on return', async () => {
    const late = deferred<{ rows: { pic: string }[]; total: number }>();
    const memberList = jest.fn().mockReturnValueOnce(late.promise).mockImplementation(async () => ({ rows: [{ pic: 'b' }], total: 23 }));
    const deps = fakeDeps({ memberList });
    const statuses: string[] = [];
    const { storeState } = await expectSaga(function* leaveAndComeBack() {
      yield race({ visit: call(loadStaffPageOnEntry, deps), left: take(staffListRequested.type) });
      statuses.push(yield select((state: RootState) => state.members.list.status));
      late.resolve({ rows: [{ pic: 'late' }], total: 23 });
      yield call(loadStaffPageOnEntry, deps);
    })
      .withReducer(rootReducer, stateWith())
      .run();
    expect(statuses).toEqual(['idle']);
    expect(memberList).toHaveBeenCalledTimes(2);
    expect(storeState.members.list).toEqual({ status: 'succeeded', data: { rows: [{ pic: 'b' }], total: 23 }, error: null });
  });

  it('a cancelled page keeps its pictures on screen but counts as not loaded', () => {
    let state = reducer(undefined, staffListRequested());
    state = reducer(state, staffListSucceeded({ page: 1, data: { rows: [{ pic: 'a' }], total: 23 } }));
    state = reducer(state, staffPageSelected(2));
    state = reducer(state, staffListRequested());
    state = reducer(state, staffListCancelled({ page: 1 }));
    expect(state.list.status).toBe('loading');
    state = reducer(state, staffListCancelled({ page: 2 }));
    expect(state.list).toEqual({ status: 'idle', data: { rows: [{ pic: 'a' }], total: 23 }, error: null });
  });

  it('a cancel after the answer changes nothing', () => {
    let state = reducer(undefined, staffListRequested());
    state = reducer(state, staffListSucceeded({ page: 1, data: { rows: [], total: 0 } }));
    expect(reducer(state, staffListCancelled({ page: 1 }))).toEqual(state);
  });

  it('ignore an answer for a page the visitor has left', () => {
    let state = reducer(undefined, staffPageSelected(2));
    state = reducer(state, staffListRequested());
    state = reducer(state, staffPageSelected(3));
    state = reducer(state, staffListSucceeded({ page: 2, data: { rows: [], total: 0 } }));
    expect(state.list.status).toBe('loading');
    expect(reducer(state, staffListFailed({ page: 2, error: envelopeError(1, 'x') })).list.status).toBe('loading');
  });

  it('ignore a second answer once the page has its own', () => {
    const shown = { rows: [{ pic: '/a.png' }], total: 1 };
    const loaded = reducer(reducer(undefined, staffListRequested()), staffListSucceeded({ page: 1, data: shown }));
    expect(reducer(loaded, staffListFailed({ page: 1, error: envelopeError(1, 'late') }))).toEqual(loaded);
    expect(reducer(loaded, staffListSucceeded({ page: 1, data: { rows: [], total: 0 } }))).toEqual(loaded);
  });
});
