import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RouteId } from '../../contracts/routes';
import type { RouteEntry } from '../shared/route';

export type { RouteEntry };

export interface NavigationState {
  route: RouteEntry | null;
  /** The server found no content for the route's id: the page is the 404 error page. */
  notFound: boolean;
  activePath: string;
  mobileMenuOpen: boolean;
  openSubMenu: string | null;
  scrollTopVisible: boolean;
}

const initialState: NavigationState = {
  route: null,
  notFound: false,
  activePath: '/',
  mobileMenuOpen: false,
  openSubMenu: null,
  scrollTopVisible: false,
};

const navigationSlice = createSlice({
  name: 'navigation',
  initialState,
  reducers: {
    routeEntered(state, action: PayloadAction<RouteEntry>) {
      // The browser's first entry repeats the server's: a page it rendered as not found stays so.
      const same = state.route?.path === action.payload.path;
      state.notFound = state.notFound && same;
      state.route = action.payload;
      state.activePath = action.payload.path;
      state.mobileMenuOpen = false;
      state.openSubMenu = null;
    },
    routeNotFound(state) {
      state.notFound = true;
    },
    /** A sub-menu or footer anchor link; `index` is the product category for /product anchors. */
    /** A link to a section: the menus close; the scroll saga goes there. */
    anchorClicked(state, _action: PayloadAction<{ routeId: RouteId; anchor: string; index?: number }>) {
      state.openSubMenu = null;
      state.mobileMenuOpen = false;
    },
    mobileMenuToggled(state) {
      state.mobileMenuOpen = !state.mobileMenuOpen;
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
});

export const {
  routeEntered,
  routeNotFound,
  anchorClicked,
  mobileMenuToggled,
  subMenuOpened,
  subMenuClosed,
  scrollPositionChanged,
  scrollTopRequested,
} = navigationSlice.actions;
export default navigationSlice.reducer;
