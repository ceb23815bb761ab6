/**
 * `npm run bench`: build sizes against the library floor; Lighthouse (mobile) on every route in
 * both languages, each page against its script-free twin in pairs (tests/bench/pairs.ts); how fast
 * five taps are answered on a CPU slowed 4× (tests/bench/inp.ts); the CPU time of an uncached
 * server render; server throughput with autocannon against the client-rendered shell; every
 * page's LCP against a bare page (tests/bench/lcp.ts); a freshly started site's picture copies
 * and first LCP (tests/bench/cold.ts). Prints markdown tables of the figures and one line per
 * goal with the pages that miss it.
 * BENCH_PARTS picks the parts (sizes, pairs, inp, render, load, lcp, cold; default all); BENCH_PAGES audits a
 * subset (comma separated paths, e.g. `/innovation,/en/news/1`); BENCH_PAIRS the pairs per page
 * (default 4); BENCH_INP_PAGES the fresh pages per tap (default 3); BENCH_SECONDS each load run's
 * length (default 30 s at 100 connections).
 */
import { join } from 'node:path';
import { launchBrowser, ROUTE_SAMPLES, startTestSite } from '../browser/harness';
import { localizedPath } from '../../src/contracts/routes';
import { createAuditor } from './lighthouse';
import { auditPairs, pairTable, type PairFigures } from './pairs';
import { inpTable, measureInp } from './inp';
import { runLoad } from './load';
import { startScriptFreeProxy } from './scriptFree';
import { measureRenderCpu } from './render';
import { measureSizes, type Size } from './sizes';
import { buildClient, isBuildStale } from '../../src/server/build';
import { lcpTable, startBarePages } from './lcp';
import { coldTable, measureCold } from './cold';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const sizeCell = (size: Size) => `${kb(size.raw)} / ${kb(size.gzip)} / ${kb(size.brotli)}`;

const PARTS = new Set((process.env.BENCH_PARTS ?? 'sizes,pairs,inp,render,load,lcp,cold').split(','));
/** Pairs per page of the LCP part (BENCH_LCP_RUNS). */
const LCP_RUNS = Number(process.env.BENCH_LCP_RUNS ?? 3);

async function main() {
  // The figures are those of the code as it stands: the production build is made again when stale.
  const root = join(__dirname, '..', '..');
  if (isBuildStale(root, join(root, 'dist'))) buildClient(root);
  const lines: string[] = [];
  if (PARTS.has('sizes')) await sizeTable(lines);
  const site = await startTestSite();
  try {
    if (PARTS.has('pairs')) await pairsTable(lines, site.url);
    if (PARTS.has('inp')) await interactionTable(lines, site.url);
    if (PARTS.has('render')) await renderTable(lines, site.providerUrl);
    if (PARTS.has('load')) await loadTable(lines, site.url);
    if (PARTS.has('lcp')) await lcpPart(lines, site.url);
  } finally {
    await site.close();
  }
  if (PARTS.has('cold')) lines.push('', 'A site just started (tests/bench/cold.ts)', '', ...coldTable(await measureCold(await createAuditor())));
  console.log(`\n${lines.join('\n')}\n`);
}

async function sizeTable(lines: string[]) {
  const { floor, routes } = await measureSizes();
  lines.push(
    '| Route (JS + CSS a first visit downloads) | JS raw / gzip / br | CSS raw / gzip / br | JS gzip ÷ floor | later-only libraries in it |',
    '|---|---|---|---|---|',
  );
  lines.push(`| ${floor.name} | ${sizeCell(floor.js)} | ${sizeCell(floor.css)} | 1.00 | ${floor.deferrable.join(', ') || 'none'} |`);
  for (const route of routes) {
    lines.push(
      `| ${route.name} | ${sizeCell(route.js)} | ${sizeCell(route.css)} | ${(route.js.gzip / floor.js.gzip).toFixed(2)} | ${route.deferrable.join(', ') || 'none'} |`,
    );
  }
}

/** BENCH_PAGES (comma separated paths, e.g. `/innovation,/en/resources`) audits a subset. */
function benchPages(): string[] {
  const chosen = (process.env.BENCH_PAGES ?? '').split(',').filter(Boolean);
  if (chosen.length) return chosen;
  return (['zh', 'en'] as const).flatMap((locale) => ROUTE_SAMPLES.map((route) => localizedPath(route.path, locale)));
}

/**
 * Asked once before it is audited: a page's first render is served with quick brotli and kept at
 * brotli's best a moment later (pageCache.ts), which on the larger pages is one round trip less.
 * The audits measure the page every later visitor gets; the first visitor's is the `cold` part's.
 */
async function warm(url: string) {
  await (await fetch(url)).arrayBuffer();
  await new Promise((resolve) => setTimeout(resolve, 1000));
}

async function pairsTable(lines: string[], origin: string) {
  const count = Number(process.env.BENCH_PAIRS ?? 4);
  const audit = await createAuditor();
  const twin = await startScriptFreeProxy(origin);
  const figures: PairFigures[] = [];
  try {
    for (const path of benchPages()) {
      await warm(`${origin}${path}`);
      const pair = await auditPairs(audit, path, `${origin}${path}`, `${twin.url}${path}`, count);
      console.error(`pairs ${path}: LCP ÷ ${pair.lcpRatio.toFixed(3)}, TBT − ${Math.round(pair.tbtDeltaMs)} ms`);
      figures.push(pair);
    }
  } finally {
    await twin.close();
  }
  lines.push('', `Lighthouse (mobile), each page against its script-free twin: medians of ${count} pairs per page`, '', ...pairTable(figures));
}

async function lcpPart(lines: string[], origin: string) {
  const audit = await createAuditor();
  const bare = await startBarePages();
  const figures: PairFigures[] = [];
  try {
    for (const path of benchPages()) {
      const locale = path.startsWith('/en') ? 'en' : 'zh';
      await warm(`${origin}${path}`);
      const pair = await auditPairs(audit, path, `${origin}${path}`, bare.url(locale), LCP_RUNS);
      console.error(`lcp ${path}: ÷ bare ${pair.lcpRatio.toFixed(3)}`);
      figures.push(pair);
    }
  } finally {
    await bare.close();
  }
  lines.push('', `Lighthouse (mobile), each page against a bare page of its language: medians of ${LCP_RUNS} pairs per page`, '', ...lcpTable(figures));
}

async function interactionTable(lines: string[], origin: string) {
  const pages = Number(process.env.BENCH_INP_PAGES ?? 3);
  const browser = await launchBrowser();
  try {
    lines.push('', ...inpTable(await measureInp(browser, origin, pages), pages));
  } finally {
    await browser.close();
  }
}

async function renderTable(lines: string[], providerUrl: string) {
  lines.push('', '| Uncached server render (CPU time per page, every route) | Renders | p50 | p99 |', '|---|---|---|---|');
  for (const f of await measureRenderCpu(providerUrl, providerUrl)) {
    lines.push(`| ${f.locale} | ${f.renders} | ${f.p50Ms.toFixed(1)} ms | ${f.p99Ms.toFixed(1)} ms |`);
  }
}

/** Warm-cache pages against the client-rendered shell (the same server with SSR=off) and a static file. */
async function loadTable(lines: string[], origin: string) {
  const seconds = Number(process.env.BENCH_SECONDS ?? 30);
  const index = await (await fetch(`${origin}/`)).text();
  const asset = /\/assets\/main\.\w+\.js/.exec(index)?.[0] ?? '/favicon.svg';
  const shellSite = await startTestSite({ SSR: 'off' });
  const runs: [string, string][] = [
    ['/ (zh page, warm cache)', `${origin}/`],
    ['/en/ (en page, warm cache)', `${origin}/en/`],
    ['/product (zh page, warm cache)', `${origin}/product`],
    ['/ (client-rendered shell, SSR=off)', `${shellSite.url}/`],
    ['static file (hashed main script)', `${origin}${asset}`],
    ['/api proxied content call', `${origin}/api/index/index/banner?lan=zh`],
  ];
  const figures = [];
  try {
    // As browsers ask: the pages' cache and the built assets hold compressed bytes for them.
    for (const [label, url] of runs) figures.push(await runLoad(label, url, seconds, 100, { 'accept-encoding': 'br, gzip' }));
  } finally {
    await shellSite.close();
  }
  const shellRate = figures[3]?.requestsPerSecond ?? NaN;
  lines.push('', `| autocannon (${seconds} s, 100 connections) | req/s | ÷ shell | p99 | errors | non-2xx |`, '|---|---|---|---|---|---|');
  for (const f of figures) {
    lines.push(`| ${f.label} | ${f.requestsPerSecond} | ${(f.requestsPerSecond / shellRate).toFixed(2)} | ${f.p99Ms} ms | ${f.errors} | ${f.non2xx} |`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
