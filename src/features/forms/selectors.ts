import type { RootState } from '../rootReducer';
import type { FormName } from './slice';

export const selectForm = <F extends FormName>(form: F) => (state: RootState) => state.forms[form];
