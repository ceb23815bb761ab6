import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { createApi } from '../api/api';
import { createApiClient } from '../api/client';
import { App } from './App';
import { createBrowserServices, readCookie } from './services';
import { createAppStore } from './store';
import { LOCALE_COOKIE, toLocale } from '../contracts/locale';
import { parseRuntimeConfig, RUNTIME_CONFIG_META } from '../contracts/runtimeConfig';

// Runtime config comes from the served page (a meta tag, not inline script: the CSP forbids it).
const config = parseRuntimeConfig(document.querySelector<HTMLMetaElement>(`meta[name="${RUNTIME_CONFIG_META}"]`)?.content);
const router = createBrowserRouter([{ path: '*', element: <App /> }]);
const services = createBrowserServices((path) => void router.navigate(path));
const api = createApi(createApiClient({ getToken: () => readCookie('token') }), config.mediaUrl);
const { store } = createAppStore(
  { locale: { current: toLocale(readCookie(LOCALE_COOKIE)), pending: null }, site: config },
  { api, services },
  { devTools: process.env.NODE_ENV !== 'production' },
);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  </StrictMode>,
);
