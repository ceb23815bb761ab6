import { Link } from 'react-router-dom';
import { SectionBoundary } from '../ui/SectionBoundary';
import { useDocumentMeta } from './useDocumentMeta';
import { useText } from './useText';

function ErrorMessage({ status }: { status: number }) {
  const t = useText();
  const notFound = status === 404;
  useDocumentMeta({ title: notFound ? t.meta.notFound : t.meta.serverError });
  return (
    <div className="error-page">
      <p className="error-page__status">{status}</p>
      <h1 className="error-page__title">{notFound ? t.errors.notFound : t.errors.serverError}</h1>
      {notFound && <p className="error-page__hint">{t.errors.notFoundHint}</p>}
      {notFound && (
        <Link className="button" to="/">
          {t.errors.backHome}
        </Link>
      )}
    </div>
  );
}

/** The error page: the message, a way home for a 404, default status 500, and a fallback of its own. */
export function ErrorPage({ status = 500 }: { status?: number }) {
  return (
    <SectionBoundary
      fallback={
        <div className="error-page">
          <h1 className="error-page__title">An error occurred while showing the error page</h1>
          <a className="button" href="/">
            Go back to home
          </a>
        </div>
      }
    >
      <ErrorMessage status={status} />
    </SectionBoundary>
  );
}
