import type { ConsentField, FieldErrors } from '../../contracts/forms';
import type { RootState } from '../rootReducer';
import type { FormName, FormState } from './slice';

export const selectForm = <F extends FormName>(form: F) => (state: RootState) => state.forms[form];

const NO_ERRORS: FieldErrors<never> = {};

/** The fields (and consent boxes) to fix after a refused submission; none in any other status. */
export function fieldErrorsOf<F extends string>(form: FormState<F>): FieldErrors<F | ConsentField> {
  return form.status === 'failed' ? form.fieldErrors : NO_ERRORS;
}
