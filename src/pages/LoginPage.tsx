import { Link } from 'react-router-dom';
import { useAppDispatch } from '../app/hooks';
import { useDocumentMeta } from '../app/useDocumentMeta';
import { useText } from '../app/useText';
import { logoutRequested } from '../features/session/actions';

/** The bare layout's page, kept from the template's login state: no visible page links here; it hosts the logout confirm. */
export default function LoginPage() {
  const t = useText();
  const dispatch = useAppDispatch();
  useDocumentMeta({ title: t.meta.login });
  return (
    <div className="bare-page">
      <h1>{t.session.loginTitle}</h1>
      <p>{t.session.loginHint}</p>
      <button type="button" className="button button--outline" onClick={() => dispatch(logoutRequested())}>
        {t.session.logout}
      </button>
      <Link to="/">{t.errors.backHome}</Link>
    </div>
  );
}
