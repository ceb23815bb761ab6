import { createSlice } from '@reduxjs/toolkit';

/** Cookies of the template's login state, cleared on 403 and logout. */
export const SESSION_COOKIES = ['token', 'userInfo'] as const;

/** Leftover template login state (SPEC §6): no visible page logs in, but 403 and logout clear it. */
export interface SessionState {
  loggedIn: boolean;
}

const sessionSlice = createSlice({
  name: 'session',
  initialState: { loggedIn: false } as SessionState,
  reducers: {
    cleared(state) {
      state.loggedIn = false;
    },
    logoutRequested() {},
  },
});

export const {
  cleared: sessionCleared,
  logoutRequested,
} = sessionSlice.actions;
export default sessionSlice.reducer;
