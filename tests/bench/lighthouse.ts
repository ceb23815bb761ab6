/**
 * Lighthouse (mobile preset, the default) against the running site with Debian's chromium.
 * One run varies a lot on a small machine (TBT doubles between identical runs), so each page is
 * audited several times and the figures are those of Lighthouse's own median run (the one
 * nearest the median FCP and time to interactive, as Lighthouse CI picks it), with the spread.
 */
import type { Result } from 'lighthouse';
import { findChromium, MISSING_BROWSER_MESSAGE } from '../browser/browser';

export interface LighthouseFigures {
  path: string;
  language: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lowest, median and highest of every run's performance score and TBT. */
  performanceSpread: Spread;
  tbtSpreadMs: Spread;
  /** Lighthouse's own CPU benchmark of the machine during each run (higher is faster). */
  benchmarkIndexSpread: Spread;
}

export type Spread = [lowest: number, median: number, highest: number];

function spread(values: number[]): Spread {
  const sorted = values.map(Math.round).sort((a, b) => a - b);
  return [sorted[0] ?? NaN, sorted[Math.floor(sorted.length / 2)] ?? NaN, sorted.at(-1) ?? NaN];
}

/** A page to audit: its path (English pages live under /en) and its language, for the table. */
export interface AuditTarget {
  path: string;
  language: string;
}

export async function runLighthouse(origin: string, targets: AuditTarget[], runs: number): Promise<LighthouseFigures[]> {
  const chromePath = findChromium() ?? '';
  if (!chromePath) throw new Error(MISSING_BROWSER_MESSAGE);
  // Both packages are ESM only.
  const { launch } = await import('chrome-launcher');
  const { default: lighthouse } = await import('lighthouse');
  const { computeMedianRun } = await import('lighthouse/core/lib/median-run.js');
  const flags = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];

  /** A fresh browser per audit, and another try when the trace has no navigation in it (NO_NAVSTART). */
  async function audit(url: string, attempts = 3): Promise<Result> {
    const chrome = await launch({ chromePath, chromeFlags: flags });
    try {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      const traced = result.lhr.audits['largest-contentful-paint']?.numericValue !== undefined;
      if (traced || attempts <= 1) return result.lhr;
    } finally {
      chrome.kill();
    }
    return audit(url, attempts - 1);
  }

  const figures: LighthouseFigures[] = [];
  for (const { path, language } of targets) {
    const results: Result[] = [];
    for (let run = 0; run < runs; run++) results.push(await audit(`${origin}${path}`));
    const { categories, audits } = computeMedianRun(results);
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    figures.push({
      path,
      language,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? NaN),
      tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? NaN),
      cls: Number((audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
      performanceSpread: spread(results.map((r) => (r.categories.performance?.score ?? 0) * 100)),
      tbtSpreadMs: spread(results.map((r) => r.audits['total-blocking-time']?.numericValue ?? NaN)),
      benchmarkIndexSpread: spread(results.map((r) => r.environment.benchmarkIndex)),
    });
  }
  return figures;
}
