import { runSaga, type Task } from 'redux-saga';
import { call, cancel, cancelled, fork, join } from 'redux-saga/effects';
import type { UnknownAction } from '@reduxjs/toolkit';
import { deferred } from '../store.testing';
import type { ApiResult } from './callApi';
import { loadRestored, RECORDED_ANSWERS, SharedLoads } from './sharedLoads';

/** A task whose end the test decides, counting its starts and how each ended. */
function controlledTask<T>() {
  const runs: { answer: ReturnType<typeof deferred<T>>; ended: 'answered' | 'cancelled' | 'threw' | null; cleanedUp: ReturnType<typeof deferred<void>> }[] = [];
  function* task(label: string): Generator<unknown, T, unknown> {
    const run = { answer: deferred<T>(), ended: null as (typeof runs)[number]['ended'], cleanedUp: deferred<void>(), label };
    runs.push(run);
    try {
      const value = (yield call(() => run.answer.promise)) as T;
      run.ended = 'answered';
      return value;
    } catch (error) {
      run.ended = 'threw';
      throw error;
    } finally {
      if ((yield cancelled()) as boolean) {
        run.ended = 'cancelled';
        // A cancelled load still puts and aborts in its finally: the test decides when that ends.
        yield call(() => run.cleanedUp.promise);
      }
    }
  }
  return { task, runs };
}

/** Runs `saga` on a bare channel-less store, recording what it puts. */
function start(saga: () => Generator) {
  const put: UnknownAction[] = [];
  const task = runSaga({ dispatch: (action: UnknownAction) => put.push(action), getState: () => ({}) }, saga);
  return { task, put };
}

/** Lets the promises already settled run their sagas on (microtasks only: no timer, no clock). */
async function tick() {
  for (let turn = 0; turn < 20; turn += 1) await Promise.resolve();
}

describe('SharedLoads.join', () => {
  it('runs a key once for every saga waiting on it while it is in flight, and hands each the answer', async () => {
    const loads = new SharedLoads();
    const { task, runs } = controlledTask<string>();
    const answers: string[] = [];
    const { task: root } = start(function* () {
      const waiters: Task[] = [];
      for (let n = 0; n < 3; n += 1)
        waiters.push(
          (yield fork(function* () {
            answers.push((yield* loads.join('k', task, `waiter ${n}`)) as string);
          })) as Task,
        );
      yield join(waiters);
    });
    await tick();
    expect(runs).toHaveLength(1);
    runs[0]!.answer.resolve('A');
    await root.toPromise();
    expect(answers).toEqual(['A', 'A', 'A']);
  });

  it('a waiter cancelled while others remain leaves the run alone; the last one cancels it', async () => {
    const loads = new SharedLoads();
    const { task, runs } = controlledTask<string>();
    const answers: string[] = [];
    let second: Task | undefined;
    const { task: root } = start(function* () {
      const first: Task = yield fork(function* () {
        answers.push((yield* loads.join('k', task, 'first')) as string);
      });
      second = yield fork(function* () {
        answers.push((yield* loads.join('k', task, 'second')) as string);
      });
      yield cancel(first);
      yield join(second as Task);
    });
    await tick();
    expect(runs.map((run) => run.ended)).toEqual([null]);
    runs[0]!.answer.resolve('A');
    await root.toPromise();
    expect(answers).toEqual(['A']);
    expect(runs.map((run) => run.ended)).toEqual(['answered']);

    const { task: leaving } = start(function* () {
      const only: Task = yield fork(function* () {
        yield* loads.join('other', task, 'only');
      });
      yield call(tick);
      yield cancel(only);
    });
    await leaving.toPromise();
    expect(runs[1]!.ended).toBe('cancelled');
  });

  it('hands an error thrown by the run to every waiter, and forgets the key', async () => {
    const loads = new SharedLoads();
    const { task, runs } = controlledTask<string>();
    const caught: unknown[] = [];
    const waiter = function* () {
      try {
        yield* loads.join('k', task, 'w');
      } catch (error) {
        caught.push(error);
      }
    };
    const { task: root } = start(function* () {
      yield join([(yield fork(waiter)) as Task, (yield fork(waiter)) as Task]);
    });
    await tick();
    const bug = new Error('bug');
    runs[0]!.answer.reject(bug);
    await root.toPromise();
    expect(caught).toEqual([bug, bug]);
    // Forgotten: the next waiter starts a run of its own.
    const { task: again } = start(function* () {
      yield fork(waiter);
    });
    await tick();
    expect(runs).toHaveLength(2);
    runs[1]!.answer.resolve('B');
    await again.toPromise();
  });

  it('forgets a run once it ended, answered or cancelled (even while its finally still runs): the next waiter starts anew', async () => {
    const loads = new SharedLoads();
    const { task, runs } = controlledTask<string>();
    const { task: first } = start(function* () {
      yield* loads.join('k', task, 'one');
    });
    await tick();
    runs[0]!.answer.resolve('A');
    await first.toPromise();

    const { task: cancelling } = start(function* () {
      const waiter: Task = yield fork(function* () {
        yield* loads.join('k', task, 'two');
      });
      yield call(tick);
      yield cancel(waiter);
    });
    await cancelling.toPromise();
    expect(runs.map((run) => run.ended)).toEqual(['answered', 'cancelled']);
    // The cancelled run has not finished its clean-up yet; a new waiter does not join it.
    const answers: string[] = [];
    const { task: third } = start(function* () {
      answers.push((yield* loads.join('k', task, 'three')) as string);
    });
    await tick();
    expect(runs).toHaveLength(3);
    runs[1]!.cleanedUp.resolve();
    runs[2]!.answer.resolve('C');
    await third.toPromise();
    expect(answers).toEqual(['C']);
  });
});

describe('SharedLoads.run', () => {
  const load = (data: string) =>
    function* (): Generator<unknown, ApiResult<string>, unknown> {
      yield call(tick);
      return { ok: true, data };
    };

  it('asks a load done once, then answers from the record and puts that answer again for the state', async () => {
    const loads = new SharedLoads([['server', 'S']]);
    const asked = jest.fn(load('A'));
    const results: ApiResult<string>[] = [];
    const { task, put } = start(function* () {
      for (const key of ['k', 'k', 'server']) results.push((yield* loads.run(key, asked)) as ApiResult<string>);
    });
    await task.toPromise();
    expect(asked).toHaveBeenCalledTimes(1);
    expect(results).toEqual([
      { ok: true, data: 'A' },
      { ok: true, data: 'A' },
      { ok: true, data: 'S' },
    ]);
    expect(put).toEqual([loadRestored({ key: 'k', data: 'A' }), loadRestored({ key: 'server', data: 'S' })]);
  });

  it('asks a failed load again', async () => {
    const loads = new SharedLoads();
    const failing = jest.fn(function* (): Generator<unknown, ApiResult<string>, unknown> {
      yield call(tick);
      return { ok: false, error: { kind: 'network', code: null, msg: 'down' } };
    });
    const { task } = start(function* () {
      for (const key of ['k', 'k']) yield* loads.run(key, failing);
    });
    await task.toPromise();
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it('keeps the most recently used answers only: the least recently used is asked again', async () => {
    expect(RECORDED_ANSWERS).toBe(50);
    const loads = new SharedLoads([], 2);
    const asked: string[] = [];
    const counting = (key: string) =>
      function* (): Generator<unknown, ApiResult<string>, unknown> {
        asked.push(key);
        yield call(tick);
        return { ok: true, data: key };
      };
    const { task } = start(function* () {
      for (const key of ['a', 'b', 'a', 'c', 'a', 'b']) yield* loads.run(key, counting(key));
    });
    await task.toPromise();
    // 'a' was used again before 'c' came, so 'b' went; 'a' stayed.
    expect(asked).toEqual(['a', 'b', 'c', 'b']);
  });
});
