import type { RootState } from '../rootReducer';

export const selectLocale = (state: RootState) => state.locale.current;
