import type { ConsentField, FieldErrors } from '../../contracts/forms';
import type { RootState } from '../rootReducer';
import type { FormKey, FormState } from './slice';

const IDLE_FORM: FormState<never> = { status: 'idle' };

/** The state of one form (idle unless this page's visit did something with it). */
export const selectForm = (form: FormKey) => (state: RootState) => state.forms.byKey[form] ?? IDLE_FORM;

const NO_ERRORS: FieldErrors<never> = {};

/** The fields (and consent boxes) to fix after a refused submission; none in any other status. */
export function fieldErrorsOf<F extends string>(form: FormState<F>): FieldErrors<F | ConsentField> {
  return form.status === 'failed' ? form.fieldErrors : NO_ERRORS;
}
