import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { testSession } from './sessionTest';

/** Every session recorded from the development build (npm run sessions:record) replays to the state it recorded. */
describe('recorded Redux DevTools sessions', () => {
  const dir = join(__dirname, 'sessions');
  const files = readdirSync(dir).filter((name) => name.endsWith('.json'));
  it('are at least the three the team relies on', () => expect(files.length).toBeGreaterThanOrEqual(3));
  for (const file of files) testSession(join(dir, file));
});
