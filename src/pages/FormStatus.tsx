import { useAppDispatch } from '../app/hooks';
import { useText } from '../app/useText';
import type { ConsentField } from '../contracts/forms';
import { chunkReloadRequested } from '../features/chunks/actions';
import type { FormState } from '../features/forms/slice';
import { useFocusWhen } from '../ui/useFocusWhen';
import type { MarkedFields } from './useMarkedFields';

/**
 * The form-level message, announced politely; after a rejected submission focus moves to the
 * first invalid field (a consent box comes after the fields) so a keyboard user lands where the fix is needed.
 * When the site was updated under the page, it offers the reload: the visitor chooses when, once
 * what they typed (still in the form) is safe.
 */
export function FormStatus<F extends string>({
  form,
  marked,
  order,
  idPrefix,
}: {
  form: FormState<F>;
  /** What the fields show (see useMarkedFields): focus goes to a field once it is marked. */
  marked: MarkedFields<F>;
  order: readonly (F | ConsentField)[];
  idPrefix: string;
}) {
  const firstInvalid = order.find((field) => marked.fieldErrors[field]);
  useFocusWhen(firstInvalid ? `${idPrefix}-${firstInvalid}` : null, marked.refusal);
  const t = useText();
  const dispatch = useAppDispatch();
  const text = form.status === 'failed' ? form.error : form.status === 'succeeded' ? form.message : null;
  return (
    <>
      <p
        className={`form-status ${form.status === 'failed' ? 'form-status--error' : 'form-status--ok'}`}
        role={form.status === 'failed' ? 'alert' : 'status'}
        aria-live="polite"
      >
        {text}
      </p>
      {form.status === 'failed' && form.offerReload && (
        <button type="button" className="button button--outline form-status__reload" onClick={() => dispatch(chunkReloadRequested())}>
          {t.chunks.reload}
        </button>
      )}
    </>
  );
}
