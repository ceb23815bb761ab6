import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Leftover template login state (SPEC §6): no visible page logs in, but 403 and logout clear it. */
export interface SessionState {
  loggedIn: boolean;
}

const sessionSlice = createSlice({
  name: 'session',
  initialState: { loggedIn: false } as SessionState,
  reducers: {
    sessionStarted(state, _action: PayloadAction<void>) {
      state.loggedIn = true;
    },
    sessionCleared(state) {
      state.loggedIn = false;
    },
    logoutRequested() {},
  },
});

export const { sessionStarted, sessionCleared, logoutRequested } = sessionSlice.actions;
export default sessionSlice.reducer;
