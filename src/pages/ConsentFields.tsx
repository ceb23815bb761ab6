import { Link } from 'react-router-dom';
import { useAppDispatch } from '../app/hooks';
import { useText } from '../app/useText';
import type { ConsentField } from '../contracts/forms';
import { pathTo } from '../contracts/routes';
import { formConsentChanged, type FormName, type FormState } from '../features/forms/slice';
import { ConsentCheckbox } from '../ui/ConsentCheckbox';

/**
 * What the form collects and why, a link to the privacy notice, and the consents the form
 * needs (PIPL): personal information always, health information separately on the patient form.
 */
export function ConsentFields({ form, state, notice, consents }: { form: FormName; state: FormState<string>; notice: string; consents: readonly ConsentField[] }) {
  const t = useText();
  const dispatch = useAppDispatch();
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
          label={label[consent]}
          checked={Boolean(state.consents[consent])}
          onChange={(given) => dispatch(formConsentChanged({ form, consent, given }))}
          describedBy={consent === 'consent' ? noticeId : undefined}
          hint={consent === 'health_consent' ? t.consent.healthHint : undefined}
          error={state.fieldErrors[consent] && t.consent.required}
        />
      ))}
    </div>
  );
}
