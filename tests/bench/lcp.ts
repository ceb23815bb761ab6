/**
 * Each page's largest paint against a bare page of its language: one heading and one paragraph,
 * no style sheet, no picture, no script, served by a loopback server of its own. That is the
 * machine's floor for any page: what a page costs beyond it is its own markup, CSS and pictures.
 * It names an empty icon: Chromium otherwise asks for /favicon.ico around the page's load, and
 * in the runs where that request starts before the paint Lighthouse counts it in the simulated
 * LCP (about 130 ms more), so the floor read about 630 or 750 ms by chance.
 * Audited in pairs like the script-free twin (pairs.ts); the goal is LCP ≤ 1.4 × bare.
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locale } from '../../src/contracts/locale';
import { SITE_META } from '../../src/contracts/siteMeta';
import type { PairFigures } from './pairs';

export const LCP_GOAL = 1.4;

export function barePage(locale: Locale): string {
  const { title, description } = SITE_META[locale];
  return [
    '<!doctype html>',
    `<html lang="${locale === 'zh' ? 'zh-CN' : 'en'}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">',
    `<title>${title}</title><meta name="description" content="${description}"></head>`,
    `<body><h1>${title}</h1><p>${description}</p></body>`,
    '</html>',
  ].join('\n');
}

/** Serves `/zh` and `/en`; `url(locale)` names each. */
export async function startBarePages(): Promise<{ url: (locale: Locale) => string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    const locale: Locale = request.url === '/en' ? 'en' : 'zh';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(barePage(locale));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: (locale) => `http://127.0.0.1:${port}/${locale}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export function lcpTable(figures: PairFigures[]): string[] {
  const ms = (value: number | undefined) => (value === undefined ? '?' : `${Math.round(value)}`);
  const lines = [
    `| page | runs | LCP page / bare | ÷ bare | page's LCP breakdown: TTFB / load delay / load time / render delay | LCP element | benchmark index of each run |`,
    '|---|---|---|---|---|---|---|',
  ];
  for (const f of figures) {
    const p = f.page.lcpPhasesMs;
    lines.push(
      `| ${f.path} | ${f.pairs}${f.failures.length ? ` (${f.failures.join(', ')})` : ''} | ${ms(f.page.lcpMs)} / ${ms(f.twin.lcpMs)} ms | ${f.lcpRatio.toFixed(2)} | ${p ? `${ms(p.ttfb)} / ${ms(p.loadDelay)} / ${ms(p.loadTime)} / ${ms(p.renderDelay)} ms` : '?'} | \`${f.lcpElement.page}\` | ${f.benchmarkIndexes.map(Math.round).join(' ')} |`,
    );
  }
  const missed = figures.filter((f) => !(f.lcpRatio <= LCP_GOAL)).map((f) => f.path);
  lines.push('', `- LCP ≤ ${LCP_GOAL} × bare page: ${missed.length ? `missed by ${missed.join(', ')}` : `met by all ${figures.length} pages`}`);
  return lines;
}
