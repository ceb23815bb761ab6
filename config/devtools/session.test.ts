import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import jsan from 'jsan';
import { rootReducer } from '../../src/features/rootReducer';
import { changedPaths, readSession, replaySession } from './session';

const recorded = readFileSync(join(__dirname, 'sessions', 'job-application-refused-then-accepted.json'), 'utf8');

describe('a DevTools session file', () => {
  it('replays from its first state and names what each action changed', () => {
    const replay = replaySession(readSession(recorded), rootReducer);
    const refused = replay.steps.find((step) => step.type === 'forms/submitRejected');
    expect(refused?.changes).toEqual(expect.arrayContaining([expect.stringMatching(/^forms\.byKey\.application:\d+/)]));
    expect(replay.matches).toBe(true);
  });

  it('says so when the reducers no longer end where the recording did', () => {
    const file = JSON.parse(recorded) as { payload: string; preloadedState: string };
    const lifted = jsan.parse(file.payload) as { computedStates: { state: { navigation: { mobileMenuOpen: boolean } } }[] };
    lifted.computedStates.at(-1)!.state.navigation.mobileMenuOpen = true;
    const altered = JSON.stringify({ ...file, payload: jsan.stringify(lifted) });
    const replay = replaySession(readSession(altered), rootReducer);
    expect(replay.matches).toBe(false);
    expect(replay.differences).toEqual(['navigation.mobileMenuOpen']);
  });

  it("reads the extension's plain export (a list of actions), which has no final state to compare", () => {
    const session = readSession(recorded);
    const plain = JSON.stringify({ payload: JSON.stringify(session.actions), preloadedState: JSON.stringify(session.initialState) });
    const replay = replaySession(readSession(plain), rootReducer);
    expect(replay.matches).toBeNull();
    expect(replay.finalState).toEqual(replaySession(session, rootReducer).finalState);
  });

  it('refuses a file that is not a session', () => {
    expect(() => readSession('{"hello":1}')).toThrow(/Not a Redux DevTools session/);
  });

  it('lists the leaf paths two states differ at', () => {
    expect(changedPaths({ a: { b: 1, c: [1, 2] }, d: 1 }, { a: { b: 2, c: [1, 3] }, d: 1 })).toEqual(['a.b', 'a.c.1']);
  });
});
