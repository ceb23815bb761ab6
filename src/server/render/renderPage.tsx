/**
 * Renders one page on the server with the browser's own store, reducers and sagas: a fresh
 * store, the route's entry event, the page's loads (loadPage) against the provider with a
 * deadline, then the React tree. Only a page whose every load succeeded is rendered; a detail id
 * the provider does not know renders the error page with 404; anything else is a failure the
 * caller answers with the last good render or the client-rendered shell.
 */
import type { DOMPurify as Purifier } from 'dompurify';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { StaticRouter } from 'react-router-dom';
import { isApiError } from '../../api/client';
import type { ApiError } from '../../api/types';
import { App } from '../../app/App';
import { PAGES } from '../../app/pages';
import { createAppStore, type RootState } from '../../app/store';
import { DocumentMetaCollector, type DocumentMeta } from '../../app/useDocumentMeta';
import { ENVELOPE_CODE } from '../../contracts/envelope';
import { EN_PREFIX, localizedPath, matchRoute, type RouteId } from '../../contracts/routes';
import type { Locale } from '../../contracts/locale';
import type { RuntimeConfig } from '../../contracts/runtimeConfig';
import type { Deps } from '../../features/deps';
import { loadPage } from '../../features/navigation/routeSaga';
import { routeEntered, routeNotFound, type RouteEntry } from '../../features/navigation/slice';
import { HtmlPurifier } from '../../ui/RichHtml';

export interface PageRequest {
  locale: Locale;
  /** The route table's path (no /en prefix) and the query string, e.g. /product, ?keyword=x */
  path: string;
  search: string;
}

export type RenderOutcome =
  | { kind: 'rendered'; status: 200 | 404; state: RootState; routeId: RouteId | null; html: string; meta: DocumentMeta | null }
  | { kind: 'failed'; reason: string };

export interface RenderContext {
  deps: Deps;
  config: RuntimeConfig;
  purifier: Purifier;
  deadlineMs: number;
}

const DETAIL_ROUTES: Partial<Record<RouteId, string>> = { newsDetail: 'newsDetail', productDetail: 'productDetail', jobDetail: 'jobDetail', noticeDetail: 'notices' };

function routeEntry({ path, search }: PageRequest): RouteEntry {
  const match = matchRoute(path);
  return { routeId: match?.routeId ?? null, path, params: match?.params ?? {}, query: Object.fromEntries(new URLSearchParams(search)), hash: '' };
}

/** A provider call that failed, by the api function that made it. */
interface FailedCall {
  call: string;
  error: ApiError;
}

/**
 * "No such id" only when the provider said so: the one failed call is the page's detail call,
 * and it failed with the provider's own answer for an unknown id, envelope code 1 in a
 * successful HTTP answer (serverDeps turns a 5xx, a timeout or garbage into a network failure).
 * Anything else, a layout call failing included, is an outage.
 */
function isUnknownId(route: RouteEntry, failures: FailedCall[]): boolean {
  const detail = route.routeId ? DETAIL_ROUTES[route.routeId] : undefined;
  if (!detail || !route.params.id || failures.length !== 1) return false;
  const [{ call, error }] = failures as [FailedCall];
  return call === detail && error.kind === 'envelope' && error.code === ENVELOPE_CODE.error;
}

/** The same api, noting which function each failure came from. */
function recordingApi(api: Deps['api'], failures: FailedCall[]): Deps['api'] {
  const wrapped = Object.entries(api).map(([call, fn]) => [
    call,
    async (...args: unknown[]) => {
      try {
        return await (fn as (...a: unknown[]) => Promise<unknown>)(...args);
      } catch (error) {
        if (isApiError(error)) failures.push({ call, error });
        throw error;
      }
    },
  ]);
  return Object.fromEntries(wrapped) as Deps['api'];
}

async function runLoads(run: ReturnType<typeof createAppStore>['runSaga'], deps: Deps, route: RouteEntry, deadlineMs: number): Promise<string | null> {
  const task = run(loadPage, deps, route);
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

export async function renderPage(request: PageRequest, { deps, config, purifier, deadlineMs }: RenderContext): Promise<RenderOutcome> {
  const route = routeEntry(request);
  const failures: FailedCall[] = [];
  const recording: Deps = { ...deps, api: recordingApi(deps.api, failures) };
  const { store, runSaga } = createAppStore({ locale: { current: request.locale, pending: null }, site: config }, recording, {
    watchers: false,
    checks: false,
  });
  store.dispatch(routeEntered(route));
  const problem = await runLoads(runSaga, recording, route, deadlineMs);
  if (problem) return { kind: 'failed', reason: problem };
  const unknownId = failures.length > 0 && isUnknownId(route, failures);
  if (failures.length > 0 && !unknownId) {
    return { kind: 'failed', reason: `the provider answered: ${failures.map(({ call, error }) => `${call} ${error.code ?? error.msg}`).join(', ')}` };
  }

  if (unknownId) store.dispatch(routeNotFound());
  else if (route.routeId) await PAGES[route.routeId].preload();
  let meta: DocumentMeta | null = null;
  const html = renderToString(
    <DocumentMetaCollector.Provider value={(collected) => void (meta = collected)}>
      <HtmlPurifier.Provider value={purifier}>
        <Provider store={store}>
          <StaticRouter location={`${localizedPath(request.path, request.locale)}${request.search}`} basename={request.locale === 'en' ? EN_PREFIX : undefined}>
            <App />
          </StaticRouter>
        </Provider>
      </HtmlPurifier.Provider>
    </DocumentMetaCollector.Provider>,
  );
  const status = route.routeId === null || unknownId ? 404 : 200;
  return { kind: 'rendered', status, state: store.getState(), routeId: route.routeId, html, meta };
}
