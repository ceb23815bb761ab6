/**
 * `npm run bench`: build sizes against the library floor, Lighthouse (mobile) on /, /product and
 * /news, and server throughput with autocannon. Prints one markdown table of the figures.
 * BENCH_SECONDS sets each load run's length (default 30 s at 100 connections).
 */
import { startTestSite } from '../browser/harness';
import { runLighthouse } from './lighthouse';
import { runLoad } from './load';
import { measureSizes, type Size } from './sizes';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const sizeCell = (size: Size) => `${kb(size.raw)} / ${kb(size.gzip)} / ${kb(size.brotli)}`;

/** BENCH_PARTS picks what to run: sizes, lighthouse, load (default: all three). */
const PARTS = new Set((process.env.BENCH_PARTS ?? 'sizes,lighthouse,load').split(','));

async function main() {
  const lines: string[] = [];
  if (PARTS.has('sizes')) await sizeTable(lines);
  const site = await startTestSite();
  try {
    if (PARTS.has('lighthouse')) await lighthouseTable(lines, site.url);
    if (PARTS.has('load')) await loadTable(lines, site.url);
  } finally {
    await site.close();
  }
  console.log(`\n${lines.join('\n')}\n`);
}

async function sizeTable(lines: string[]) {
  const { floor, routes } = await measureSizes();
  lines.push('| Route (JS + CSS a first visit downloads) | JS raw / gzip / br | CSS raw / gzip / br | JS gzip ÷ floor |', '|---|---|---|---|');
  lines.push(`| ${floor.name} | ${sizeCell(floor.js)} | ${sizeCell(floor.css)} | 1.00 |`);
  for (const route of routes) {
    lines.push(`| ${route.name} | ${sizeCell(route.js)} | ${sizeCell(route.css)} | ${(route.js.gzip / floor.js.gzip).toFixed(2)} |`);
  }
}

async function lighthouseTable(lines: string[], origin: string) {
  lines.push('', '| Lighthouse (mobile) | Performance | Accessibility | Best practices | SEO | LCP | TBT | CLS |', '|---|---|---|---|---|---|---|---|');
  for (const f of await runLighthouse(origin, ['/', '/product', '/news'])) {
    lines.push(`| ${f.path} | ${f.performance} | ${f.accessibility} | ${f.bestPractices} | ${f.seo} | ${f.lcpMs} ms | ${f.tbtMs} ms | ${f.cls} |`);
  }
}

async function loadTable(lines: string[], origin: string) {
  const seconds = Number(process.env.BENCH_SECONDS ?? 30);
  const index = await (await fetch(`${origin}/`)).text();
  const asset = /src="?(\/assets\/main\.[\w]+\.js)/.exec(index)?.[1] ?? '/favicon.svg';
  lines.push('', `| autocannon (${seconds} s, 100 connections) | req/s | p99 | errors | non-2xx |`, '|---|---|---|---|---|');
  for (const [label, path] of [['/ (app shell)', '/'], ['hashed asset', asset], ['/api proxied content call', '/api/index/index/banner?lan=zh']] as const) {
    const f = await runLoad(label, `${origin}${path}`, seconds, 100);
    lines.push(`| ${f.label} | ${f.requestsPerSecond} | ${f.p99Ms} ms | ${f.errors} | ${f.non2xx} |`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
