import { Component, Suspense, useMemo, type ReactNode } from 'react';
import { routeLayout } from '../contracts/routes';
import { chunkReloadRequested } from '../features/chunks/actions';
import { chunkLoadFailed } from '../features/shared/chunkLoadError';
import { selectChunkReloadGaveUp } from '../features/chunks/selectors';
import { selectRouteNotFound } from '../features/navigation/selectors';
import { selectMediaUrl } from '../features/site/selectors';
import { MediaHost } from '../ui/Img';
import { ErrorPage } from './ErrorPage';
import { useAppDispatch, useAppSelector } from './hooks';
import { useText } from './useText';
import { Footer } from './layout/Footer';
import { Header } from './layout/Header';
import { ScrollTopButton } from './layout/ScrollTopButton';
import { isChunkLoadError } from '../features/shared/chunkLoadError';
import { useChunkErrorListener, useScrollListener } from './listeners';
import { PAGES } from './pages';
import './theme.css';
import './print.css';
import { selectRoute } from '../features/shared/route';

/**
 * A page that fails to load or render. A chunk failure goes to the guarded reload and leaves the
 * page empty (the reload, or the chunk-failure message, follows); anything else is the error page.
 */
class PageBoundary extends Component<{ children: ReactNode; onChunkError: () => void }, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    if (isChunkLoadError(error)) this.props.onChunkError();
    else console.error(error);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return isChunkLoadError(error) ? null : <ErrorPage status={500} />;
  }
}

function ChunkFailed({ onReload }: { onReload: () => void }) {
  const t = useText();
  return (
    <div className="chunk-failed" role="alert">
      <p>{t.chunks.failed}</p>
      <button type="button" className="button" onClick={onReload}>
        {t.chunks.reload}
      </button>
    </div>
  );
}

export function App() {
  const dispatch = useAppDispatch();
  useScrollListener();
  useChunkErrorListener();
  // The store's route is the page: a Redux DevTools jump shows what the visitor saw then.
  const route = useAppSelector(selectRoute);
  const notFound = useAppSelector(selectRouteNotFound);
  const chunkGaveUp = useAppSelector(selectChunkReloadGaveUp);
  const mediaUrl = useAppSelector(selectMediaUrl);
  const path = route?.path ?? null;
  const routeId = route?.routeId ?? null;
  const page = routeId && !notFound ? PAGES[routeId] : null;
  // A page whose chunk is already in renders without a Suspense boundary, on the server and when
  // the browser hydrates: the whole tree then hydrates in one pass, before any effect dispatches.
  // The error page is in the main bundle: it never needs one. (A boundary still dehydrated when
  // the landing dispatches is rendered anew, and a link clicked in that moment is replaced under
  // the pointer: the click is lost.) Decided once per path, so the tree keeps its shape while the
  // visitor stays.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const needsSuspense = useMemo(() => page !== null && !page.isLoaded(), [path]);
  // No route yet: the shell before its first entry, which comes before its first render.
  const content = page && route ? <page.Component params={route.params} /> : route ? <ErrorPage status={404} /> : null;
  const pageView = (
    <>
      {chunkGaveUp && <ChunkFailed onReload={() => dispatch(chunkReloadRequested())} />}
      <PageBoundary key={page ? path : 'error'} onChunkError={() => dispatch(chunkLoadFailed({ source: 'route' }))}>
        {needsSuspense ? <Suspense fallback={<div className="page-loading" aria-busy="true" />}>{content}</Suspense> : content}
      </PageBoundary>
    </>
  );

  return (
    <MediaHost.Provider value={mediaUrl}>
      {routeId && routeLayout(routeId) === 'bare' ? (
        <main id="main">{pageView}</main>
      ) : (
        <>
          <Header />
          <main id="main" tabIndex={-1}>
            {pageView}
          </main>
          <Footer />
          <ScrollTopButton />
        </>
      )}
    </MediaHost.Provider>
  );
}
