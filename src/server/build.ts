/** `npm start` builds the client only when dist is missing or older than its sources. */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';

const CLIENT_SOURCES = ['src', 'public', 'webpack.config.ts', 'package-lock.json'];
const NOT_CLIENT = new Set(['server', 'provider', 'node_modules']);

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(path) ? 0 : stat.mtimeMs;
  return readdirSync(path)
    .filter((name) => !NOT_CLIENT.has(name))
    .reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), 0);
}

export function isBuildStale(root: string, distDir: string): boolean {
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return CLIENT_SOURCES.some((source) => newestMtime(join(root, source)) > built);
}

/**
 * Runs webpack into `distDir`, then dates its index.html now: webpack leaves a file whose bytes
 * did not change as it was, so without this a source touched but not changed would leave the
 * build stale for good, and every later run would build again.
 */
export function runWebpack(root: string, distDir: string, args: string[], what: string): void {
  const result = spawnSync(process.execPath, [join(root, 'node_modules/webpack-cli/bin/cli.js'), ...args], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`The ${what} build failed`);
  const now = new Date();
  utimesSync(join(distDir, 'index.html'), now, now);
}

export function buildClient(root: string): void {
  console.log('Building the client (dist is missing or stale)…');
  runWebpack(root, join(root, 'dist'), ['--mode', 'production'], 'client');
}
