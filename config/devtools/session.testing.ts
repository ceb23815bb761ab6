import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { rootReducer } from '../../src/features/rootReducer';
import { replayWithSagas } from './sagaReplay';
import { readSession, replaySession } from './session';

/**
 * Turns a recorded DevTools session into Jest tests: the reducers, replayed, end where the
 * recording ended; and, for our recordings, the sagas replayed against the recorded provider
 * answers put the same actions, make the same requests, show the same toasts and load the same pages.
 */
export function testSession(file: string) {
  const session = readSession(readFileSync(file, 'utf8'));
  it(`replays ${basename(file)} to the state it recorded`, () => {
    const replay = replaySession(session, rootReducer);
    expect(replay.steps.length).toBeGreaterThan(1);
    expect(replay.differences).toEqual([]);
    expect(replay.matches).toBe(true);
  });
  if (session.saga) {
    const recording = session.saga;
    it(`replays ${basename(file)} with the sagas: the same effects`, async () => {
      expect((await replayWithSagas(session, recording)).differences).toEqual([]);
    });
  }
}
