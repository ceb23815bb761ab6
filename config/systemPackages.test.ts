/** The one list of system packages: the README and .ci/run use it, and `npm test` stops when one is missing. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');
const CHECK = join(ROOT, 'tests', 'system', 'check.mjs');

/** Runs the check with only the given commands on PATH (and sbin, where it looks for nginx too). */
function check(commands: string[], env: Record<string, string> = {}, args: string[] = []) {
  const bin = mkdtempSync(join(tmpdir(), 'path-'));
  for (const command of commands) symlinkSync('/bin/true', join(bin, command));
  try {
    return spawnSync(process.execPath, [CHECK, ...args], { encoding: 'utf8', env: { PATH: bin, ...env } });
  } finally {
    rmSync(bin, { recursive: true, force: true });
  }
}

describe('the system packages the tests need', () => {
  it('stops before any test, naming the packages to install, when a tool is missing', () => {
    const run = check(['chromium', 'pdftotext', 'pdfinfo']);
    expect(run.status).toBe(1);
    const named = (/apt-get install -y (.*)/.exec(run.stderr)?.[1] ?? '').split(' ');
    expect(named).toEqual(expect.arrayContaining(['libxml2-utils', 'fonts-noto-cjk'])); // no fc-list on this PATH: no font known
    expect(named).not.toContain('chromium');
    expect(named).not.toContain('poppler-utils');
  });

  it('lists only the missing package names for .ci/run, and leaves the browser ones out with SKIP_BROWSER_TESTS=1', () => {
    const run = check(['xmllint', 'nginx', 'pg_ctlcluster', 'pg_dump', 'pg_restore'], { SKIP_BROWSER_TESTS: '1' }, ['--missing']);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('');
    const all = check([], {}, ['--missing']).stdout.split('\n').filter(Boolean);
    expect(all).toEqual(expect.arrayContaining(['chromium', 'fonts-noto-cjk', 'poppler-utils', 'libxml2-utils', 'postgresql']));
  });

  it('with every package there, stops when PostgreSQL does not answer where the tests look for it, saying how to start it', () => {
    const run = check(['xmllint', 'nginx', 'pg_ctlcluster', 'pg_dump', 'pg_restore'], { SKIP_BROWSER_TESTS: '1', TEST_DATABASE_URL: 'postgres://site:site@127.0.0.1:1/postgres' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('PostgreSQL does not answer at 127.0.0.1:1');
    expect(run.stderr).toContain('pg_ctlcluster 15 main start');
  });

  it('is the list .ci/run installs from and the README points to, and npm test checks it first', () => {
    expect(readFileSync(join(ROOT, '.ci', 'run'), 'utf8')).toContain('tests/system/check.mjs --missing');
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain('config/system-packages.txt');
    const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;
    expect(scripts.test).toMatch(/^node tests\/system\/check\.mjs && /);
  });
});
