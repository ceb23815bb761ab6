import type { RootState } from '../rootReducer';

/** The path the header marks as current: the route's own, so it cannot disagree with the page shown. */
export const selectActivePath = (state: RootState) => state.navigation.route?.path ?? '/';
export const selectActiveRouteId = (state: RootState) => state.navigation.route?.routeId ?? null;
export const selectMobileMenuOpen = (state: RootState) => state.navigation.mobileMenuOpen;
export const selectOpenSubMenu = (state: RootState) => state.navigation.openSubMenu;
export const selectScrollTopVisible = (state: RootState) => state.navigation.scrollTopVisible;
export const selectRouteNotFound = (state: RootState) => state.navigation.notFound;
