/**
 * The Debian packages the tests need besides Node (config/system-packages.txt, the one list):
 * which are missing, and installing them. As root (CI, a fresh container) `npm test` installs
 * them itself; anyone else is told the one command to run, once, and why.
 * CHROME_PATH stands in for the chromium packages; SKIP_BROWSER_TESTS=1 needs none of the browser ones.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { delimiter, join } from 'node:path';
import { postgresBinDir } from './postgres';

const LIST = join(__dirname, '..', '..', 'config', 'system-packages.txt');

export interface SystemPackage {
  pkg: string;
  /** Each must hold: `command:a,b` one of these on PATH, `font:Name` fc-list knows it, `postgres:server` an initdb to run. */
  probes: string[];
  /** Which tests need it: browser, unit. */
  needs: string;
}

export function systemPackages(list = LIST): SystemPackage[] {
  return readFileSync(list, 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => {
      const [pkg = '', probes = '', needs = ''] = line.split('|').map((part) => part.trim());
      return { pkg, probes: probes.split(';').map((probe) => probe.trim()), needs };
    });
}

function onPath(command: string, env: NodeJS.ProcessEnv): boolean {
  // nginx lives in sbin, which an ordinary user's PATH leaves out.
  const dirs = [...(env.PATH ?? '').split(delimiter), '/usr/sbin', '/sbin'].filter(Boolean);
  return dirs.some((dir) => {
    try {
      accessSync(join(dir, command), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

function hasFont(name: string, env: NodeJS.ProcessEnv): boolean {
  try {
    return execFileSync('fc-list', { encoding: 'utf8', env }).toLowerCase().includes(name.toLowerCase());
  } catch {
    return false;
  }
}

function present(probe: string, pkg: string, env: NodeJS.ProcessEnv): boolean {
  const [kind, value = ''] = probe.split(/:(.*)/s);
  if (kind === 'font') return hasFont(value.trim(), env);
  if (kind === 'postgres') return postgresBinDir(env) !== null;
  if (pkg.startsWith('chromium') && env.CHROME_PATH) return true;
  return value.split(',').some((command) => onPath(command.trim(), env));
}

export function missingPackages(env: NodeJS.ProcessEnv = process.env, list = LIST): string[] {
  const browser = env.SKIP_BROWSER_TESTS !== '1';
  return systemPackages(list)
    .filter(({ needs }) => browser || needs !== 'browser')
    .filter(({ pkg, probes }) => !probes.every((probe) => present(probe, pkg, env)))
    .map(({ pkg }) => pkg);
}

/** What a person who is not root is told: the one command, and why it is needed. */
export const installAdvice = (missing: string[]) =>
  `The tests need Debian packages that are missing (config/system-packages.txt: the browser, fonts, nginx and PostgreSQL the tests run for real).\n` +
  `Run once, as root:\n  sudo apt-get install -y ${missing.join(' ')}\n` +
  `(SKIP_BROWSER_TESTS=1 needs none of the browser ones.)`;

/** Installs what is missing when this process may (root with apt-get); otherwise throws the advice. */
export function ensurePackages(env: NodeJS.ProcessEnv = process.env, uid = userInfo().uid): string[] {
  const missing = missingPackages(env);
  if (missing.length === 0) return [];
  if (uid !== 0 || !onPath('apt-get', env)) throw new Error(installAdvice(missing));
  const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...missing],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env: aptEnv });
    if (result.status !== 0) throw new Error(`apt-get ${args[0]} failed (exit ${result.status}); install by hand: apt-get install -y ${missing.join(' ')}`);
  }
  const still = missingPackages(env);
  if (still.length > 0) throw new Error(`Still missing after apt-get install: ${still.join(' ')}`);
  return missing;
}
