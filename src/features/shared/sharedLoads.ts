import type { Task } from 'redux-saga';
import { cancel, cancelled, join, spawn } from 'redux-saga/effects';

/** The redux-saga context key under which the route saga hands its loads to the sagas it runs. */
export const SHARED_LOADS = 'sharedLoads';

/**
 * The loads in flight, keyed by the resource they fetch (content/key.ts): the route saga's own
 * record (in its redux-saga context, never in the state Redux DevTools may show from the past).
 * A page that needs a load still in flight joins it instead of asking again; a load nobody waits
 * for any more (every page that listed it was left) is cancelled, and so aborted. A load is run
 * detached from the page that started it, so leaving that page does not end it while the next
 * page waits for it.
 */
export class SharedLoads {
  private readonly loads = new Map<string, { task: Task; users: number }>();

  /** Runs `saga` for `key`, or joins the run of it still in flight, and returns its result. */
  *run<Args extends unknown[], T>(key: string, saga: (...args: Args) => Generator<unknown, T, unknown>, ...args: Args): Generator<unknown, T, unknown> {
    let load = this.loads.get(key);
    if (!load?.task.isRunning()) {
      const task = (yield spawn(saga as (...args: unknown[]) => Generator, ...args)) as Task;
      load = { task, users: 0 };
      this.loads.set(key, load);
    }
    load.users += 1;
    try {
      return (yield join(load.task)) as T;
    } finally {
      load.users -= 1;
      const left = (yield cancelled()) as boolean;
      if (left && load.users === 0 && load.task.isRunning()) yield cancel(load.task);
      if (this.loads.get(key) === load && !load.task.isRunning()) this.loads.delete(key);
    }
  }
}
