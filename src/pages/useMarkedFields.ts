import { useDeferredValue } from 'react';
import type { ConsentField, FieldErrors } from '../contracts/forms';
import { fieldErrorsOf } from '../features/forms/selectors';
import type { FormState } from '../features/forms/slice';

export interface MarkedFields<F extends string> {
  fieldErrors: FieldErrors<F | ConsentField>;
  /** The refusal they come from, null unless the form failed: focus moves once per refusal. */
  refusal: number | null;
}

/**
 * The fields to fix, marked one render after the form's message: a refused submission first
 * answers the tap with the message beside the button, then marks the invalid fields (new nodes,
 * and a layout of the whole form) in a render that does not hold the tap's frame back.
 */
export function useMarkedFields<F extends string>(form: FormState<F>): MarkedFields<F> {
  const shown = useDeferredValue(form);
  return { fieldErrors: fieldErrorsOf(shown), refusal: shown.status === 'failed' ? shown.refusal : null };
}
