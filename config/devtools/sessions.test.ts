import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { testSession } from './session.testing';

/**
 * Every session recorded from the development build (npm run sessions:record) replays to the state
 * it recorded, and with the sagas to the same effects (session.testing.ts).
 */
describe('recorded Redux DevTools sessions', () => {
  const dir = join(__dirname, 'sessions');
  const files = readdirSync(dir).filter((name) => name.endsWith('.json'));
  // The scenarios of scenarios.ts: browsing in zh and en, the job form, 403, code 1, 402, Retry
  // after an outage, Retry of one section, an anchor on another page, the language switch (with a
  // product category chosen too), staff pages 1→2→Back, two quick tab taps on a slow network, a
  // chunk's reload and give-up.
  it('are the fifteen the team relies on', () => expect(files.length).toBeGreaterThanOrEqual(15));
  for (const file of files) testSession(join(dir, file));
});
