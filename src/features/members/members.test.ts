import { expectSaga } from 'redux-saga-test-plan';
import { rootReducer } from '../rootReducer';
import { apiFailed } from '../shared/apiFailed';
import { envelopeError, fakeDeps, stateWith } from '../testing';
import { loadStaffPage, watchStaffPages } from './saga';
import reducer, { staffListRequested, staffListSucceeded, staffPageSelected } from './slice';

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

  it('ignore an answer for a page the visitor has left', () => {
    let state = reducer(undefined, staffPageSelected(2));
    state = reducer(state, staffListRequested());
    state = reducer(state, staffPageSelected(3));
    state = reducer(state, staffListSucceeded({ page: 2, data: { rows: [], total: 0 } }));
    expect(state.list.status).toBe('loading');
  });
});
