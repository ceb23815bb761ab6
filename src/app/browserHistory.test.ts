import { configureStore } from '@reduxjs/toolkit';
import { ActionCreators, instrument } from '@redux-devtools/instrument';
import { rootReducer, type RootState } from '../features/rootReducer';
import { formFieldEdited } from '../features/forms/slice';
import { scrollPositionChanged } from '../features/navigation/slice';
import { routeEntryOf, routeEntered } from '../features/shared/route';
import { stateWith } from '../features/store.testing';
import { bindBrowserHistory, browserRouteEntry, historyMiddleware } from './browserHistory';

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

/**
 * A real store (reducers and the history middleware) with Redux DevTools' own instrument inside
 * it, as the development build has it (config/devtools/extension.ts): a jump shows an earlier
 * state and tells the subscribers, with no action through the middleware; an action dispatched
 * while the past is shown is recorded and leaves the past on screen.
 */
function travellingStore(initial: RootState) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: initial,
    middleware: (d) => d().concat(historyMiddleware),
    enhancers: (e) => e().concat(instrument()),
  });
  return {
    getState: () => store.getState(),
    dispatch: (action: Parameters<typeof store.dispatch>[0]) => store.dispatch(action),
    subscribe: (listener: () => void) => store.subscribe(listener),
    jumpTo(index: number) {
      store.liftedStore.dispatch(ActionCreators.jumpToState(index));
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
    store.jumpTo({ ...store.getState(), news: { pages: 3 } });
    expect(url()).toBe('/about?utm_source=mail#contact'); // the landing keeps what the server's state leaves out
    store.jumpTo(at('/product?name=%E9%85%8A%E5%89%82'));
    expect(url()).toBe('/product?name=%E9%85%8A%E5%89%82');
    expect(history.length).toBe(before);
    expect(store.dispatched).toEqual([]);
    unbind();
  });

  it('restores the whole URL of the server-rendered landing on a jump back to it: its #hash and tracking parameters too', () => {
    window.history.replaceState(null, '', '/en/about?utm_source=mail#contact');
    // The server's state: the route without the hash, nor a parameter the page does not use.
    const store = travellingStore(
      stateWith((s) => {
        s.locale.current = 'en';
        s.navigation.route = routeEntryOf('/about');
      }),
    );
    const unbind = bindBrowserHistory(store);
    store.dispatch(routeEntered(routeEntryOf('/news', 'push')));
    expect(url()).toBe('/en/news');
    store.jumpTo(0);
    expect(url()).toBe('/en/about?utm_source=mail#contact');
    store.jumpTo(1);
    expect(url()).toBe('/en/news');
    unbind();
  });

  it('leaves the URL at the page on screen when a navigation is recorded while DevTools show the past, and follows it once it is shown', () => {
    window.history.replaceState(null, '', '/en/about');
    const store = travellingStore(at('/about', 'en'));
    const unbind = bindBrowserHistory(store);
    store.dispatch(routeEntered(routeEntryOf('/news', 'push')));
    store.jumpTo(0);
    const before = history.length;
    store.dispatch(routeEntered(routeEntryOf('/product', 'push'))); // a link clicked on the past page
    expect({ url: url(), entries: history.length, shown: store.getState().navigation.route?.path }).toEqual({
      url: '/en/about',
      entries: before,
      shown: '/about',
    });
    store.jumpTo(2);
    expect({ url: url(), entries: history.length }).toEqual({ url: '/en/product', entries: before });
    unbind();
  });

  it("restores the URL of the shell's landing and of back/forward as the browser had it, not re-encoded", () => {
    window.history.replaceState(null, '', '/news?q=a%20b&utm_source=mail#journal');
    const store = travellingStore(stateWith());
    const unbind = bindBrowserHistory(store);
    store.dispatch(routeEntered(browserRouteEntry()));
    store.dispatch(routeEntered(routeEntryOf('/about', 'push')));
    window.history.pushState(null, '', '/product?name=%E9%85%8A%E5%89%82%20A#product');
    window.dispatchEvent(new PopStateEvent('popstate'));
    store.dispatch(routeEntered(routeEntryOf('/about', 'push')));
    store.jumpTo(1);
    expect(url()).toBe('/news?q=a%20b&utm_source=mail#journal');
    store.jumpTo(3);
    expect(url()).toBe('/product?name=%E9%85%8A%E5%89%82%20A#product');
    unbind();
  });

  it('leaves the URL alone on any action that is no navigation, and on a navigation to the URL shown', () => {
    window.history.replaceState(null, '', '/en/about');
    const store = configureStore({ reducer: rootReducer, preloadedState: at('/about', 'en'), middleware: (d) => d().concat(historyMiddleware) });
    const before = history.length;
    store.dispatch({ type: 'site/anything' });
    store.dispatch(formFieldEdited({ form: 'patient', field: 'name' }));
    store.dispatch(scrollPositionChanged({ offset: 900, viewport: 800 }));
    expect(url()).toBe('/en/about');
    store.dispatch(routeEntered(routeEntryOf('/about', 'push'))); // a link to the page on screen
    expect(url()).toBe('/en/about');
    expect(history.length).toBe(before);
  });

  it('writes nothing on the landing of a server-rendered page: a link clicked before the app started is still loading its page', () => {
    window.history.replaceState(null, '', '/en/about?utm_source=mail#contact');
    const store = travellingStore(
      stateWith((s) => {
        s.locale.current = 'en';
        s.navigation.route = routeEntryOf('/about');
      }),
    );
    const unbind = bindBrowserHistory(store);
    const replace = jest.spyOn(window.history, 'replaceState');
    const push = jest.spyOn(window.history, 'pushState');
    store.dispatch(routeEntered(browserRouteEntry()));
    store.jumpTo(0);
    expect(replace).not.toHaveBeenCalled();
    expect(push).not.toHaveBeenCalled();
    expect(url()).toBe('/en/about?utm_source=mail#contact');
    unbind();
  });

  it('keeps a URL changed by someone else (a script dropping tracking parameters) while the route stays', () => {
    window.history.replaceState(null, '', '/about?utm_source=mail#contact');
    const store = jumpableStore(at('/about'));
    const unbind = bindBrowserHistory(store);
    window.history.replaceState(null, '', '/about#contact');
    store.jumpTo({ ...store.getState(), news: { pages: 3 } });
    expect(url()).toBe('/about#contact');
    unbind();
  });

  it('leaves the URL on a jump to the state before the landing (no route yet)', () => {
    window.history.replaceState(null, '', '/about');
    const store = jumpableStore(at('/about'));
    const unbind = bindBrowserHistory(store);
    store.jumpTo(stateWith());
    expect(url()).toBe('/about');
    unbind();
  });

  it("gives a back/forward the browser is not at (a replayed session's) the URL of its route", () => {
    window.history.replaceState(null, '', '/about');
    const store = travellingStore(at('/about'));
    const unbind = bindBrowserHistory(store);
    store.dispatch(routeEntered(routeEntryOf('/product?name=A', 'pop')));
    expect(url()).toBe('/product?name=A');
    store.dispatch(routeEntered(routeEntryOf('/news', 'push')));
    store.jumpTo(1);
    expect(url()).toBe('/product?name=A');
    unbind();
  });

  it('once unbound, neither enters back/forward nor moves the URL', () => {
    window.history.replaceState(null, '', '/about');
    const store = jumpableStore(at('/about'));
    bindBrowserHistory(store)();
    window.history.replaceState(null, '', '/news');
    window.dispatchEvent(new PopStateEvent('popstate'));
    store.jumpTo(at('/product'));
    expect(store.dispatched).toEqual([]);
    expect(url()).toBe('/news');
  });

  it("enters the URL's route on back and forward", () => {
    const store = jumpableStore(at('/about'));
    const unbind = bindBrowserHistory(store);
    window.history.replaceState(null, '', '/news/3#top');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(store.dispatched).toEqual([routeEntered(routeEntryOf('/news/3#top', 'pop'))]);
    unbind();
  });
});
