import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { rootReducer } from '../../src/features/rootReducer';
import { readSession, replaySession } from './session';

/** Turns a recorded DevTools session into a Jest test: the reducers, replayed, end where the recording ended. */
export function testSession(file: string) {
  it(`replays ${basename(file)} to the state it recorded`, () => {
    const session = readSession(readFileSync(file, 'utf8'));
    const replay = replaySession(session, rootReducer);
    expect(replay.steps.length).toBeGreaterThan(1);
    expect(replay.differences).toEqual([]);
    expect(replay.matches).toBe(true);
  });
}
