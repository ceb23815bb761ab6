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
  /** Libraries a page needs only later (after first paint) found in the route's first download. */
  deferrable: string[];
}

const LATER_ONLY = ['swiper', 'react-toastify'];

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

/** Files a visitor downloads for a route: the boot script (inline in the page), the entry's and those of the route's lazy chunk. */
function filesOf(stats: Stats, group: string | null): string[] {
  const json = stats.toJson({ all: false, entrypoints: true, chunkGroups: true, assets: false });
  const entry = ['boot', 'main'].flatMap((name) => json.entrypoints?.[name]?.assets ?? []).map((a) => a.name);
  const lazy = group ? (json.namedChunkGroups?.[group]?.assets ?? []).map((a) => a.name) : [];
  return [...new Set([...entry, ...lazy])];
}

/**
 * Which later-only libraries have script modules in the chunks that carry these files. Their
 * stylesheets are left out: the server-rendered first slide is laid out with Swiper's CSS.
 */
function deferrableIn(stats: Stats, files: string[]): string[] {
  const json = stats.toJson({ all: false, chunks: true, chunkModules: true, nestedModules: true });
  const names = new Set<string>();
  const visit = (module: { name?: string; modules?: unknown[] }) => {
    if (module.name && !module.name.endsWith('.css')) names.add(module.name);
    for (const inner of (module.modules ?? []) as { name?: string }[]) visit(inner);
  };
  for (const chunk of json.chunks ?? []) if ((chunk.files ?? []).some((file) => files.includes(file))) for (const module of chunk.modules ?? []) visit(module);
  return LATER_ONLY.filter((lib) => [...names].some((name) => name.includes(`node_modules/${lib}/`)));
}

function split(stats: Stats, dir: string, files: string[]) {
  return {
    js: measure(
      dir,
      files.filter((f) => f.endsWith('.js')),
    ),
    css: measure(
      dir,
      files.filter((f) => f.endsWith('.css')),
    ),
    deferrable: deferrableIn(
      stats,
      files.filter((f) => f.endsWith('.js')),
    ),
  };
}

export async function measureSizes(): Promise<{ floor: RouteSizes; routes: RouteSizes[] }> {
  const siteDir = join(ROOT, 'bench-results', 'site-build');
  const floorDir = join(ROOT, 'bench-results', 'floor-build');
  const site = await build(undefined, siteDir);
  const floor = await build('./tests/bench/floorEntry.tsx', floorDir);
  const groups = Object.keys(site.toJson({ all: false, chunkGroups: true }).namedChunkGroups ?? {}).filter((name) => name.startsWith('page-'));
  return {
    floor: { name: 'library floor', ...split(floor, floorDir, filesOf(floor, null)) },
    routes: groups.sort().map((group) => ({ name: group.replace('page-', ''), ...split(site, siteDir, filesOf(site, group)) })),
  };
}
