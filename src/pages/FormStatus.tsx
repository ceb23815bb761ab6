import { useEffect, useRef } from 'react';
import type { FormState } from '../features/forms/slice';

/**
 * The form-level message, announced politely; after a rejected submission focus moves to the
 * first invalid field so a keyboard user lands where the fix is needed.
 */
export function FormStatus<F extends string>({ form, order, idPrefix }: { form: FormState<F>; order: readonly F[]; idPrefix: string }) {
  const attempts = useRef(0);
  const firstInvalid = order.find((field) => form.fieldErrors[field]);
  useEffect(() => {
    if (form.status !== 'failed' || !firstInvalid) return;
    attempts.current += 1;
    document.getElementById(`${idPrefix}-${firstInvalid}`)?.focus();
  }, [form.status, form.fieldErrors, firstInvalid, idPrefix]);
  const text = form.status === 'failed' ? form.error : form.status === 'succeeded' ? form.message : null;
  return (
    <p className={`form-status ${form.status === 'failed' ? 'form-status--error' : 'form-status--ok'}`} role={form.status === 'failed' ? 'alert' : 'status'} aria-live="polite">
      {text}
    </p>
  );
}
