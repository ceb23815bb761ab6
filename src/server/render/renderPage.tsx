/**
 * Renders one page on the server with the browser's own store, reducers and sagas: a fresh
 * store, the route's entry event, the page's loads (loadPage) against the provider with a
 * deadline, then the React tree. Only a page whose every load succeeded is rendered; a detail id
 * the provider does not know renders the error page with 404; anything else is a failure the
 * caller answers with the last good render or the client-rendered shell.
 */
import type { Middleware } from '@reduxjs/toolkit';
import type { DOMPurify as Purifier } from 'dompurify';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { call } from 'redux-saga/effects';
import type { ApiError } from '../../api/types';
import { App } from '../../app/App';
import { LIST_LOADERS } from '../../app/rootSaga';
import { PAGES } from '../../app/pages';
import { createAppStore, type RootState } from '../../app/store';
import { DocumentMetaCollector, type DocumentMeta } from '../../app/useDocumentMeta';
import { localizedPath, type RouteId } from '../../contracts/routes';
import type { Locale } from '../../contracts/locale';
import type { RuntimeConfig } from '../../contracts/runtimeConfig';
import type { Deps } from '../../features/deps';
import { apiFailed } from '../../features/shared/apiFailed';
import { loadPage } from '../../features/navigation/routeSaga';
import type { ListLoaders } from '../../features/navigation/routeLoads';
import { sagaMemory } from '../../features/shared/sagaMemory';
import { routeEntryOf, routeUrl, type RouteEntry, routeEntered } from '../../features/shared/route';
import { StoreRouter } from '../../app/StoreRouter';
import { HtmlPurifier } from '../../ui/RichHtml';

export interface PageRequest {
  locale: Locale;
  /** The route table's path (no /en prefix) and the query string, e.g. /product, ?keyword=x */
  path: string;
  search: string;
}

export type RenderOutcome =
  | { kind: 'rendered'; status: 200 | 404; state: RootState; routeId: RouteId | null; html: string; meta: DocumentMeta | null }
  /**
   * The sagas replaced the entry in place: `location`, of the route table, no hash. `permanent`
   * only when the entry says the URL asked is an old form of the page's one URL (an old `?name=` link).
   */
  | { kind: 'moved'; location: string; permanent: boolean }
  | { kind: 'failed'; reason: string };

export interface RenderContext {
  deps: Deps;
  config: RuntimeConfig;
  purifier: Purifier;
  deadlineMs: number;
  /** Watches the render's store, given the page it renders (devToolsMirror.ts). */
  inspect?: (page: string) => Middleware;
  /** The lists' loaders the page runs (the browser's, LIST_LOADERS, unless told). */
  loaders?: ListLoaders;
}

/** Only the detail's "no such id" failed: the page is the 404 page (loadPage decided it from the route's loads). */
function isUnknownId(state: RootState, failures: ApiError[]): boolean {
  return state.navigation.notFound && failures.every((failure) => failure.kind === 'envelope' && failure.notFound);
}

/** The page's loads, run alone as the server runs them: they share one memory of the sagas, made from the render's state. */
function* serverLoads(deps: Deps, loaders: ListLoaders, route: RouteEntry) {
  yield* sagaMemory();
  yield call(loadPage, deps, loaders, route);
}

async function runLoads(
  run: ReturnType<typeof createAppStore>['runSaga'],
  deps: Deps,
  loaders: ListLoaders,
  route: RouteEntry,
  deadlineMs: number,
): Promise<string | null> {
  const task = run(serverLoads, deps, loaders, route);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'deadline'>((resolve) => {
    timer = setTimeout(() => resolve('deadline'), deadlineMs);
  });
  try {
    const first = await Promise.race([task.toPromise().then(() => 'done' as const), deadline]);
    if (first === 'deadline') {
      task.cancel();
      return `the provider did not answer within ${deadlineMs} ms`;
    }
    return null;
  } catch (error) {
    return `a load failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    clearTimeout(timer);
  }
}

export async function renderPage(
  request: PageRequest,
  { deps, config, purifier, deadlineMs, inspect, loaders = LIST_LOADERS }: RenderContext,
): Promise<RenderOutcome> {
  const route = routeEntryOf(`${request.path}${request.search}`);
  const failures: ApiError[] = [];
  const recordFailures: Middleware = () => (next) => (action) => {
    if (apiFailed.match(action)) failures.push(action.payload);
    return next(action);
  };
  const { store, runSaga } = createAppStore({ locale: { current: request.locale }, site: config }, deps, {
    watchers: false,
    checks: false,
    middleware: [recordFailures, ...(inspect ? [inspect(localizedPath(`${request.path}${request.search}`, request.locale))] : [])],
  });
  store.dispatch(routeEntered(route));
  const problem = await runLoads(runSaga, deps, loaders, route, deadlineMs);
  if (problem) return { kind: 'failed', reason: problem };
  // What the browser's sagas rewrite in place, the server answers with a redirect: one URL per page.
  // Permanent only for an old form of the URL, as the entry says: a browser keeps a 301 for good.
  const entered = store.getState().navigation.route;
  if (entered?.navigation === 'replace') return { kind: 'moved', location: routeUrl({ ...entered, hash: '' }), permanent: entered.renamed === true };
  const unknownId = isUnknownId(store.getState(), failures);
  if (failures.length > 0 && !unknownId) return { kind: 'failed', reason: `the provider answered: ${failures.map((f) => f.code ?? f.kind).join(', ')}` };

  if (!unknownId && route.routeId) await PAGES[route.routeId].preload();
  let meta: DocumentMeta | null = null;
  const html = renderToString(
    <DocumentMetaCollector.Provider value={(collected) => void (meta = collected)}>
      <HtmlPurifier.Provider value={purifier}>
        <Provider store={store}>
          <StoreRouter>
            <App />
          </StoreRouter>
        </Provider>
      </HtmlPurifier.Provider>
    </DocumentMetaCollector.Provider>,
  );
  const status = route.routeId === null || unknownId ? 404 : 200;
  return { kind: 'rendered', status, state: store.getState(), routeId: route.routeId, html, meta };
}
