import { useLayoutEffect } from 'react';
import { useNavigate } from 'react-router-dom';

type Navigate = (path: string) => void;

/**
 * Sagas navigate through `services.navigate`, but a declarative router's navigate lives inside
 * React. The returned `navigate` forwards to the router once `RouterNavigator` has rendered
 * inside it (a layout effect: before any effect of the app dispatches); a navigation asked for
 * before that goes to `beforeRender` (the browser: a full page load).
 */
export function createRouterNavigator(beforeRender: Navigate) {
  let routerNavigate: Navigate | null = null;

  function RouterNavigator() {
    const navigate = useNavigate();
    useLayoutEffect(() => {
      routerNavigate = (path) => void navigate(path);
      return () => {
        routerNavigate = null;
      };
    }, [navigate]);
    return null;
  }

  const navigate: Navigate = (path) => (routerNavigate ?? beforeRender)(path);
  return { navigate, RouterNavigator };
}
