import { useMemo, type ReactNode } from 'react';
import { createPath, NavigationType, Router, type Navigator, type To } from 'react-router-dom';
import { localizedPath, splitLocalePath, EN_PREFIX } from '../contracts/routes';
import { selectLocale } from '../features/locale/selectors';
import { routeEntryOf, routeUrl, type Navigation, selectRoute, routeEntered } from '../features/shared/route';
import type { AppDispatch } from './store';
import { useAppDispatch, useAppSelector } from './hooks';

const NAVIGATION_TYPE: Record<Navigation, NavigationType> = { push: NavigationType.Push, pop: NavigationType.Pop, replace: NavigationType.Replace };

/** A router link or `navigate()` becomes routeEntered: the store, not the router, decides the page. */
function storeNavigator(dispatch: AppDispatch): Navigator {
  const enter = (to: To, navigation: Navigation) => {
    const { path } = splitLocalePath(typeof to === 'string' ? to : createPath(to));
    dispatch(routeEntered(routeEntryOf(path, navigation)));
  };
  return {
    createHref: (to) => (typeof to === 'string' ? to : createPath(to)),
    push: (to) => enter(to, 'push'),
    replace: (to) => enter(to, 'replace'),
    go: (delta) => window.history.go(delta),
  };
}

/**
 * React Router reads its location from the store's route (as redux-first-history and
 * connected-react-router do), on the server and in the browser alike: a Redux DevTools jump
 * shows that action's page, and links stay ordinary router links.
 */
export function StoreRouter({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const route = useAppSelector(selectRoute);
  const locale = useAppSelector(selectLocale);
  const navigator = useMemo(() => storeNavigator(dispatch), [dispatch]);
  return (
    <Router
      basename={locale === 'en' ? EN_PREFIX : '/'}
      location={localizedPath(route ? routeUrl(route) : '/', locale)}
      navigationType={NAVIGATION_TYPE[route?.navigation ?? 'pop']}
      navigator={navigator}
    >
      {children}
    </Router>
  );
}
