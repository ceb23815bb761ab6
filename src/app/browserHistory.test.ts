import { configureStore } from '@reduxjs/toolkit';
import { rootReducer, type RootState } from '../features/rootReducer';
import { routeEntered } from '../features/navigation/slice';
import { routeEntryOf } from '../features/shared/route';
import { stateWith } from '../features/testing';
import { bindBrowserHistory, historyMiddleware } from './browserHistory';

const url = () => `${location.pathname}${location.search}${location.hash}`;

/** A store whose state the test sets by hand, as a DevTools jump does: no action, no middleware. */
function jumpableStore(initial: RootState) {
  let state = initial;
  const listeners = new Set<() => void>();
  const dispatched: unknown[] = [];
  return {
    dispatched,
    getState: () => state,
    dispatch: (action: unknown) => dispatched.push(action),
    subscribe: (listener: () => void) => (listeners.add(listener), () => listeners.delete(listener)),
    jumpTo(next: RootState) {
      state = next;
      for (const listener of listeners) listener();
    },
  };
}

const at = (path: string, locale: 'zh' | 'en' = 'zh') =>
  stateWith((s) => {
    s.locale.current = locale;
    s.navigation.route = routeEntryOf(path, 'push');
  });

beforeEach(() => window.history.replaceState(null, '', '/'));

describe('the URL follows the store', () => {
  it('pushes a navigation, replaces a replace, and leaves back/forward to the browser', () => {
    const store = configureStore({ reducer: rootReducer, preloadedState: at('/', 'en'), middleware: (d) => d().concat(historyMiddleware) });
    const before = history.length;
    store.dispatch(routeEntered(routeEntryOf('/news?page=2#journal', 'push')));
    expect(url()).toBe('/en/news?page=2#journal');
    expect(history.length).toBe(before + 1);
    store.dispatch(routeEntered(routeEntryOf('/about', 'replace')));
    expect(url()).toBe('/en/about');
    expect(history.length).toBe(before + 1);
    store.dispatch(routeEntered(routeEntryOf('/product', 'pop')));
    expect(url()).toBe('/en/about');
  });

  it('moves the URL in place when the route changes without an action (a DevTools jump), and only then', () => {
    window.history.replaceState(null, '', '/about?utm_source=mail#contact');
    const store = jumpableStore(at('/about'));
    const unbind = bindBrowserHistory(store);
    const before = history.length;
    store.jumpTo({ ...store.getState(), news: { ...store.getState().news, page: 3 } });
    expect(url()).toBe('/about?utm_source=mail#contact'); // the landing keeps what the server's state leaves out
    store.jumpTo(at('/product?name=%E9%85%8A%E5%89%82'));
    expect(url()).toBe('/product?name=%E9%85%8A%E5%89%82');
    expect(history.length).toBe(before);
    expect(store.dispatched).toEqual([]);
    unbind();
  });

  it('enters the URL\'s route on back and forward', () => {
    const store = jumpableStore(at('/about'));
    const unbind = bindBrowserHistory(store);
    window.history.replaceState(null, '', '/news/3#top');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(store.dispatched).toEqual([routeEntered(routeEntryOf('/news/3#top', 'pop'))]);
    unbind();
  });
});
