import { Component, Suspense, useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { TIMING } from '../contracts/constants';
import { matchRoute, routeLayout } from '../contracts/routes';
import { chunkLoadFailed } from '../features/chunks/actions';
import { ErrorPage } from './ErrorPage';
import { useAppDispatch } from './hooks';
import { Footer } from './layout/Footer';
import { Header } from './layout/Header';
import { ScrollTopButton } from './layout/ScrollTopButton';
import { isChunkLoadError, useChunkErrorListener, useRouteListener, useScrollListener } from './listeners';
import { PAGES } from './pages';
import './theme.css';

/** A page that fails to load or render: chunk failures reload (route check), anything else shows the error page. */
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
    return this.state.error ? <ErrorPage status={500} /> : this.props.children;
  }
}

export function App() {
  const location = useLocation();
  const dispatch = useAppDispatch();
  useRouteListener();
  useScrollListener();
  useChunkErrorListener();
  const match = useMemo(() => matchRoute(location.pathname), [location.pathname]);
  const Page = match ? PAGES[match.routeId] : null;
  const page = (
    <PageBoundary key={location.pathname} onChunkError={() => dispatch(chunkLoadFailed({ source: 'route' }))}>
      <Suspense fallback={<div className="page-loading" aria-busy="true" />}>{Page && match ? <Page params={match.params} /> : <ErrorPage status={404} />}</Suspense>
    </PageBoundary>
  );
  const toasts = <ToastContainer position="top-center" autoClose={TIMING.toastMs} style={{ top: TIMING.toastOffsetPx }} newestOnTop />;

  if (match && routeLayout(match.routeId) === 'bare') {
    return (
      <>
        <main id="main">{page}</main>
        {toasts}
      </>
    );
  }
  return (
    <>
      <Header />
      <main id="main" tabIndex={-1}>
        {page}
      </main>
      <Footer />
      <ScrollTopButton />
      {toasts}
    </>
  );
}
