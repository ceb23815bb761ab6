/**
 * `npm run replay -- FILE [--quiet]`: replays a Redux DevTools session through the app's
 * reducers (sagas off), prints what each action changed, and says whether the final state
 * equals the recorded one. Exit code 1 when it does not.
 */
import { readFileSync } from 'node:fs';
import { rootReducer } from '../../src/features/rootReducer';
import { readSession, replaySession } from './session';

const [file, ...flags] = process.argv.slice(2);
if (!file || file === '--help') {
  console.log('Usage: npm run replay -- FILE [--quiet]\nReplays a session exported by Redux DevTools through the reducers and compares the final state.');
  process.exit(file ? 0 : 2);
}
const replay = replaySession(readSession(readFileSync(file, 'utf8')), rootReducer);
const MAX_PATHS = 6;
if (!flags.includes('--quiet')) {
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
