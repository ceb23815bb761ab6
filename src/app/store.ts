import { configureStore, type Middleware } from '@reduxjs/toolkit';
import createSagaMiddleware, { type EffectMiddleware } from 'redux-saga';
import type { Deps } from '../features/deps';
import { rootReducer } from '../features/rootReducer';
import { devToolsOptions, redactedForDevTools } from './devtools';
import { rootSaga } from './rootSaga';

export type { RootState } from '../features/rootReducer';
import type { RootState } from '../features/rootReducer';

/**
 * The store factory: no globals, so tests, the browser and a future server renderer each
 * make their own. Serialisability and immutability checks stay on in development.
 */
export function createAppStore(
  preloadedState: Partial<RootState>,
  deps: Deps,
  { devTools = false, middleware = [] as Middleware[], watchers = true, checks = true, effectMiddlewares = [] as EffectMiddleware[] } = {},
) {
  // effectMiddlewares: a replay of a recorded session answers the sagas' delays itself.
  const sagaMiddleware = createSagaMiddleware({ effectMiddlewares });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    // The server turns the development checks off: they cost CPU on every render.
    middleware: (getDefault) =>
      getDefault({ thunk: false, serializableCheck: checks, immutableCheck: checks }).concat(
        sagaMiddleware,
        ...middleware,
        ...(devTools ? [redactedForDevTools] : []),
      ),
    devTools: devTools && devToolsOptions,
  });
  // The server renderer runs a page's loads itself, without the browser's watchers.
  const rootTask = watchers ? sagaMiddleware.run(rootSaga, deps) : null;
  return { store, rootTask, runSaga: sagaMiddleware.run };
}

export type AppStore = ReturnType<typeof createAppStore>['store'];
export type AppDispatch = AppStore['dispatch'];
