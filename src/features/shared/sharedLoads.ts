import type { Task } from 'redux-saga';
import { cancel, cancelled, getContext, join, select, setContext, spawn } from 'redux-saga/effects';
import type { RootState } from '../rootReducer';
import type { ApiResult } from './callApi';

/** The redux-saga context key under which the root saga hands the shared loads to every saga. */
export const SHARED_LOADS = 'sharedLoads';

/**
 * The loads in flight and done, keyed by the resource they fetch (content/key.ts): the sagas' own
 * record (in their redux-saga context, never in the state Redux DevTools may show from the past).
 * A load done is never asked again (the server's render counts: the record starts from its state).
 * A page that needs a load still in flight joins it instead of asking again; a load nobody waits
 * for any more (every page that listed it was left) is cancelled, and so aborted. A load is run
 * detached from the page that started it, so leaving that page does not end it while the next
 * page waits for it.
 */
export class SharedLoads {
  private readonly loads = new Map<string, { task: Task; users: number }>();
  /** What the loads that succeeded answered. */
  private readonly done = new Map<string, unknown>();

  /** `loaded`: the content entries when the sagas start (the server's render). */
  constructor(loaded: RootState['content']['entries'] = {}) {
    for (const [key, entry] of Object.entries(loaded)) if (entry.status === 'succeeded') this.done.set(key, entry.data);
  }

  /** The answer of `key` when done; else runs `saga` for it, or joins the run still in flight. */
  *run<Args extends unknown[], T>(
    key: string,
    saga: (...args: Args) => Generator<unknown, ApiResult<T>, unknown>,
    ...args: Args
  ): Generator<unknown, ApiResult<T>, unknown> {
    if (this.done.has(key)) return { ok: true, data: this.done.get(key) as T };
    let load = this.loads.get(key);
    if (!load?.task.isRunning()) {
      const task = (yield spawn(saga as (...args: unknown[]) => Generator, ...args)) as Task;
      load = { task, users: 0 };
      this.loads.set(key, load);
    }
    load.users += 1;
    try {
      const result = (yield join(load.task)) as ApiResult<T>;
      if (result.ok) this.done.set(key, result.data);
      return result;
    } finally {
      load.users -= 1;
      const left = (yield cancelled()) as boolean;
      if (left && load.users === 0 && load.task.isRunning()) yield cancel(load.task);
      if (this.loads.get(key) === load && !load.task.isRunning()) this.loads.delete(key);
    }
  }
}

/**
 * Gives the sagas run from here on the shared loads, unless they have them already (the root saga
 * gives them to every watcher; a watcher run alone makes its own). The state is read once, now,
 * when it is the server's and no past can be shown.
 */
export function* provideSharedLoads(): Generator<unknown, void, unknown> {
  if (yield getContext(SHARED_LOADS)) return;
  const entries = (yield select((state: RootState) => state.content.entries)) as RootState['content']['entries'];
  yield setContext({ [SHARED_LOADS]: new SharedLoads(entries) });
}
