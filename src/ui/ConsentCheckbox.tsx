import { describedBy as describedByIds, FieldMessages } from './FormField';

export interface ConsentCheckboxProps {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Ids of text that explains the consent (the notice of what is collected and why). */
  describedBy?: string;
  hint?: string;
  error?: string;
}

/** A required consent, wired like the other fields: label, description, error, aria-invalid. */
export function ConsentCheckbox({ id, label, checked, onChange, describedBy, hint, error }: ConsentCheckboxProps) {
  const described = describedByIds(id, hint, error, describedBy);
  return (
    <div className={`form-field form-field--consent ${error ? 'has-error' : ''}`}>
      <div className="consent">
        <input
          id={id}
          name={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={Boolean(error)}
          aria-describedby={described}
          aria-required
        />
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
