import type { RootState } from '../rootReducer';

export const selectStaffList = (state: RootState) => state.members;
