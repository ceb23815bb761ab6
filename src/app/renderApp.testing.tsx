/**
 * Renders the whole app at a path with a given state, for component tests: "given this state,
 * the visitor sees this". The api never answers, so what shows is exactly the state given.
 */
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { Locale } from '../contracts/locale';
import { contentKey } from '../features/content/key';
import { rootReducer } from '../features/rootReducer';
import type { ContentName, ContentParams } from '../features/content/types';
import { fakeDeps, loadedEntry, stateWith } from '../features/store.testing';
import { App } from './App';
import { StoreRouter } from './StoreRouter';
import { routeEntryOf, routeEntered } from '../features/shared/route';
import type { RootState } from './store';
import { createAppStore } from './store';

export type Entry = [ContentName, unknown, ContentParams?];

interface RenderOptions {
  locale?: Locale;
  entries?: Entry[];
  adjust?: (state: RootState) => void;
  /** Api functions that answer; every other call stays pending. */
  api?: Record<string, (...args: never[]) => Promise<unknown>>;
}

export function renderApp(path: string, { locale = 'zh', entries = [], adjust, api: answers = {} }: RenderOptions = {}) {
  const never = () => new Promise(() => {});
  const api = new Proxy({}, { get: (_target, name: string) => answers[name] ?? never });
  const deps = { ...fakeDeps(), api: api as never };
  // The entries loaded as the sagas load them: each request and its answer.
  const loaded = entries.flatMap(([name, data, params]) => loadedEntry(contentKey(name, locale, params), data));
  const state = loaded.reduce(
    rootReducer,
    stateWith((s) => void (s.locale.current = locale)),
  );
  adjust?.(state);
  const { store } = createAppStore(state, deps);
  // The visitor lands: the page's loads run through the sagas, and answer only when `api` says so.
  store.dispatch(routeEntered(routeEntryOf(path, 'pop')));
  const view = render(
    <Provider store={store}>
      <StoreRouter>
        <App />
      </StoreRouter>
    </Provider>,
  );
  return { ...view, store, deps };
}
