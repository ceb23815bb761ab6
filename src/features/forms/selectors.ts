import type { RootState } from '../../app/store';
import type { FormName } from './slice';

export const selectForm = <F extends FormName>(form: F) => (state: RootState) => state.forms[form];
