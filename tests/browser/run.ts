/**
 * `npm run test:browser`: the real-browser suite, on Node's test runner, one file at a time
 * (each file starts its own site and provider on free ports with a fresh DATA_DIR).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildClient, isBuildStale } from '../../src/server/build';
import { findChromium, MISSING_BROWSER_MESSAGE } from './browser';

if (process.env.SKIP_BROWSER_TESTS === '1') {
  console.log('Browser tests skipped (SKIP_BROWSER_TESTS=1).');
  process.exit(0);
}
if (!findChromium()) {
  console.error(MISSING_BROWSER_MESSAGE);
  process.exit(1);
}

// The tests serve the production build; make it once, here, when missing or stale.
const root = join(__dirname, '..', '..');
if (isBuildStale(root, join(root, 'dist'))) buildClient(root);

const dir = __dirname;
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((name) => name.endsWith('.test.ts'))
  .filter((name) => only.length === 0 || only.some((pattern) => name.includes(pattern)))
  .sort()
  .map((name) => join(dir, name));

const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-reporter=spec', ...files],
  { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } },
);
process.exit(result.status ?? 1);
