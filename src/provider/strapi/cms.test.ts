import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminRebuildReason, ensureAdminBuilt } from './cms';

describe('whether npm run cms builds the admin panel again', () => {
  let build: string;
  beforeEach(() => {
    build = join(mkdtempSync(join(tmpdir(), 'cms-')), 'build');
  });
  afterEach(() => rmSync(join(build, '..'), { recursive: true, force: true }));

  const builtWith = (version: string) => writeFileSync(join(build, '.strapi-version'), version);
  /** What `strapi build` leaves: a fresh folder with the panel's page, nothing else of ours. */
  const strapiBuild = () => {
    rmSync(build, { recursive: true, force: true });
    mkdirSync(build);
    writeFileSync(join(build, 'index.html'), '<!doctype html>');
  };
  const start = (installed: string) => {
    const lines: string[] = [];
    let builds = 0;
    const reason = ensureAdminBuilt({ buildDir: build, installed, build: () => (builds++, strapiBuild()), log: (line) => lines.push(line) });
    return { reason, builds, lines };
  };

  it('builds the panel on the first start only, as long as Strapi stays the same', () => {
    expect(start('5.54.0')).toEqual({ reason: 'not built yet', builds: 1, lines: ['Building the CMS admin panel (not built yet; a few minutes)…'] });
    expect(start('5.54.0')).toEqual({ reason: null, builds: 0, lines: [] });
    expect(start('5.54.0')).toEqual({ reason: null, builds: 0, lines: [] });
  });

  it('builds again after Strapi is upgraded or downgraded, then keeps that build', () => {
    start('5.54.0');
    expect(start('5.55.1')).toMatchObject({ reason: 'built with Strapi 5.54.0, Strapi 5.55.1 is installed', builds: 1 });
    expect(start('5.55.1')).toMatchObject({ reason: null, builds: 0 });
    expect(start('5.53.0')).toMatchObject({ reason: 'built with Strapi 5.55.1, Strapi 5.53.0 is installed', builds: 1 });
  });

  it('builds again a panel whose Strapi version nobody wrote down (built by hand, or before versions were kept)', () => {
    strapiBuild();
    expect(adminRebuildReason(build, '5.54.0')).toBe('built with an unknown Strapi version, Strapi 5.54.0 is installed');
    builtWith('  \n');
    expect(adminRebuildReason(build, '5.54.0')).toBe('built with an unknown Strapi version, Strapi 5.54.0 is installed');
    builtWith('5.54.0');
    expect(adminRebuildReason(build, '5.54.0')).toBeNull();
  });

  it('builds a panel that is not there, whatever the version file says', () => {
    mkdirSync(build);
    builtWith('5.54.0\n');
    expect(adminRebuildReason(build, '5.54.0')).toBe('not built yet');
  });
});
