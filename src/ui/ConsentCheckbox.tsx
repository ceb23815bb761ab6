import { describedBy as describedByIds, FieldMessages } from './FormField';

export interface ConsentCheckboxProps {
  id: string;
  /** The name the form reads the tick under. */
  name: string;
  label: string;
  /** Ids of text that explains the consent (the notice of what is collected and why). */
  describedBy?: string;
  hint?: string;
  error?: string;
}

/**
 * A required consent, wired like the other fields: label, description, error, aria-invalid.
 * Unticked until the visitor ticks it; the form reads it when sent.
 */
export function ConsentCheckbox({ id, name, label, describedBy, hint, error }: ConsentCheckboxProps) {
  const described = describedByIds(id, hint, error, describedBy);
  return (
    <div className={`form-field form-field--consent ${error ? 'has-error' : ''}`}>
      <div className="consent">
        <input id={id} name={name} type="checkbox" aria-invalid={Boolean(error)} aria-describedby={described} aria-required />
        <label htmlFor={id}>
          <span className="form-field__required" aria-hidden="true">
            *
          </span>
          {label}
        </label>
      </div>
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
