import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { createApi } from '../api/api';
import { createApiClient } from '../api/client';
import { App } from './App';
import { PAGES } from './pages';
import { createBrowserServices, readCookie } from './services';
import { createAppStore, type RootState } from './store';
import { EN_PREFIX, matchRoute, splitLocalePath } from '../contracts/routes';
import { parseRuntimeConfig, RUNTIME_CONFIG_META, STATE_ELEMENT_ID } from '../contracts/runtimeConfig';

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

// Runtime config comes from the served page (a meta tag, not inline script: the CSP forbids it).
const config = parseRuntimeConfig(document.querySelector<HTMLMetaElement>(`meta[name="${RUNTIME_CONFIG_META}"]`)?.content);
// The URL decides the language: English under /en, Chinese elsewhere.
const { locale: prefixed, path } = splitLocalePath(window.location.pathname);
const locale = prefixed ?? 'zh';
const router = createBrowserRouter([{ path: '*', element: <App /> }], { basename: locale === 'en' ? EN_PREFIX : undefined });
const services = createBrowserServices((path) => void router.navigate(path));
const api = createApi(createApiClient({ getToken: () => readCookie('token') }), config.mediaUrl);
const preloaded = serverState();
const { store } = createAppStore(
  preloaded ?? { locale: { current: locale, pending: null }, site: config },
  { api, services },
  { devTools: process.env.NODE_ENV !== 'production' },
);

const tree = (
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  </StrictMode>
);
const root = document.getElementById('root') as HTMLElement;

if (preloaded) {
  // Hydrate only once the page's chunk is in: the first render then matches the server's markup.
  // A chunk that cannot load still hydrates: the page's boundary reports it to the reload guard.
  const match = matchRoute(path);
  const ready = match && !preloaded.navigation.notFound ? PAGES[match.routeId].preload() : Promise.resolve();
  // As a transition, hydration yields to the browser every few milliseconds instead of blocking
  // the main thread for the whole tree; the server's HTML is already on screen meanwhile.
  void ready.catch(() => undefined).then(() => startTransition(() => void hydrateRoot(root, tree)));
} else {
  createRoot(root).render(tree);
}
