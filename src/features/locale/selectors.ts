import type { RootState } from '../../app/store';

export const selectLocale = (state: RootState) => state.locale.current;
