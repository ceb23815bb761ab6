import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RouteId, RouteParams } from '../../contracts/routes';

export interface RouteEntry {
  /** null: the path matched no route (the 404 page). */
  routeId: RouteId | null;
  path: string;
  params: RouteParams;
  query: Record<string, string>;
  hash: string;
}

export interface NavigationState {
  route: RouteEntry | null;
  activePath: string;
  mobileMenuOpen: boolean;
  openSubMenu: string | null;
  scrollTopVisible: boolean;
}

const initialState: NavigationState = {
  route: null,
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
      state.route = action.payload;
      state.activePath = action.payload.path;
      state.mobileMenuOpen = false;
      state.openSubMenu = null;
    },
    /** A sub-menu or footer anchor link; `index` is the product category for /product anchors. */
    anchorClicked(_state, _action: PayloadAction<{ routeId: RouteId; anchor: string; index?: number }>) {},
    mobileMenuToggled(state) {
      state.mobileMenuOpen = !state.mobileMenuOpen;
    },
    mobileMenuClosed(state) {
      state.mobileMenuOpen = false;
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
  anchorClicked,
  mobileMenuToggled,
  mobileMenuClosed,
  subMenuOpened,
  subMenuClosed,
  scrollPositionChanged,
  scrollTopRequested,
} = navigationSlice.actions;
export default navigationSlice.reducer;
