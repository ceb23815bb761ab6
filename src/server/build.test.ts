import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isBuildStale, runWebpack } from './build';

const made: string[] = [];
afterEach(() => {
  for (const root of made.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A project whose webpack leaves every file as it was (its output unchanged), or fails. */
function project(webpackExitCode: number) {
  const root = mkdtempSync(join(tmpdir(), 'build-'));
  made.push(root);
  const dist = join(root, 'dist');
  mkdirSync(join(root, 'src'));
  mkdirSync(dist);
  mkdirSync(join(root, 'node_modules/webpack-cli/bin'), { recursive: true });
  writeFileSync(join(root, 'node_modules/webpack-cli/bin/cli.js'), `process.exit(${webpackExitCode});`);
  writeFileSync(join(dist, 'index.html'), '<!doctype html>');
  const anHourAgo = new Date(Date.now() - 3_600_000);
  utimesSync(join(dist, 'index.html'), anHourAgo, anHourAgo);
  writeFileSync(join(root, 'src', 'app.ts'), 'export {};');
  return { root, dist };
}

describe('client build', () => {
  test('a build whose output did not change still leaves it fresh: the next run does not build again', () => {
    const { root, dist } = project(0);
    expect(isBuildStale(root, dist)).toBe(true);
    runWebpack(root, dist, ['--mode', 'production'], 'client');
    expect(isBuildStale(root, dist)).toBe(false);
  });

  test('a failed build says so and leaves the build stale', () => {
    const { root, dist } = project(2);
    expect(() => runWebpack(root, dist, [], 'client')).toThrow('The client build failed');
    expect(isBuildStale(root, dist)).toBe(true);
  });
});
