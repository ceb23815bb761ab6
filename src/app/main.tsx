import { StrictMode, startTransition, useEffect } from 'react';
import { matchRoute, splitLocalePath } from '../contracts/routes';
import { APP_HYDRATED_EVENT, APP_HYDRATING_EVENT, parseRuntimeConfig, RUNTIME_CONFIG_META, STATE_ELEMENT_ID } from '../contracts/runtimeConfig';
import type { RootState } from './store';

/** The state the server rendered the page from (a JSON data block), or null for the shell. */
function serverState(): RootState | null {
  const text = document.getElementById(STATE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as RootState;
  } catch {
    return null;
  }
}

/**
 * Last in the tree, so its effect runs once everything before it is live: `live` runs (once,
 * StrictMode or not), then the boot script hands over the taps it kept.
 */
function AnnounceHydrated({ live }: { live: () => void }) {
  useEffect(() => {
    live();
    document.dispatchEvent(new Event(APP_HYDRATED_EVENT));
  }, [live]);
  return null;
}

const once = (run: () => void) => {
  let done = false;
  return () => {
    if (!done) run();
    done = true;
  };
};

/** Lets the browser paint and handle input before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The app starts in steps, each its own task: the libraries are evaluated one group at a time
 * (eager imports live in this bundle but run only when asked for), then the router, the store
 * and its sagas, then hydration. One script evaluating everything at once was the page's longest
 * task; the server's HTML is on screen meanwhile.
 */
async function start() {
  // Development only (production bundles hold none of it): with no Redux DevTools extension in the
  // browser, the store reports to Redux DevTools' own monitor instead, given the same options.
  // Set before Redux Toolkit loads, which looks for the extension once.
  if (process.env.NODE_ENV !== 'production' && !('__REDUX_DEVTOOLS_EXTENSION_COMPOSE__' in window)) {
    const { remoteDevTools } = await import('./remoteDevTools');
    Object.assign(window, { __REDUX_DEVTOOLS_EXTENSION_COMPOSE__: remoteDevTools(location.hostname) });
  }
  // Runtime config comes from the served page (a meta tag, not inline script: the CSP forbids it).
  const config = parseRuntimeConfig(document.querySelector<HTMLMetaElement>(`meta[name="${RUNTIME_CONFIG_META}"]`)?.content);
  // The URL decides the language: English under /en, Chinese elsewhere.
  const { locale: prefixed, path } = splitLocalePath(window.location.pathname);
  const locale = prefixed ?? 'zh';
  const preloaded = serverState();
  const match = matchRoute(path);
  const { PAGES } = await import(/* webpackMode: "eager" */ './pages');
  // Hydrate only once the page's chunk is in: the first render then matches the server's markup.
  // A chunk that cannot load still hydrates: the page's boundary reports it to the reload guard.
  const pageReady = preloaded && match && !preloaded.navigation.notFound ? PAGES[match.routeId].preload().catch(() => undefined) : Promise.resolve();
  await nextTask();
  const { createRoot, hydrateRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  const { Provider } = await import(/* webpackMode: "eager" */ 'react-redux');
  await nextTask();
  const [{ App }, { StoreRouter }, history, { landingLocated, routeEntered }] = await Promise.all([
    import(/* webpackMode: "eager" */ './App'),
    import(/* webpackMode: "eager" */ './StoreRouter'),
    import(/* webpackMode: "eager" */ './browserHistory'),
    import(/* webpackMode: "eager" */ '../features/shared/route'),
  ]);
  await nextTask();
  const [{ createAppStore }, { createBrowserServices, readCookie }, { createApi }, { createApiClient }] = await Promise.all([
    import(/* webpackMode: "eager" */ './store'),
    import(/* webpackMode: "eager" */ './services'),
    import(/* webpackMode: "eager" */ '../api/api'),
    import(/* webpackMode: "eager" */ '../api/client'),
  ]);
  await nextTask();
  const services = {
    ...createBrowserServices(),
    preloadPage: (id: keyof typeof PAGES) =>
      PAGES[id].preload().then(
        () => true,
        () => false,
      ),
  };
  const api = createApi(createApiClient({ getToken: () => readCookie('token') }), config.mediaUrl);
  const { store } = createAppStore(
    preloaded ?? { locale: { current: locale }, site: config },
    { api, services },
    { devTools: process.env.NODE_ENV !== 'production', middleware: [history.historyMiddleware] },
  );
  history.bindBrowserHistory(store);
  // The landing runs inside the machine: the shell enters the URL's route now; a server-rendered
  // page enters it once hydrated, finding its loads done (nothing is fetched again), so its
  // entry flows (a ?name= section, an anchor) run as on any navigation.
  const land = once(() => void store.dispatch(routeEntered(history.browserRouteEntry())));
  if (!preloaded) land();
  // React answers clicks from the moment hydration starts: the sagas know the landing's whole URL
  // before it (its #hash: the language switch keeps the anchor), while the state stays the server's.
  else store.dispatch(landingLocated(history.browserRouteEntry()));
  await nextTask();

  const tree = (
    <StrictMode>
      <Provider store={store}>
        <StoreRouter>
          <App />
        </StoreRouter>
      </Provider>
      <AnnounceHydrated live={land} />
    </StrictMode>
  );
  const root = document.getElementById('root') as HTMLElement;
  if (!preloaded) {
    createRoot(root).render(tree);
    return;
  }
  await pageReady;
  // As a transition, hydration yields to the browser every few milliseconds instead of blocking
  // the main thread for the whole tree.
  document.dispatchEvent(new Event(APP_HYDRATING_EVENT));
  startTransition(() => void hydrateRoot(root, tree));
}

void start();
