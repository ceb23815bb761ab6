/** The one list of system packages: `npm test` installs what is missing as root, and names the command to anyone else. */
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensurePackages, missingPackages } from '../tests/system/packages';

const ROOT = join(__dirname, '..');

/** An environment whose PATH holds only the given commands (sbin is searched too, for nginx). */
function withCommands<T>(commands: string[], env: Record<string, string>, work: (env: NodeJS.ProcessEnv) => T): T {
  const bin = mkdtempSync(join(tmpdir(), 'path-'));
  for (const command of commands) symlinkSync('/bin/true', join(bin, command));
  try {
    return work({ PATH: bin, PG_BIN: join(bin, 'missing'), ...env });
  } finally {
    rmSync(bin, { recursive: true, force: true });
  }
}

describe('the system packages the tests need', () => {
  it('names the missing ones, and none whose commands are there', () => {
    const missing = withCommands(['chromium', 'pdftotext', 'pdfinfo'], {}, (env) => missingPackages(env));
    // No fc-list on this PATH: no font known. (nginx is looked for in sbin too, where this machine may have it.)
    expect(missing).toEqual(expect.arrayContaining(['libxml2-utils', 'fonts-noto-cjk', 'postgresql']));
    expect(missing).not.toContain('chromium');
    expect(missing).toContain('chromium-headless-shell');
    expect(missing).not.toContain('poppler-utils');
  });

  it('counts PostgreSQL as there only with a server to make a cluster with, and leaves the browser ones out with SKIP_BROWSER_TESTS=1', () => {
    const tools = ['xmllint', 'nginx', 'pg_dump', 'pg_restore', 'initdb'];
    expect(withCommands(tools, { SKIP_BROWSER_TESTS: '1' }, (env) => missingPackages({ ...env, PG_BIN: env.PATH }))).toEqual([]);
    expect(withCommands(tools, { SKIP_BROWSER_TESTS: '1' }, (env) => missingPackages(env))).toEqual(['postgresql']);
  });

  it('tells someone who is not root the one command to run, and why, instead of installing', () => {
    const advice = withCommands(['apt-get'], {}, (env) => () => ensurePackages(env, 1000));
    expect(advice).toThrow(/sudo apt-get install -y chromium chromium-headless-shell fonts-noto-cjk poppler-utils libxml2-utils (nginx )?postgresql\n/);
    expect(advice).toThrow(/the browser, fonts, nginx and PostgreSQL the tests run for real/);
  });

  it('is what npm test sets up from, and the README points to', () => {
    expect(readFileSync(join(ROOT, 'tests', 'system', 'run.ts'), 'utf8')).toContain('ensurePackages()');
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain('config/system-packages.txt');
    const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;
    expect(scripts.test).toBe('node --import tsx tests/system/run.ts');
  });
});
