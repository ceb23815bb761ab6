/**
 * Stops `npm test` before any test when a system tool it needs is missing, naming the Debian
 * packages to install (config/system-packages.txt). `--missing` prints only their names, one a
 * line, for .ci/run. Plain Node, no dependencies: it runs before `npm ci` too.
 * CHROME_PATH stands in for the chromium package; SKIP_BROWSER_TESTS=1 needs no browser packages.
 * With every package there, it also checks that PostgreSQL answers where the tests look for it
 * (TEST_DATABASE_URL, src/provider/submissions/testPostgres.ts), and says how to start it if not.
 */
import { execFileSync } from 'node:child_process';
import { connect } from 'node:net';
import { accessSync, constants, readFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';

const LIST = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'config', 'system-packages.txt');
/** nginx lives in sbin, which an ordinary user's PATH leaves out. */
const SEARCH = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/sbin'].filter(Boolean);

function onPath(command) {
  return SEARCH.some((dir) => {
    try {
      accessSync(join(dir, command), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

function hasFont(name) {
  try {
    return execFileSync('fc-list', { encoding: 'utf8' }).toLowerCase().includes(name.toLowerCase());
  } catch {
    return false;
  }
}

function present(probe, pkg) {
  const [kind, value = ''] = probe.split(/:(.*)/s);
  if (kind === 'font') return hasFont(value.trim());
  if (pkg === 'chromium' && process.env.CHROME_PATH) return true;
  return value.split(',').some((command) => onPath(command.trim()));
}

export function systemPackages() {
  return readFileSync(LIST, 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => {
      const [pkg = '', probes = '', needs = ''] = line.split('|').map((part) => part.trim());
      return { pkg, probes: probes.split(';').map((probe) => probe.trim()), needs };
    });
}

export function missingPackages() {
  const browser = process.env.SKIP_BROWSER_TESTS !== '1';
  return systemPackages()
    .filter(({ needs }) => browser || needs !== 'browser')
    .filter(({ pkg, probes }) => !probes.every((probe) => present(probe, pkg)))
    .map(({ pkg }) => pkg);
}

/** The tests' PostgreSQL: TEST_DATABASE_URL, by default the local server with the role .ci/run creates. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://site:site@127.0.0.1:5432/postgres';

/** Whether something accepts connections at the URL's host and port (within 3 s). */
export function answers(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname.replace(/^\[|\]$/g, ''), port: Number(port || 5432), timeout: 3000 });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

const missing = missingPackages();
if (process.argv.includes('--missing')) {
  if (missing.length > 0) process.stdout.write(`${missing.join('\n')}\n`);
} else if (missing.length > 0) {
  process.stderr.write(`The tests need system packages that are missing: apt-get install -y ${missing.join(' ')}\n`);
  process.stderr.write('(the list: config/system-packages.txt; SKIP_BROWSER_TESTS=1 needs none of the browser ones)\n');
  process.exit(1);
} else if (!(await answers(TEST_DATABASE_URL))) {
  const { host } = new URL(TEST_DATABASE_URL);
  process.stderr.write(`PostgreSQL does not answer at ${host} (TEST_DATABASE_URL). The submission tests run against it too. As root:\n`);
  process.stderr.write('  pg_lsclusters                      # the installed cluster, e.g. 15 main\n');
  process.stderr.write('  pg_ctlcluster 15 main start\n');
  process.stderr.write(`  su postgres -c "psql -c \\"CREATE ROLE site LOGIN SUPERUSER PASSWORD 'site'\\""\n`);
  process.stderr.write('or set TEST_DATABASE_URL to a server and a role that may create databases (.ci/run does the above).\n');
  process.exit(1);
}
