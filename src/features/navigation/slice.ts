import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RouteId } from '../../contracts/routes';
import { routeEntered, routeNotFound, type RouteEntry } from '../shared/route';

/** The query an anchor link carries: `{ name }`, the product category a link to /product#product opens. */
export type AnchorQuery = Record<string, string>;

export interface NavigationState {
  route: RouteEntry | null;
  /** The server found no content for the route's id: the page is the 404 error page. */
  notFound: boolean;
  mobileMenuOpen: boolean;
  openSubMenu: string | null;
  scrollTopVisible: boolean;
}

/**
 * The page's first entry in this browser: the shell entering the URL (nothing before it), or a
 * server-rendered page entering, once hydrated, the route the server rendered (whose entry has
 * no `navigation`). Every unknown page is rendered from one shared 404 (no route of its own), so
 * any URL lands on it. Back or forward before hydration ends goes elsewhere: that is a pop, not the landing.
 */
export const isLanding = (route: RouteEntry, previous: RouteEntry | null): boolean =>
  previous === null || (previous.navigation === undefined && route.navigation === 'pop' && (previous.path === route.path || isServerNotFound(previous)));

/** The server's shared 404 page: a server entry (no navigation) of no route. */
export const isServerNotFound = (route: RouteEntry | null): boolean => route !== null && route.navigation === undefined && route.routeId === null;

const initialState: NavigationState = {
  route: null,
  notFound: false,
  mobileMenuOpen: false,
  openSubMenu: null,
  scrollTopVisible: false,
};

const navigationSlice = createSlice({
  name: 'navigation',
  initialState,
  reducers: {
    /** A sub-menu or footer link to a section (`query`: the product category on /product): the menus close; the scroll saga goes there. */
    anchorClicked(state, _action: PayloadAction<{ routeId: RouteId; anchor: string; query?: AnchorQuery }>) {
      state.openSubMenu = null;
      state.mobileMenuOpen = false;
    },
    /** The phone menu opened or closed: by the hamburger, Escape or a tap outside it (the browser's popover). */
    mobileMenuChanged(state, action: PayloadAction<boolean>) {
      state.mobileMenuOpen = action.payload;
    },
    subMenuOpened(state, action: PayloadAction<string>) {
      state.openSubMenu = action.payload;
    },
    subMenuClosed(state) {
      state.openSubMenu = null;
    },
    scrollPositionChanged(state, action: PayloadAction<{ offset: number; viewport: number }>) {
      state.scrollTopVisible = action.payload.offset > action.payload.viewport;
    },
    scrollTopRequested() {},
  },
  extraReducers: (builder) => {
    builder
      .addCase(routeEntered, (state, action) => {
        // The browser's first entry repeats the server's: a page it rendered as not found stays so
        // (its own URL in the browser, the shared 404 on the server), and a menu the visitor opened
        // before the app started stays open (the server's entry has no navigation).
        const landing = isLanding(action.payload, state.route);
        state.notFound = (landing && isServerNotFound(state.route)) || (state.notFound && state.route?.path === action.payload.path);
        state.route = action.payload;
        if (landing) return;
        state.mobileMenuOpen = false;
        state.openSubMenu = null;
      })
      .addCase(routeNotFound, (state) => {
        state.notFound = true;
      });
  },
});

export const { anchorClicked, mobileMenuChanged, subMenuOpened, subMenuClosed, scrollPositionChanged, scrollTopRequested } = navigationSlice.actions;
export default navigationSlice.reducer;
