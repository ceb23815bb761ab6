/**
 * cms/node_modules kept once per lock file on this machine, so that a fresh clone links Strapi's
 * 1,400 packages (about 5 s, nearly all system time) instead of installing them (a minute, 87–114 s
 * of CPU). The
 * copies are hard links, as pnpm's store makes them: installed packages are read, never written
 * (`npm ci` removes node_modules before it writes). Linking needs the store and the clone on one
 * file system; where it fails, the caller installs as before.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, utimesSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** npm's record of the installed tree, whose time ensureCmsInstalled compares with the lock file's: a file of its own, with a fresh time, in a linked tree. */
export const INSTALLED_LOCK = '.package-lock.json';
/** Lock files and Node versions come and go: the store keeps the last ones used. */
export const KEPT_INSTALLATIONS = 2;

export function defaultStoreDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.CMS_MODULES_STORE || join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'topical-pharma-site', 'cms-modules');
}

/** What an installation depends on: the project's package and lock files, and the Node ABI and platform its native modules were built for. */
export function installationKey(projectDir: string): string {
  const hash = createHash('sha256');
  for (const file of ['package.json', 'package-lock.json']) hash.update(readFileSync(join(projectDir, file))).update('\0');
  hash.update(`${process.versions.modules}-${process.platform}-${process.arch}`);
  return hash.digest('hex').slice(0, 32);
}

/** Links the stored node_modules of this key into projectDir; false when none is stored or linking fails. */
export function restoreModules(projectDir: string, storeDir: string): boolean {
  const stored = join(storeDir, installationKey(projectDir));
  if (!existsSync(join(stored, INSTALLED_LOCK))) return false;
  const target = join(projectDir, 'node_modules');
  const linking = `${target}.linking-${process.pid}`;
  if (!hardLinkTree(stored, linking)) return false;
  rmSync(target, { recursive: true, force: true });
  renameSync(linking, target);
  ownCopy(join(target, INSTALLED_LOCK));
  const now = new Date();
  utimesSync(stored, now, now);
  return true;
}

/** Stores projectDir's freshly installed node_modules under its key, and forgets all but the last ones used. */
export function keepModules(projectDir: string, storeDir: string): void {
  const stored = join(storeDir, installationKey(projectDir));
  if (existsSync(stored)) return;
  mkdirSync(storeDir, { recursive: true });
  const making = `${stored}.making-${process.pid}`;
  if (!hardLinkTree(join(projectDir, 'node_modules'), making)) return;
  // The installation's own record is copied, not shared, so touching it in the project leaves the store's alone.
  ownCopy(join(making, INSTALLED_LOCK));
  try {
    renameSync(making, stored);
  } catch {
    rmSync(making, { recursive: true, force: true }); // another run stored the same installation first
  }
  forgetOld(storeDir);
}

function forgetOld(storeDir: string): void {
  const installations = readdirSync(storeDir)
    .filter((name) => /^[0-9a-f]{32}$/.test(name))
    .map((name) => ({ name, used: statSync(join(storeDir, name)).mtimeMs }))
    .sort((a, b) => b.used - a.used);
  for (const { name } of installations.slice(KEPT_INSTALLATIONS)) rmSync(join(storeDir, name), { recursive: true, force: true });
}

/** GNU cp makes a tree of hard links in one process; anything else (another file system, no GNU cp) says no. */
function hardLinkTree(from: string, to: string): boolean {
  const linked = spawnSync('cp', ['-al', from, to], { stdio: 'ignore' });
  if (linked.status === 0) return true;
  rmSync(to, { recursive: true, force: true });
  return false;
}

/** Replaces a hard link with a file of its own (and a fresh modification time). */
function ownCopy(file: string): void {
  const copy = `${file}.own`;
  copyFileSync(file, copy);
  unlinkSync(file);
  renameSync(copy, file);
}
