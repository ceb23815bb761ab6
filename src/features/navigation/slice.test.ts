import { navigatedTo, routeEntered, routeEntryOf, routeNotFound, selectRoute, type RouteEntry } from '../shared/route';
import type { RootState } from '../rootReducer';
import { stateAfter } from '../store.testing';
import { selectActivePath, selectActiveRouteId, selectMobileMenuOpen, selectOpenSubMenu, selectRouteNotFound, selectScrollTopVisible } from './selectors';
import reducer, { anchorClicked, mobileMenuChanged, scrollPositionChanged, scrollTopRequested, subMenuClosed, subMenuOpened } from './slice';

/** The server's entry: no navigation. */
const serverEntry: RouteEntry = routeEntryOf('/news/9');
/** The state the server hands over: its entry, a 404, and a menu the visitor opened before the app ran. */
const handedOver = () => [routeEntered(serverEntry), routeNotFound(), mobileMenuChanged(true), subMenuOpened('news')].reduce(reducer, undefined);

describe('entering a route', () => {
  it('holds the entry the app renders: route, params, query, hash and how the visitor got there', () => {
    const state = stateAfter(routeEntered(routeEntryOf('/news/3?from=home#top', 'push')));
    expect(selectRoute(state)).toEqual({
      routeId: 'newsDetail',
      path: '/news/3',
      params: { id: '3' },
      query: { from: 'home' },
      hash: '#top',
      navigation: 'push',
    });
    expect(selectActivePath(state)).toBe('/news/3');
    expect(selectActiveRouteId(state)).toBe('newsDetail');
  });

  it('a path of no route is entered too, as the 404 page (no route id)', () => {
    const state = stateAfter(routeEntered(routeEntryOf('/nope', 'push')));
    expect(selectActivePath(state)).toBe('/nope');
    expect(selectActiveRouteId(state)).toBeNull();
  });

  it('keeps the landing page as the server rendered it: not found stays, an open menu stays open', () => {
    const state = reducer(handedOver(), routeEntered({ ...serverEntry, navigation: 'pop' }));
    expect(state).toMatchObject({ notFound: true, mobileMenuOpen: true, openSubMenu: 'news' });
    expect(state.route?.navigation).toBe('pop');
  });

  it('closes the menus on any later navigation, to the same path too; not found stays on the same path', () => {
    const landed = reducer(handedOver(), routeEntered({ ...serverEntry, navigation: 'pop' }));
    const reopened = reducer(reducer(landed, mobileMenuChanged(true)), subMenuOpened('news'));
    expect(reducer(reopened, routeEntered({ ...serverEntry, navigation: 'push' }))).toMatchObject({ notFound: true, mobileMenuOpen: false, openSubMenu: null });
    expect(reducer(reopened, routeEntered({ ...serverEntry, navigation: 'pop' }))).toMatchObject({ notFound: true, mobileMenuOpen: false, openSubMenu: null });
  });

  it("closes the menus when the app itself goes to the server's path (a link, not the landing)", () => {
    expect(reducer(handedOver(), routeEntered({ ...serverEntry, navigation: 'push' }))).toMatchObject({
      notFound: true,
      mobileMenuOpen: false,
      openSubMenu: null,
    });
  });

  it('lands on the shared 404 the server renders every unknown page from, at the URL the visitor asked for', () => {
    const shared = reducer(undefined, routeEntered(routeEntryOf('/404')));
    const landed = reducer(shared, routeEntered(routeEntryOf('/resources/999', 'pop')));
    expect(landed).toMatchObject({ notFound: true, route: { routeId: 'jobDetail', path: '/resources/999' } });
    expect(reducer(shared, routeEntered(routeEntryOf('/nope', 'pop'))).notFound).toBe(true);
    // A link from it is a page like any other, and so is Back before hydration ended (a push or a pop after it).
    expect(reducer(shared, routeEntered(routeEntryOf('/resources/1', 'push'))).notFound).toBe(false);
    expect(reducer(landed, routeEntered(routeEntryOf('/resources/1', 'pop'))).notFound).toBe(false);
  });

  it('forgets not found on another path', () => {
    const state = reducer(handedOver(), routeEntered({ ...routeEntryOf('/news/1'), navigation: 'push' }));
    expect(state).toMatchObject({ notFound: false, mobileMenuOpen: false, openSubMenu: null });
    expect(selectActivePath({ navigation: state } as RootState)).toBe('/news/1');
    // ...and back on the 404's path it is not found until the route saga says so again.
    expect(reducer(state, routeEntered(routeEntryOf('/news/9', 'pop'))).notFound).toBe(false);
  });

  it('marks not found only when told, and reads it back', () => {
    const entered = stateAfter(routeEntered(routeEntryOf('/news/9', 'push')));
    expect(selectRouteNotFound(entered)).toBe(false);
    expect(selectRouteNotFound(stateAfter(routeEntered(routeEntryOf('/news/9', 'push')), routeNotFound()))).toBe(true);
  });

  it("a saga's navigation is a link's push entry, query and hash kept", () => {
    expect(navigatedTo('/product?name=%E4%B9%B3%E8%86%8F%E5%89%82#product')).toEqual(
      routeEntered({ routeId: 'product', path: '/product', params: {}, query: { name: '乳膏剂' }, hash: '#product', navigation: 'push' }),
    );
  });
});

describe('the active path', () => {
  it("is the route's path, held once (no copy that could disagree), '/' before any route", () => {
    expect(Object.keys(reducer(undefined, routeEntered(serverEntry)))).not.toContain('activePath');
    expect(selectActivePath(stateAfter(routeEntered(routeEntryOf('/news/3'))))).toBe('/news/3');
    expect(selectActivePath(stateAfter())).toBe('/');
    expect(selectActiveRouteId(stateAfter())).toBeNull();
  });
});

describe('the menus and the scroll-to-top button', () => {
  const at = (state: ReturnType<typeof reducer> | undefined) => ({ navigation: state }) as RootState;

  it('a section link closes both menus and leaves the route to the navigation it makes', () => {
    const open = handedOver();
    const clicked = reducer(open, anchorClicked({ routeId: 'product', anchor: 'product', query: { name: '乳膏剂' } }));
    expect(clicked).toMatchObject({ mobileMenuOpen: false, openSubMenu: null, notFound: true });
    expect(clicked.route).toBe(open!.route);
  });

  it('opens and closes a sub-menu; closing it leaves the phone menu open', () => {
    const open = handedOver();
    expect(selectOpenSubMenu(at(reducer(open, subMenuOpened('about'))))).toBe('about');
    const closed = reducer(open, subMenuClosed());
    expect(selectOpenSubMenu(at(closed))).toBeNull();
    expect(selectMobileMenuOpen(at(closed))).toBe(true);
    expect(selectMobileMenuOpen(at(reducer(closed, mobileMenuChanged(false))))).toBe(false);
  });

  it('shows the scroll-to-top button only once the page has scrolled past one screen', () => {
    const scrolled = (offset: number) => selectScrollTopVisible(at(reducer(undefined, scrollPositionChanged({ offset, viewport: 800 }))));
    expect([scrolled(0), scrolled(800), scrolled(801)]).toEqual([false, false, true]);
    expect(
      selectScrollTopVisible(
        at([scrollPositionChanged({ offset: 900, viewport: 800 }), scrollPositionChanged({ offset: 10, viewport: 800 })].reduce(reducer, undefined)),
      ),
    ).toBe(false);
  });

  it('asking for the top changes no state (the scroll saga steps up)', () => {
    const state = handedOver();
    expect(reducer(state, scrollTopRequested())).toBe(state);
  });

  it('names the route the header marks, and none before any route', () => {
    expect(selectActiveRouteId(at(handedOver()))).toBe('newsDetail');
    expect(selectActiveRouteId(stateAfter())).toBeNull();
  });
});
