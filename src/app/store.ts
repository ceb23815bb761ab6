import { configureStore, type Middleware } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import type { Deps } from '../features/deps';
import { rootReducer } from './rootReducer';
import { rootSaga } from './rootSaga';

export type RootState = ReturnType<typeof rootReducer>;

/**
 * The store factory: no globals, so tests, the browser and a future server renderer each
 * make their own. Serialisability and immutability checks stay on in development.
 */
export function createAppStore(preloadedState: Partial<RootState>, deps: Deps, { devTools = false, middleware = [] as Middleware[] } = {}) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware, ...middleware),
    devTools: devTools && { name: 'Yuechuan website' },
  });
  const rootTask = sagaMiddleware.run(rootSaga, deps);
  return { store, rootTask };
}

export type AppStore = ReturnType<typeof createAppStore>['store'];
export type AppDispatch = AppStore['dispatch'];
