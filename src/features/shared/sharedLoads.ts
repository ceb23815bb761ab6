import type { Task } from 'redux-saga';
import { createAction } from '@reduxjs/toolkit';
import { call, join, put, spawn } from 'redux-saga/effects';
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
 * A load found answered in the sagas' record, applied again: the state may lack it (Redux DevTools
 * imported a session or jumped to a past), and a page must never be left blank for it. Typed
 * under `content/`, whose slice applies it, like the route's actions under `navigation/`.
 */
export const loadRestored = createAction<{ key: string; data: unknown }>('content/restored');

/**
 * How many answers the record keeps: a page lists at most about ten loads, so the last few pages
 * (what Back finds) ask nothing again, while a long visit through many details stays bounded. The
 * least recently used answer goes first; one dropped is simply asked again when next needed.
 */
export const RECORDED_ANSWERS = 50;

/**
 * The answers of the loads that succeeded, least recently used first. A Map's order is its
 * insertion order, so a use moves the key to the end: a small LRU, without a library in the
 * browser's bundle for it.
 */
class RecentAnswers {
  private readonly answers = new Map<string, unknown>();

  constructor(private readonly max: number) {}

  has(key: string): boolean {
    return this.answers.has(key);
  }

  /** The answer of `key`, now the most recently used. */
  use(key: string): unknown {
    const answer = this.answers.get(key);
    this.set(key, answer);
    return answer;
  }

  set(key: string, answer: unknown): void {
    this.answers.delete(key);
    this.answers.set(key, answer);
    for (const oldest of this.answers.keys()) {
      if (this.answers.size <= this.max) break;
      this.answers.delete(oldest);
    }
  }
}

/**
 * The sagas' tasks in flight, keyed by what they do: the one concurrency pattern of the site's
 * pages, lists, More and forms. A content load is keyed by the resource it fetches (content/key.ts),
 * More by its list, a submission by its form (and the visit it was sent on).
 * - A task still in flight is joined, never started twice (`join`).
 * - A load done is not asked again (`run`; the server's render counts: the record starts from its
 *   state); its answer is put again (`loadRestored`), so the state cannot lack it. The record keeps
 *   the last RECORDED_ANSWERS answers.
 * - A task nobody waits for any more (every page that listed it was left) is cancelled, and so aborted.
 * - A task runs detached from the saga that started it, so leaving that page does not end it while
 *   the next page waits for it.
 * Kept in the sagas' redux-saga context (shared/sagaMemory.ts), never in the state Redux DevTools
 * may show from the past.
 */
export class SharedLoads {
  private readonly tasks = new Map<string, { task: Task; users: number }>();
  /** What the loads that succeeded answered. */
  private readonly done: RecentAnswers;

  /** `done`: the answers of the loads finished when the sagas start (the server's render), by key. */
  constructor(done: Iterable<[string, unknown]> = [], max = RECORDED_ANSWERS) {
    this.done = new RecentAnswers(max);
    for (const [key, data] of done) this.done.set(key, data);
  }

  /**
   * The answer of `key` when done, put again for the state; else runs `saga` for it, or joins the
   * run still in flight.
   */
  *run<Args extends unknown[], T>(key: string, saga: Saga<Args, ApiResult<T>>, ...args: Args): Generator<unknown, ApiResult<T>, unknown> {
    if (this.done.has(key)) {
      const data = this.done.use(key) as T;
      yield put(loadRestored({ key, data }));
      return { ok: true, data };
    }
    const result = (yield* this.join(key, saga, ...args)) as ApiResult<T>;
    if (result.ok) this.done.set(key, result.data);
    return result;
  }

  /**
   * Runs `saga` under `key`, or joins the run of `key` still in flight: either way, returns what
   * that run returns. Cancelled while waiting, the last one waiting cancels the run.
   * Its `finally` yields no effect: a saga delegating to it (`yield*`) and cancelled meanwhile
   * would otherwise go on after it, with redux-saga's TASK_CANCEL as the answer (a generator's
   * `return()` that meets a `yield` in a delegate's `finally` resumes the delegating one), and a
   * page already left would ask its next loads.
   */
  *join<Args extends unknown[], T>(key: string, saga: Saga<Args, T>, ...args: Args): Generator<unknown, T, unknown> {
    let entry = this.tasks.get(key);
    if (!entry?.task.isRunning()) {
      const task = (yield spawn(settled<Args, T>, saga, ...args)) as Task;
      entry = { task, users: 0 };
      this.tasks.set(key, entry);
    }
    entry.users += 1;
    let answered = false;
    try {
      const outcome = (yield join(entry.task)) as Outcome<T>;
      answered = true;
      if ('error' in outcome) throw outcome.error;
      return outcome.value;
    } finally {
      entry.users -= 1;
      // Not answered: this waiter was cancelled (its page left).
      if (!answered && entry.users === 0 && entry.task.isRunning()) entry.task.cancel();
      if (this.tasks.get(key) === entry && !entry.task.isRunning()) this.tasks.delete(key);
    }
  }
}
