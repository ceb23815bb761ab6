/**
 * DEVTOOLS_SERVER_RENDERS=1, in development: each server render's store shows in Redux DevTools'
 * own monitor (`npm run devtools`), one instance per request, named by its page, so a developer
 * sees what the server's sagas loaded for it. The render's store stays as production runs it: a
 * middleware hands every action on to a mirror store (the app's reducer, the preloaded state)
 * made with @redux-devtools/remote and the app's DevTools options and sanitizers, which the
 * monitor shows. The last renders stay listed; an older one leaves the monitor, and all leave
 * when the server closes.
 */
import { legacy_createStore as createStore, type Action, type Middleware, type Store } from '@reduxjs/toolkit';
import { devToolsOptions } from '../../app/devtools';
import { rootReducer } from '../../features/rootReducer';

const LISTED = 20;
/** The remote's `stopOn`: the mirror disconnects, and the monitor drops its instance. */
const LEAVE = '@@devtools/leave';

export interface DevToolsMirror {
  /** The middleware for one render's store. */
  inspect(page: string): Middleware;
  close(): void;
}

export async function devToolsMirror(port: number): Promise<DevToolsMirror> {
  // Loaded only when asked for: a deployment never loads it.
  const { devToolsEnhancer } = await import('@redux-devtools/remote');
  const listed: Store[] = [];
  const leave = (mirror: Store) => mirror.dispatch({ type: LEAVE });
  const { maxAge, actionSanitizer, stateSanitizer } = devToolsOptions;
  return {
    inspect: (page) => (store) => {
      const enhancer = devToolsEnhancer({
        ...({ maxAge, actionSanitizer, stateSanitizer } as Parameters<typeof devToolsEnhancer>[0]),
        name: `server render ${page}`,
        realtime: true,
        hostname: 'localhost',
        port,
        stopOn: LEAVE,
      });
      const mirror = createStore(rootReducer, store.getState(), enhancer) as Store;
      listed.push(mirror);
      if (listed.length > LISTED) leave(listed.shift()!);
      return (next) => (action) => {
        const result = next(action);
        mirror.dispatch(action as Action);
        return result;
      };
    },
    close: () => listed.splice(0).forEach(leave),
  };
}
