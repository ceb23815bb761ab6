/**
 * A Redux DevTools session read from its exported file and replayed through the app's reducers
 * (no sagas: what the store did, not what it asked for). The formats DevTools writes and reads:
 * `{ payload, preloadedState }` with the payload a list of actions (the extension's Export) or a
 * lifted state (the @redux-devtools/cli monitor, our recorder), or a lifted state on its own.
 */
import { isDeepStrictEqual } from 'node:util';
import jsan from 'jsan';
import type { Action, Reducer } from 'redux';
import type { SagaRecording } from './sagaReplay';

export interface Session {
  initialState: unknown;
  actions: Action<string>[];
  /** When each action was dispatched (ms), where the file says. */
  timestamps?: number[];
  /** Our recordings: what the sagas did, for a replay with sagas (sagaReplay.ts). */
  saga?: SagaRecording;
  /** The state DevTools computed after the last action; absent from the extension's plain export. */
  recordedFinal?: unknown;
}

interface LiftedShape {
  actionsById: Record<string, { action: Action<string>; timestamp?: number }>;
  stagedActionIds: number[];
  skippedActionIds?: number[];
  computedStates?: { state: unknown }[];
  committedState?: unknown;
}

const isLifted = (value: unknown): value is LiftedShape => typeof value === 'object' && value !== null && 'actionsById' in value && 'stagedActionIds' in value;

export function readSession(text: string): Session {
  const file: unknown = jsan.parse(text);
  if (isLifted(file)) return fromLifted(file, undefined);
  if (typeof file !== 'object' || file === null || typeof (file as { payload?: unknown }).payload !== 'string') {
    throw new Error('Not a Redux DevTools session: expected { payload, preloadedState } or a lifted state');
  }
  const { payload, preloadedState, saga } = file as { payload: string; preloadedState?: string; saga?: SagaFile };
  const initial: unknown = preloadedState ? jsan.parse(preloadedState) : undefined;
  const parsed: unknown = jsan.parse(payload);
  if (Array.isArray(parsed)) return { initialState: initial, actions: parsed as Action<string>[] };
  if (isLifted(parsed)) return withSaga(fromLifted(parsed, initial), parsed, saga);
  throw new Error('The session payload is neither a list of actions nor a lifted state');
}

/** The saga part of our recordings: which action ids a saga put, and what the sagas did. */
type SagaFile = Omit<SagaRecording, 'bySaga'> & { sagaActionIds: number[] };

const replayedIds = (lifted: LiftedShape) => {
  const skipped = new Set(lifted.skippedActionIds ?? []);
  return lifted.stagedActionIds.filter((id) => !skipped.has(id));
};

function fromLifted(lifted: LiftedShape, preloaded: unknown): Session {
  const ids = replayedIds(lifted);
  return {
    initialState: lifted.committedState ?? preloaded,
    actions: ids.map((id) => lifted.actionsById[id]!.action),
    timestamps: ids.map((id) => lifted.actionsById[id]!.timestamp ?? 0),
    recordedFinal: lifted.computedStates?.at(-1)?.state,
  };
}

function withSaga(session: Session, lifted: LiftedShape, saga: SagaFile | undefined): Session {
  if (!saga) return session;
  const { sagaActionIds, ...rest } = saga;
  const bySaga = new Set(sagaActionIds);
  return { ...session, saga: { ...rest, bySaga: replayedIds(lifted).map((id) => bySaga.has(id)) } };
}

export interface ReplayStep {
  index: number;
  type: string;
  /** The paths whose value this action changed, e.g. `navigation.route.path`. */
  changes: string[];
}

export interface Replay {
  steps: ReplayStep[];
  finalState: unknown;
  /** null: the file holds no final state to compare with. */
  matches: boolean | null;
  /** Where the replayed and the recorded final states differ. */
  differences: string[];
}

export function replaySession(session: Session, reducer: Reducer): Replay {
  let state: unknown = session.initialState;
  const steps: ReplayStep[] = [];
  session.actions.forEach((action, index) => {
    const next: unknown = reducer(state as never, action);
    steps.push({ index, type: action.type, changes: changedPaths(state, next) });
    state = next;
  });
  if (session.recordedFinal === undefined) return { steps, finalState: state, matches: null, differences: [] };
  const matches = isDeepStrictEqual(JSON.parse(JSON.stringify(state)), session.recordedFinal);
  return { steps, finalState: state, matches, differences: matches ? [] : changedPaths(session.recordedFinal, state) };
}

/** The leaf paths where two plain-data values differ (a replaced subtree counts once per changed leaf). */
export function changedPaths(before: unknown, after: unknown, path = ''): string[] {
  if (Object.is(before, after)) return [];
  const bothObjects =
    typeof before === 'object' && before !== null && typeof after === 'object' && after !== null && Array.isArray(before) === Array.isArray(after);
  if (!bothObjects) return [path || '(state)'];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].flatMap((key) =>
    changedPaths((before as Record<string, unknown>)[key], (after as Record<string, unknown>)[key], path ? `${path}.${key}` : key),
  );
}
