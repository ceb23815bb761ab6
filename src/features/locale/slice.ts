import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_LOCALE, type Locale } from '../../contracts/locale';

export interface LocaleState {
  current: Locale;
}

const initialState: LocaleState = { current: DEFAULT_LOCALE };

const localeSlice = createSlice({
  name: 'locale',
  initialState,
  reducers: {
    /** The visitor chose a language: the saga asks the provider's checkLanguage first. */
    changeRequested(_state, _action: PayloadAction<string>) {},
    /**
     * The provider accepted the language and the page in it is loading. The store keeps the
     * current language: this page stays as it is until the new one replaces it.
     */
    changeConfirmed(_state, _action: PayloadAction<Locale>) {},
    changeRejected() {},
  },
});

export const { changeRequested: localeChangeRequested, changeConfirmed: localeChangeConfirmed, changeRejected: localeChangeRejected } = localeSlice.actions;
export default localeSlice.reducer;
