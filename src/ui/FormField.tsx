import type { ReactNode } from 'react';

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
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
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
    </div>
  );
}
