/**
 * Production build sizes per route against the library floor (tests/bench/floorEntry.tsx),
 * both built here with the site's own webpack settings.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import webpack, { type Stats } from 'webpack';
import config from '../../webpack.config';

export interface Size {
  raw: number;
  gzip: number;
  brotli: number;
}

export interface RouteSizes {
  name: string;
  js: Size;
  css: Size;
}

const ROOT = join(__dirname, '..', '..');

function build(entry: string | undefined, outputPath: string): Promise<Stats> {
  return new Promise((resolve, reject) => {
    webpack(config({}, { mode: 'production', entry, outputPath }), (error, stats) => {
      if (error || !stats || stats.hasErrors()) reject(error ?? new Error(stats?.toString('errors-only')));
      else resolve(stats);
    });
  });
}

function measure(dir: string, files: string[]): Size {
  const size: Size = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const content = readFileSync(join(dir, file));
    size.raw += content.length;
    size.gzip += gzipSync(content, { level: 9 }).length;
    size.brotli += brotliCompressSync(content).length;
  }
  return size;
}

/** Files a visitor downloads for a route: the entry's and those of the route's lazy chunk. */
function filesOf(stats: Stats, group: string | null): string[] {
  const json = stats.toJson({ all: false, entrypoints: true, chunkGroups: true, assets: false });
  const entry = (json.entrypoints?.main?.assets ?? []).map((a) => a.name);
  const lazy = group ? (json.namedChunkGroups?.[group]?.assets ?? []).map((a) => a.name) : [];
  return [...new Set([...entry, ...lazy])];
}

function split(dir: string, files: string[]): { js: Size; css: Size } {
  return { js: measure(dir, files.filter((f) => f.endsWith('.js'))), css: measure(dir, files.filter((f) => f.endsWith('.css'))) };
}

export async function measureSizes(): Promise<{ floor: RouteSizes; routes: RouteSizes[] }> {
  const siteDir = join(ROOT, 'bench-results', 'site-build');
  const floorDir = join(ROOT, 'bench-results', 'floor-build');
  const site = await build(undefined, siteDir);
  const floor = await build('./tests/bench/floorEntry.tsx', floorDir);
  const groups = Object.keys(site.toJson({ all: false, chunkGroups: true }).namedChunkGroups ?? {}).filter((name) => name.startsWith('page-'));
  return {
    floor: { name: 'library floor', ...split(floorDir, filesOf(floor, null)) },
    routes: groups.sort().map((group) => ({ name: group.replace('page-', ''), ...split(siteDir, filesOf(site, group)) })),
  };
}
