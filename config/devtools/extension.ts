/**
 * What the Redux DevTools browser extension puts into a page, for tests and recordings that
 * cannot install the extension: `window.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__` runs the same
 * instrument enhancer (@redux-devtools/instrument) inside the app's enhancers (middleware outside
 * it, as the extension composes them), takes the same options, and offers what its monitor
 * does: jump to an action, back to the present, export the session.
 *
 * The sanitizers work as the extension applies them (its pageScript's `filterState`): to what
 * leaves the page for the monitor, each recorded action through `actionSanitizer(action, id)` and
 * each computed state through `stateSanitizer(state, index)`; never to the store, whose reducers
 * and subscribers see the real thing. The extension's own Export of a Redux store is the
 * exception: it writes the actions as the store recorded them, unsanitized (`exportActions`).
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
  /** The lifted state as the monitor receives it: every action and computed state sanitized. */
  shown(): Lifted;
  /** The action ids and types the monitor lists, oldest first (id 0 is the store's @@INIT). */
  actions(): { id: number; type: string }[];
  jumpToAction(id: number): void;
  /** Back to the last action: what the app shows when nobody travels in time. */
  jumpToPresent(): void;
  /**
   * The session as the monitor holds it, written as DevTools export it and import it: the lifted
   * state as `payload` (sanitized, as shown), its first state as `preloadedState` (sanitized too:
   * the file leaves the page, though the extension never sends the monitor this state).
   */
  exportSession(): string;
  /**
   * The extension's Export for a Redux store (its `export: 'custom'` feature): the page writes the
   * actions the store recorded, after @@INIT, and the committed state, with no sanitizer at all.
   */
  exportActions(): string;
  /**
   * The ids of the actions a saga put (redux-saga marks them, not enumerably, so no export
   * carries the mark): what a replay with sagas leaves to the sagas.
   */
  sagaActionIds(): number[];
}

declare global {
  interface Window {
    __REDUX_DEVTOOLS_EXTENSION_COMPOSE__?: (options: DevToolsOptions) => (...enhancers: StoreEnhancer[]) => StoreEnhancer;
    __REDUX_DEVTOOLS_MONITOR__?: DevToolsMonitor;
  }
}

/** What the extension sends its monitor: its pageScript's `filterState`, with no action filter. */
function sanitized(lifted: Lifted, { actionSanitizer, stateSanitizer }: DevToolsOptions): Lifted {
  const actionsById = actionSanitizer
    ? Object.fromEntries(
        Object.entries(lifted.actionsById).map(([id, entry]) => [id, { ...entry, action: actionSanitizer(entry.action, Number(id)) as Action<string> }]),
      )
    : lifted.actionsById;
  const computedStates = stateSanitizer
    ? lifted.computedStates.map((entry, index) => ({ ...entry, state: stateSanitizer(entry.state, index) }))
    : lifted.computedStates;
  return { ...lifted, actionsById, computedStates };
}

function monitorOf(liftedStore: LiftedStore, options: DevToolsOptions): DevToolsMonitor {
  const lifted = () => liftedStore.getState();
  const shown = () => sanitized(lifted(), options);
  return {
    options,
    shown,
    actions: () => {
      const { actionsById, stagedActionIds } = shown();
      return stagedActionIds.map((id) => ({ id, type: actionsById[id]!.action.type }));
    },
    jumpToAction: (id) => void liftedStore.dispatch(ActionCreators.jumpToAction(id)),
    jumpToPresent: () => void liftedStore.dispatch(ActionCreators.jumpToAction(lifted().stagedActionIds.at(-1)!)),
    exportSession: () => {
      const { actionsById, computedStates, committedState: recorded, currentStateIndex, nextActionId, skippedActionIds, stagedActionIds } = shown();
      const committedState = options.stateSanitizer && recorded !== undefined ? options.stateSanitizer(recorded, 0) : recorded;
      // Repeated references (unchanged slices of consecutive states) are written once: jsan, as DevTools does.
      const state = { actionsById, computedStates, committedState, currentStateIndex, nextActionId, skippedActionIds, stagedActionIds };
      return JSON.stringify({ payload: jsan.stringify(state, undefined, undefined, { refs: true }), preloadedState: jsan.stringify(committedState) });
    },
    sagaActionIds: () => {
      const { actionsById, stagedActionIds } = lifted();
      return stagedActionIds.filter((id) => (actionsById[id]!.action as unknown as Record<string, unknown>)['@@redux-saga/SAGA_ACTION'] === true);
    },
    exportActions: () => {
      const { actionsById, stagedActionIds, committedState } = lifted();
      const actions = stagedActionIds.slice(1).map((id) => actionsById[id]!.action);
      return JSON.stringify({ payload: jsan.stringify(actions), preloadedState: jsan.stringify(committedState) });
    },
  };
}

export function installDevTools(target: Window) {
  target.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ =
    (options) =>
    (...enhancers) =>
    (createStore) =>
      ((reducer: Reducer, preloadedState?: unknown) => {
        const instrumented = instrument((monitorState: unknown = null) => monitorState, {
          maxAge: options.maxAge ?? 50,
          trace: options.trace,
          shouldCatchErrors: false,
        })(createStore as never) as unknown as StoreEnhancerStoreCreator;
        const composed = enhancers.reduceRight<StoreEnhancerStoreCreator>((next, enhancer) => enhancer(next as never) as never, instrumented);
        const store = composed(reducer as never, preloadedState as never) as ReturnType<StoreEnhancerStoreCreator> & { liftedStore: LiftedStore };
        target.__REDUX_DEVTOOLS_MONITOR__ = monitorOf(store.liftedStore, options);
        return store;
      }) as never;
}
