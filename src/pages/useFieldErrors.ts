import { useDeferredValue } from 'react';
import type { ConsentField, FieldErrors } from '../contracts/forms';
import { fieldErrorsOf } from '../features/forms/selectors';
import type { FormState } from '../features/forms/slice';

/**
 * The fields to fix, shown one frame after the form's own message: a refused submission first
 * answers the tap with the message beside the button, then marks every field (many new nodes,
 * and a layout of the whole form) in a render that does not hold the tap's frame back.
 */
export function useFieldErrors<F extends string>(form: FormState<F>): FieldErrors<F | ConsentField> {
  return useDeferredValue(fieldErrorsOf(form));
}
