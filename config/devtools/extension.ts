/**
 * What the Redux DevTools browser extension puts into a page, for tests and recordings that
 * cannot install the extension: `window.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__` runs the same
 * instrument enhancer (@redux-devtools/instrument) inside the app's enhancers (middleware outside
 * it, as the extension composes them), takes the same options, and offers what its monitor
 * does: jump to an action, back to the present, export the session.
 */
import { ActionCreators, instrument, type LiftedState } from '@redux-devtools/instrument';
import jsan from 'jsan';
import type { Action, Reducer, StoreEnhancer, StoreEnhancerStoreCreator } from 'redux';

/** The options the app passes (the extension's own names). */
export interface DevToolsOptions {
  name?: string;
  maxAge?: number;
  trace?: boolean;
  actionSanitizer?: (action: Action, id: number) => Action;
  stateSanitizer?: (state: unknown, index: number) => unknown;
}

type Lifted = LiftedState<unknown, Action<string>, unknown>;
interface LiftedStore {
  getState(): Lifted;
  dispatch(action: unknown): unknown;
}

export interface DevToolsMonitor {
  options: DevToolsOptions;
  /** The action ids and types recorded so far, oldest first (id 0 is the store's @@INIT). */
  actions(): { id: number; type: string }[];
  jumpToAction(id: number): void;
  /** Back to the last action: what the app shows when nobody travels in time. */
  jumpToPresent(): void;
  /** A session as the DevTools export it and import it: the lifted state as `payload`, its first state as `preloadedState`. */
  exportSession(): string;
}

declare global {
  interface Window {
    __REDUX_DEVTOOLS_EXTENSION_COMPOSE__?: (options: DevToolsOptions) => (...enhancers: StoreEnhancer[]) => StoreEnhancer;
    __REDUX_DEVTOOLS_MONITOR__?: DevToolsMonitor;
  }
}

function monitorOf(liftedStore: LiftedStore, options: DevToolsOptions): DevToolsMonitor {
  const lifted = () => liftedStore.getState();
  return {
    options,
    actions: () => lifted().stagedActionIds.map((id) => ({ id, type: lifted().actionsById[id]!.action.type })),
    jumpToAction: (id) => void liftedStore.dispatch(ActionCreators.jumpToAction(id)),
    jumpToPresent: () => void liftedStore.dispatch(ActionCreators.jumpToAction(lifted().stagedActionIds.at(-1)!)),
    exportSession: () => {
      const { actionsById, computedStates, committedState, currentStateIndex, nextActionId, skippedActionIds, stagedActionIds } = lifted();
      // Repeated references (unchanged slices of consecutive states) are written once: jsan, as DevTools does.
      const state = { actionsById, computedStates, committedState, currentStateIndex, nextActionId, skippedActionIds, stagedActionIds };
      return JSON.stringify({ payload: jsan.stringify(state, undefined, undefined, { refs: true }), preloadedState: jsan.stringify(committedState) });
    },
  };
}

export function installDevTools(target: Window) {
  target.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ =
    (options) =>
    (...enhancers) =>
    (createStore) =>
    ((reducer: Reducer, preloadedState?: unknown) => {
      const instrumented = instrument((monitorState: unknown = null) => monitorState, { maxAge: options.maxAge ?? 50, trace: options.trace, shouldCatchErrors: false })(
        createStore as never,
      ) as unknown as StoreEnhancerStoreCreator;
      const composed = enhancers.reduceRight<StoreEnhancerStoreCreator>((next, enhancer) => enhancer(next as never) as never, instrumented);
      const store = composed(reducer as never, preloadedState as never) as ReturnType<StoreEnhancerStoreCreator> & { liftedStore: LiftedStore };
      target.__REDUX_DEVTOOLS_MONITOR__ = monitorOf(store.liftedStore, options);
      return store;
    }) as never;
}
