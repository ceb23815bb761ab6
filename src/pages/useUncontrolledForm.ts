import { useEffect, useRef, type ChangeEvent, type FormEvent } from 'react';
import { useAppDispatch } from '../app/hooks';
import type { ConsentField } from '../contracts/forms';
import { fieldErrorsOf } from '../features/forms/selectors';
import { formFieldEdited, type ConsentTicks, type FormKey, type FormState } from '../features/forms/slice';

export interface FormEntries<F extends string> {
  values: Record<F, string>;
  consents: ConsentTicks;
}

/** What the visitor entered, read from the form's inputs by name (a consent box is named after its consent). */
export function formEntries<F extends string>(element: HTMLFormElement, fields: readonly F[], consents: readonly ConsentField[]): FormEntries<F> {
  const data = new FormData(element);
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  return {
    values: Object.fromEntries(fields.map((field) => [field, text(field)])) as Record<F, string>,
    consents: Object.fromEntries(consents.map((consent) => [consent, data.has(consent)])),
  };
}

/**
 * A form whose inputs keep what the visitor types (personal data never enters the store): read
 * once on submit and handed to `submitted`, kept on every failure, cleared when the store says
 * the submission succeeded. Editing a field tells the store only which field, and only when
 * there is an error or an old success message to take away.
 */
export function useUncontrolledForm<F extends string>(
  name: FormKey,
  state: FormState<F>,
  fields: readonly F[],
  consents: readonly ConsentField[],
  submitted: (entries: FormEntries<F>) => void,
) {
  const dispatch = useAppDispatch();
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (state.status === 'succeeded') ref.current?.reset();
  }, [state.status]);
  const errors: Partial<Record<string, unknown>> = fieldErrorsOf(state);
  return {
    ref,
    onChange: (event: ChangeEvent<HTMLFormElement>) => {
      const field = (event.target as EventTarget & { name?: string }).name;
      if (field && (errors[field] || state.status === 'succeeded')) dispatch(formFieldEdited({ form: name, field }));
    },
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      submitted(formEntries(event.currentTarget, fields, consents));
    },
  };
}
