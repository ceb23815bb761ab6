/**
 * `npm run test:browser`: the real-browser suite, on Node's test runner, two files at a time by
 * default (BROWSER_WORKERS; each file starts its own site and provider on free ports with a fresh
 * DATA_DIR, so files share nothing but the builds and the picture copies). `--build-only` makes the builds and stops.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildClient, isBuildStale } from '../../src/server/build';
import { buildDevClient } from '../../config/devtools/devSite';
import { findTestBrowser, MISSING_BROWSER_MESSAGE } from './browser';

if (process.env.SKIP_BROWSER_TESTS === '1') {
  console.log('Browser tests skipped (SKIP_BROWSER_TESTS=1).');
  process.exit(0);
}

// The tests serve the production build, and the DevTools file the development one: each made
// once, here, when missing or stale.
const root = join(__dirname, '..', '..');
if (isBuildStale(root, join(root, 'dist'))) buildClient(root);
buildDevClient();
if (process.argv.includes('--build-only')) process.exit(0);

if (!findTestBrowser()) {
  console.error(MISSING_BROWSER_MESSAGE);
  process.exit(1);
}

/**
 * The files that take longest (a minute and a half to three and a half on two cores), started
 * first: files start in the order given, and a long one started last would run on alone at the end.
 */
const LONGEST_FIRST = ['everyRoute.zh', 'everyRoute.en', 'links', 'xss', 'ssr', 'hostile', 'crawl', 'devtools', 'navigation', 'machine'];
const rank = (name: string) => {
  const found = LONGEST_FIRST.indexOf(name.replace(/\.test\.ts$/, ''));
  return found === -1 ? LONGEST_FIRST.length : found;
};

const dir = __dirname;
const only = process.argv.slice(2);
const workers = Number(process.env.BROWSER_WORKERS || 2);
const files = readdirSync(dir)
  .filter((name) => name.endsWith('.test.ts'))
  .filter((name) => only.length === 0 || only.some((pattern) => name.includes(pattern)))
  .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
  .map((name) => join(dir, name));

const pictureCopies = mkdtempSync(join(tmpdir(), 'browser-picture-copies-'));
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', `--test-concurrency=${workers}`, '--test-reporter=spec', ...files], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production', PICTURE_COPIES_DIR: pictureCopies },
});
rmSync(pictureCopies, { recursive: true, force: true });
process.exit(result.status ?? 1);
