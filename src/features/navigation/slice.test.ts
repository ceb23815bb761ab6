import type { RootState } from '../rootReducer';
import { stateWith } from '../testing';
import { selectActivePath, selectActiveRouteId, selectOpenSubMenu, selectScrollTopVisible } from './selectors';
import reducer, { anchorClicked, mobileMenuChanged, routeEntered, routeNotFound, scrollPositionChanged, subMenuClosed, subMenuOpened, type RouteEntry } from './slice';

const serverEntry: RouteEntry = { routeId: 'newsDetail', path: '/news/9', params: { id: '9' }, query: {}, hash: '' };
/** The state the server hands over: its entry, a 404, and a menu the visitor opened before the app ran. */
const handedOver = () => [routeEntered(serverEntry), routeNotFound(), mobileMenuChanged(true), subMenuOpened('news')].reduce(reducer, undefined);

describe('entering a route', () => {
  it("keeps the landing page as the server rendered it: not found stays, an open menu stays open", () => {
    const state = reducer(handedOver(), routeEntered({ ...serverEntry, navigation: 'pop' }));
    expect(state).toMatchObject({ notFound: true, mobileMenuOpen: true, openSubMenu: 'news' });
    expect(state.route?.navigation).toBe('pop');
  });

  it('closes the menus on any later navigation, to the same path too', () => {
    const landed = reducer(handedOver(), routeEntered({ ...serverEntry, navigation: 'pop' }));
    const reopened = reducer(reducer(landed, mobileMenuChanged(true)), subMenuOpened('news'));
    expect(reducer(reopened, routeEntered({ ...serverEntry, navigation: 'push' }))).toMatchObject({ notFound: true, mobileMenuOpen: false, openSubMenu: null });
    expect(reducer(reopened, routeEntered({ ...serverEntry, navigation: 'pop' }))).toMatchObject({ mobileMenuOpen: false, openSubMenu: null });
  });

  it('closes the menus when the app itself goes to the server\'s path (a link, not the landing)', () => {
    expect(reducer(handedOver(), routeEntered({ ...serverEntry, navigation: 'push' }))).toMatchObject({ mobileMenuOpen: false, openSubMenu: null });
  });

  it('forgets not found on another path', () => {
    const state = reducer(handedOver(), routeEntered({ ...serverEntry, path: '/news/1', params: { id: '1' }, navigation: 'push' }));
    expect(state).toMatchObject({ notFound: false, mobileMenuOpen: false });
    expect(selectActivePath({ navigation: state } as RootState)).toBe('/news/1');
  });
});

describe('the active path', () => {
  it('is the route\'s path, held once: a state whose route came without routeEntered (a DevTools import, a server state) marks that page', () => {
    expect(Object.keys(reducer(undefined, routeEntered(serverEntry)))).not.toContain('activePath');
    const imported = stateWith((s) => void (s.navigation.route = { ...serverEntry, path: '/news/3', params: { id: '3' } }));
    expect(selectActivePath(imported)).toBe('/news/3');
    expect(selectActivePath(stateWith())).toBe('/');
  });
});

describe('the menus and the scroll-to-top button', () => {
  const at = (state: ReturnType<typeof reducer> | undefined) => ({ navigation: state }) as RootState;

  it('a section link closes both menus; closing a sub-menu leaves the phone menu open', () => {
    const open = handedOver();
    expect(reducer(open, anchorClicked({ routeId: 'about', anchor: 'culture' }))).toMatchObject({ mobileMenuOpen: false, openSubMenu: null });
    const closed = reducer(open, subMenuClosed());
    expect(selectOpenSubMenu(at(closed))).toBeNull();
    expect(closed.mobileMenuOpen).toBe(true);
  });

  it('shows the scroll-to-top button only once the page has scrolled past one screen', () => {
    const scrolled = (offset: number) => selectScrollTopVisible(at(reducer(undefined, scrollPositionChanged({ offset, viewport: 800 }))));
    expect([scrolled(0), scrolled(800), scrolled(801)]).toEqual([false, false, true]);
    expect(selectScrollTopVisible(at(reducer(reducer(undefined, scrollPositionChanged({ offset: 900, viewport: 800 })), scrollPositionChanged({ offset: 10, viewport: 800 }))))).toBe(false);
  });

  it('names the route the header marks, and none before any route', () => {
    expect(selectActiveRouteId(at(handedOver()))).toBe('newsDetail');
    expect(selectActiveRouteId(stateWith())).toBeNull();
  });
});
