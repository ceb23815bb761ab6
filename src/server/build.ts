/** `npm start` builds the client only when dist is missing or older than its sources. */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
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

export function buildClient(root: string): void {
  console.log('Building the client (dist is missing or stale)…');
  const result = spawnSync(process.execPath, [join(root, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('The client build failed');
}
