import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_LOCALE, type Locale } from '../../contracts/locale';

export interface LocaleState {
  current: Locale;
  /** A change waiting for the provider's checkLanguage. */
  pending: string | null;
}

const initialState: LocaleState = { current: DEFAULT_LOCALE, pending: null };

const localeSlice = createSlice({
  name: 'locale',
  initialState,
  reducers: {
    changeRequested(state, action: PayloadAction<string>) {
      state.pending = action.payload;
    },
    changed(state, action: PayloadAction<Locale>) {
      state.current = action.payload;
      state.pending = null;
    },
    changeRejected(state) {
      state.pending = null;
    },
  },
});

export const {
  changeRequested: localeChangeRequested,
  changed: localeChanged,
  changeRejected: localeChangeRejected,
} = localeSlice.actions;
export default localeSlice.reducer;
