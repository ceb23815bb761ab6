import { expectSaga } from 'redux-saga-test-plan';
import { rootReducer } from '../rootReducer';
import { apiFailed } from '../shared/apiFailed';
import { envelopeError, fakeDeps, stateWith } from '../testing';
import { watchLogout } from './saga';
import { logoutRequested } from './slice';

const loggedIn = () => stateWith((s) => void (s.session.loggedIn = true));

describe('logout', () => {
  it('asks 退出登录? and on cancel shows 取消登出', async () => {
    const logout = jest.fn();
    const deps = fakeDeps({ logout }, { confirm: jest.fn(() => false) });
    const { storeState } = await expectSaga(watchLogout, deps).withReducer(rootReducer, loggedIn()).dispatch(logoutRequested()).silentRun(20);
    expect(deps.services.confirm).toHaveBeenCalledWith('退出登录?');
    expect(deps.services.toast.info).toHaveBeenCalledWith('取消登出');
    expect(logout).not.toHaveBeenCalled();
    expect(storeState.session.loggedIn).toBe(true);
  });

  it('on code 0 shows 退出登录, clears the login state and token, goes to the login route', async () => {
    const deps = fakeDeps({ logout: async () => 'ok' });
    const { storeState } = await expectSaga(watchLogout, deps).withReducer(rootReducer, loggedIn()).dispatch(logoutRequested()).silentRun(20);
    expect(deps.services.toast.success).toHaveBeenCalledWith('退出登录');
    expect(storeState.session.loggedIn).toBe(false);
    expect(deps.services.removeCookie).toHaveBeenCalledWith('token');
    expect(deps.services.navigate).toHaveBeenCalledWith('/login');
  });

  it('on a failure stays logged in and reports the error', async () => {
    const error = envelopeError(1, 'no');
    const deps = fakeDeps({ logout: () => Promise.reject(error) });
    const { storeState } = await expectSaga(watchLogout, deps).withReducer(rootReducer, loggedIn()).put(apiFailed(error)).dispatch(logoutRequested()).silentRun(20);
    expect(storeState.session.loggedIn).toBe(true);
    expect(deps.services.navigate).not.toHaveBeenCalled();
  });
});
