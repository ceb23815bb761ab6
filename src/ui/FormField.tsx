import type { ReactNode } from 'react';
import './forms.css';

export interface FormFieldProps {
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  error?: string;
  /** The control; it must carry the same id and the aria attributes from `describedBy`. */
  children: (aria: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string; 'aria-required'?: boolean }) => ReactNode;
}

/** Label, control, hint and error message, wired together for assistive technology. */
export function FormField({ id, label, required, hint, error, children }: FormFieldProps) {
  const described = describedBy(id, hint, error);
  return (
    <div className={`form-field ${error ? 'has-error' : ''}`}>
      <label htmlFor={id} className="form-field__label">
        {required && (
          <span className="form-field__required" aria-hidden="true">
            *
          </span>
        )}
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': described, 'aria-required': required || undefined })}
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

/** The ids of a field's hint and error (and any other describing text), for aria-describedby. */
export function describedBy(id: string, hint?: string, error?: string, ...others: (string | undefined)[]): string | undefined {
  return [...others, hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
}

/** A field's hint and error message, under the ids `describedBy` names. */
export function FieldMessages({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="form-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="form-field__error">
          {error}
        </p>
      )}
    </>
  );
}
