import type { ConsentField } from '../contracts/forms';
import { fieldErrorsOf } from '../features/forms/selectors';
import type { FormState } from '../features/forms/slice';
import { useFocusWhen } from '../ui/useFocusWhen';

/**
 * The form-level message, announced politely; after a rejected submission focus moves to the
 * first invalid field (a consent box comes after the fields) so a keyboard user lands where the fix is needed.
 */
export function FormStatus<F extends string>({ form, order, idPrefix }: { form: FormState<F>; order: readonly (F | ConsentField)[]; idPrefix: string }) {
  const fieldErrors = fieldErrorsOf(form);
  const firstInvalid = order.find((field) => fieldErrors[field]);
  useFocusWhen(firstInvalid ? `${idPrefix}-${firstInvalid}` : null, form.status === 'failed', fieldErrors);
  const text = form.status === 'failed' ? form.error : form.status === 'succeeded' ? form.message : null;
  return (
    <p className={`form-status ${form.status === 'failed' ? 'form-status--error' : 'form-status--ok'}`} role={form.status === 'failed' ? 'alert' : 'status'} aria-live="polite">
      {text}
    </p>
  );
}
