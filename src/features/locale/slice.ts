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
    /**
     * The provider accepted the language and the page in it is loading. The store keeps the
     * current language: this page stays as it is until the new one replaces it.
     */
    changeConfirmed(_state, _action: PayloadAction<Locale>) {},
    changeRejected(state) {
      state.pending = null;
    },
  },
});

export const {
  changeRequested: localeChangeRequested,
  changeConfirmed: localeChangeConfirmed,
  changeRejected: localeChangeRejected,
} = localeSlice.actions;
export default localeSlice.reducer;
