import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultStoreDir, installationKey, keepModules, KEPT_INSTALLATIONS, restoreModules } from './modulesStore';

describe("cms/node_modules kept once per lock file, linked into a fresh clone's cms/", () => {
  let root: string;
  let store: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'modules-store-'));
    store = join(root, 'store');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** A project with its package and lock files, installed when `installed` says so. */
  function project(name: string, lock = '{"lockfileVersion":3}', installed = true): string {
    const dir = join(root, name);
    mkdirSync(dir);
    writeFileSync(join(dir, 'package.json'), '{"name":"cms"}');
    writeFileSync(join(dir, 'package-lock.json'), lock);
    if (installed) {
      mkdirSync(join(dir, 'node_modules', 'strapi', 'bin'), { recursive: true });
      writeFileSync(join(dir, 'node_modules', 'strapi', 'bin', 'strapi.js'), `// ${name}`);
      writeFileSync(join(dir, 'node_modules', '.package-lock.json'), lock);
    }
    return dir;
  }
  const inode = (file: string) => statSync(file).ino;

  it('links the installation of one clone into another with the same lock file: the same files, no copy', () => {
    const first = project('first');
    expect(restoreModules(first, store)).toBe(false); // nothing stored yet
    keepModules(first, store);
    const second = project('second', undefined, false);
    expect(restoreModules(second, store)).toBe(true);
    const strapi = join('node_modules', 'strapi', 'bin', 'strapi.js');
    expect(readFileSync(join(second, strapi), 'utf8')).toBe('// first');
    expect(inode(join(second, strapi))).toBe(inode(join(first, strapi)));
  });

  it("gives the linked tree an installation record of its own, newer than the clone's lock file", () => {
    const first = project('first');
    keepModules(first, store);
    const storedRecord = join(store, installationKey(first), '.package-lock.json');
    expect(inode(storedRecord)).not.toBe(inode(join(first, 'node_modules', '.package-lock.json')));
    utimesSync(storedRecord, new Date(2020, 0, 1), new Date(2020, 0, 1)); // stored long ago
    const second = project('second', undefined, false);
    restoreModules(second, store);
    const record = join(second, 'node_modules', '.package-lock.json');
    expect(inode(record)).not.toBe(inode(storedRecord));
    // ensureCmsInstalled takes an installation older than its lock file for a stale one
    expect(statSync(record).mtimeMs).toBeGreaterThanOrEqual(statSync(join(second, 'package-lock.json')).mtimeMs);
  });

  it('replaces what the clone had in node_modules', () => {
    keepModules(project('first'), store);
    const second = project('second', undefined, false);
    mkdirSync(join(second, 'node_modules', 'left-over'), { recursive: true });
    restoreModules(second, store);
    expect(readdirSync(join(second, 'node_modules')).sort()).toEqual(['.package-lock.json', 'strapi']);
  });

  it('does not link an installation of another lock file', () => {
    keepModules(project('first'), store);
    const other = project('other', '{"lockfileVersion":3,"packages":{}}', false);
    expect(installationKey(other)).not.toBe(installationKey(join(root, 'first')));
    expect(restoreModules(other, store)).toBe(false);
  });

  it(`keeps the ${KEPT_INSTALLATIONS} installations used last and forgets the others`, () => {
    const keys: string[] = [];
    for (const n of [1, 2, 3]) {
      const dir = project(`p${n}`, `{"lockfileVersion":${n}}`);
      keepModules(dir, store);
      const key = installationKey(dir);
      keys.push(key);
      // the store orders by time of last use: make each one older than the next
      utimesSync(join(store, key), new Date(2020, 0, n), new Date(2020, 0, n));
    }
    expect(readdirSync(store).sort()).toEqual(keys.slice(1).sort());
    // using one makes it the newest: restoring p2's lock, then storing a fourth, forgets p3's
    expect(restoreModules(project('again', '{"lockfileVersion":2}', false), store)).toBe(true);
    keepModules(project('p4', '{"lockfileVersion":4}'), store);
    expect(readdirSync(store)).toContain(keys[1]);
    expect(readdirSync(store)).not.toContain(keys[2]);
  });

  it('lives in the user cache unless CMS_MODULES_STORE names a folder', () => {
    expect(defaultStoreDir({ XDG_CACHE_HOME: '/var/cache/u' })).toBe('/var/cache/u/topical-pharma-site/cms-modules');
    expect(defaultStoreDir({ CMS_MODULES_STORE: '/srv/store', XDG_CACHE_HOME: '/var/cache/u' })).toBe('/srv/store');
  });
});
