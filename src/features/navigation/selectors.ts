import type { RootState } from '../rootReducer';

export const selectActivePath = (state: RootState) => state.navigation.activePath;
export const selectActiveRouteId = (state: RootState) => state.navigation.route?.routeId ?? null;
export const selectMobileMenuOpen = (state: RootState) => state.navigation.mobileMenuOpen;
export const selectOpenSubMenu = (state: RootState) => state.navigation.openSubMenu;
export const selectScrollTopVisible = (state: RootState) => state.navigation.scrollTopVisible;
export const selectRouteNotFound = (state: RootState) => state.navigation.notFound;
/** The page the store shows: what the app renders and the URL follows. */
export const selectRoute = (state: RootState) => state.navigation.route;
