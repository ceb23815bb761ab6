import Fastify from 'fastify';
import type { RecheckReport } from './client';
import { scheduleRecheck } from './recheckSchedule';

describe('asking Strapi again for the kept answers', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] }));
  afterEach(() => jest.useRealTimers());

  it('runs a round every interval for the answers older than it, never two at once, and stops the round in progress on close', async () => {
    const app = Fastify();
    const calls: { olderThanMs: number; signal: AbortSignal }[] = [];
    let finish: (report: RecheckReport) => void = () => {};
    scheduleRecheck(
      app,
      (olderThanMs, signal) => {
        calls.push({ olderThanMs, signal });
        return new Promise((resolve) => {
          finish = resolve;
          // As the client's round does: it ends after its current call once told to stop.
          signal.addEventListener('abort', () => resolve({ asked: 1, forgotten: 0, stopped: true }));
        });
      },
      60_000,
    );
    await app.ready();
    await jest.advanceTimersByTimeAsync(59_999);
    expect(calls).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(calls.map(({ olderThanMs }) => olderThanMs)).toEqual([60_000]);
    // A round still asking: the next interval does not start another.
    await jest.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
    finish({ asked: 3, forgotten: 0, stopped: false });
    await jest.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(2);

    await app.close();
    expect(calls[1]!.signal.aborted).toBe(true);
    await jest.advanceTimersByTimeAsync(120_000);
    expect(calls).toHaveLength(2);
  });
});
