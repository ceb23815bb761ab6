import { Link } from 'react-router-dom';
import { useText } from '../app/useText';
import type { ConsentField, FieldErrors } from '../contracts/forms';
import { pathTo } from '../contracts/routes';
import type { FormName } from '../features/forms/slice';
import { ConsentCheckbox } from '../ui/ConsentCheckbox';

/**
 * What the form collects and why, a link to the privacy notice, and the consents the form
 * needs (PIPL): personal information always, health information separately on the patient form.
 * The boxes are the form's inputs: ticked or not, they are read when the form is sent.
 */
export function ConsentFields({
  form,
  fieldErrors,
  notice,
  consents,
}: {
  form: FormName;
  fieldErrors: FieldErrors<string>;
  notice: string;
  consents: readonly ConsentField[];
}) {
  const t = useText();
  const noticeId = `${form}-consent-notice`;
  const label: Record<ConsentField, string> = { consent: t.consent.agree, health_consent: t.consent.healthAgree };
  return (
    <div className="form__consent">
      <p id={noticeId} className="form__notice">
        {notice}
        {t.consent.readMore}
        <Link to={pathTo('privacy')}>{t.consent.noticeLink}</Link>
      </p>
      {consents.map((consent) => (
        <ConsentCheckbox
          key={consent}
          id={`${form}-${consent}`}
          name={consent}
          label={label[consent]}
          describedBy={consent === 'consent' ? noticeId : undefined}
          hint={consent === 'health_consent' ? t.consent.healthHint : undefined}
          error={fieldErrors[consent] && t.consent.required}
        />
      ))}
    </div>
  );
}
