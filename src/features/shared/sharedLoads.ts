import type { Task } from 'redux-saga';
import { call, cancel, cancelled, join, spawn } from 'redux-saga/effects';
import type { ApiResult } from './callApi';

type Saga<Args extends unknown[], T> = (...args: Args) => Generator<unknown, T, unknown>;
type Outcome<T> = { value: T } | { error: unknown };

/**
 * A task's end as a value: a bug thrown in a detached task would otherwise end it as a root task
 * (redux-saga logs it there) and never reach the sagas waiting for it. Each of them throws it
 * instead, where its watcher's restart logs it (app/rootSaga.ts).
 */
function* settled<Args extends unknown[], T>(saga: Saga<Args, T>, ...args: Args): Generator<unknown, Outcome<T>, unknown> {
  try {
    return { value: (yield call(saga as (...args: unknown[]) => Generator, ...args)) as T };
  } catch (error) {
    return { error };
  }
}

/**
 * The sagas' tasks in flight, keyed by what they do: the one concurrency pattern of the site's
 * pages, lists, More and forms. A content load is keyed by the resource it fetches (content/key.ts),
 * More by its list, a submission by its form (and the visit it was sent on).
 * - A task still in flight is joined, never started twice (`join`).
 * - A load done is never asked again (`run`; the server's render counts: the record starts from its state).
 * - A task nobody waits for any more (every page that listed it was left) is cancelled, and so aborted.
 * - A task runs detached from the saga that started it, so leaving that page does not end it while
 *   the next page waits for it.
 * Kept in the sagas' redux-saga context (shared/sagaMemory.ts), never in the state Redux DevTools
 * may show from the past.
 */
export class SharedLoads {
  private readonly tasks = new Map<string, { task: Task; users: number }>();
  /** What the loads that succeeded answered. */
  private readonly done = new Map<string, unknown>();

  /** `done`: the answers of the loads finished when the sagas start (the server's render), by key. */
  constructor(done: Iterable<[string, unknown]> = []) {
    for (const [key, data] of done) this.done.set(key, data);
  }

  /** Whether a task of `key` is in flight. */
  inFlight(key: string): boolean {
    return this.tasks.get(key)?.task.isRunning() ?? false;
  }

  /** The answer of `key` when done; else runs `saga` for it, or joins the run still in flight. */
  *run<Args extends unknown[], T>(key: string, saga: Saga<Args, ApiResult<T>>, ...args: Args): Generator<unknown, ApiResult<T>, unknown> {
    if (this.done.has(key)) return { ok: true, data: this.done.get(key) as T };
    const result = (yield* this.join(key, saga, ...args)) as ApiResult<T>;
    if (result.ok) this.done.set(key, result.data);
    return result;
  }

  /**
   * Runs `saga` under `key`, or joins the run of `key` still in flight: either way, returns what
   * that run returns. Cancelled while waiting, the last one waiting cancels the run.
   */
  *join<Args extends unknown[], T>(key: string, saga: Saga<Args, T>, ...args: Args): Generator<unknown, T, unknown> {
    let entry = this.tasks.get(key);
    if (!entry?.task.isRunning()) {
      const task = (yield spawn(settled<Args, T>, saga, ...args)) as Task;
      entry = { task, users: 0 };
      this.tasks.set(key, entry);
    }
    entry.users += 1;
    try {
      const outcome = (yield join(entry.task)) as Outcome<T>;
      if ('error' in outcome) throw outcome.error;
      return outcome.value;
    } finally {
      entry.users -= 1;
      const left = (yield cancelled()) as boolean;
      if (left && entry.users === 0 && entry.task.isRunning()) yield cancel(entry.task);
      if (this.tasks.get(key) === entry && !entry.task.isRunning()) this.tasks.delete(key);
    }
  }
}
