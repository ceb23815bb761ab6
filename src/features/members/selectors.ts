import type { RootState } from '../../app/store';

export const selectStaffList = (state: RootState) => state.members;
