/**
 * `npm run replay -- FILE [--quiet] [--sagas]`: replays a Redux DevTools session through the
 * app's reducers (sagas off), prints what each action changed, and says whether the final state
 * equals the recorded one. With --sagas (a session recorded by `npm run sessions:record`), the
 * visitor's actions are replayed with the sagas running against the recorded provider answers,
 * and every effect that differs is listed. Exit code 1 when anything differs.
 */
import { readFileSync } from 'node:fs';
import { rootReducer } from '../../src/features/rootReducer';
import { replayWithSagas } from './sagaReplay';
import { readSession, replaySession } from './session';

const args = process.argv.slice(2);
const file = args.find((arg) => !arg.startsWith('--'));
const flags = new Set(args.filter((arg) => arg.startsWith('--')));
if (!file || flags.has('--help')) {
  console.log(
    'Usage: npm run replay -- FILE [--quiet] [--sagas]\nReplays a session exported by Redux DevTools through the reducers and compares the final state;\nwith --sagas, replays it with the sagas against the provider answers recorded with it and compares their effects.',
  );
  process.exit(file ? 0 : 2);
}
const session = readSession(readFileSync(file, 'utf8'));
const replay = replaySession(session, rootReducer);
const MAX_PATHS = 6;
if (!flags.has('--quiet')) {
  for (const { index, type, changes } of replay.steps) {
    const shown = changes.slice(0, MAX_PATHS).join(', ');
    const more = changes.length > MAX_PATHS ? ` (+${changes.length - MAX_PATHS} more)` : '';
    console.log(`#${String(index).padStart(3)} ${type}${changes.length ? `\n       ${shown}${more}` : '  (no change)'}`);
  }
}
console.log(`${replay.steps.length} actions replayed.`);
if (replay.matches === null) {
  console.log('The file holds no recorded final state (a plain action export): nothing to compare.');
} else if (replay.matches) {
  console.log('final state matches the recorded one');
} else {
  console.log(`final state DIFFERS from the recorded one at: ${replay.differences.join(', ')}`);
  process.exitCode = 1;
}

if (flags.has('--sagas')) {
  if (!session.saga) {
    console.log('The file holds no provider answers (record it with npm run sessions:record): no replay with sagas.');
    process.exitCode = 1;
  } else {
    void replayWithSagas(session, session.saga).then(({ differences }) => {
      if (differences.length === 0) {
        console.log('with the sagas: the same actions, requests, toasts and pages as recorded');
        return;
      }
      console.log(`with the sagas, ${differences.length} differences:\n${differences.map((d) => `  - ${d}`).join('\n')}`);
      process.exitCode = 1;
    });
  }
}
