/**
 * One Lighthouse audit (mobile preset, the default) of one URL in a fresh Debian chromium.
 * A run whose trace Lighthouse could not read (NO_NAVSTART and its kin: no LCP in the result)
 * comes back as a failure naming Lighthouse's code, so the caller leaves it out instead of counting
 * a zero, and can say which side of a pair failed.
 */
import type { Result } from 'lighthouse';
import { findChromium, MISSING_BROWSER_MESSAGE } from '../browser/browser';

export interface Audit {
  /** 0–1, as Lighthouse scores it. */
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's own CPU benchmark of the machine during the run (higher is faster). */
  benchmarkIndex: number;
  /** What Lighthouse took for the largest paint, e.g. `img.banner-image` or `h2.section-title`. */
  lcpElement: string;
  /** Lighthouse's LCP breakdown: time to first byte, load delay, load time, render delay (the two loads are 0 for text). */
  lcpPhasesMs?: LcpPhases;
}

export interface LcpPhases {
  ttfb: number;
  loadDelay: number;
  loadTime: number;
  renderDelay: number;
}

const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/** A run Lighthouse itself failed: its runtime error code, e.g. `NO_NAVSTART`. */
export interface AuditFailure {
  failure: string;
}

export type Auditor = (url: string) => Promise<Audit | AuditFailure>;

export async function createAuditor(): Promise<Auditor> {
  const chromePath = findChromium() ?? '';
  if (!chromePath) throw new Error(MISSING_BROWSER_MESSAGE);
  // Both packages are ESM only.
  const { launch } = await import('chrome-launcher');
  const { default: lighthouse } = await import('lighthouse');
  return async (url) => {
    const chrome = await launch({ chromePath, chromeFlags: FLAGS });
    try {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      return result ? figuresOf(result.lhr) : { failure: 'NO_RESULT' };
    } finally {
      chrome.kill();
    }
  };
}

function figuresOf(lhr: Result): Audit | AuditFailure {
  const value = (id: string) => lhr.audits[id]?.numericValue;
  const lcpMs = value('largest-contentful-paint');
  if (lhr.runtimeError) return { failure: lhr.runtimeError.code };
  if (lcpMs === undefined) return { failure: 'NO_LCP' };
  return {
    performance: lhr.categories.performance?.score ?? 0,
    lcpMs,
    tbtMs: value('total-blocking-time') ?? NaN,
    cls: value('cumulative-layout-shift') ?? NaN,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    lcpElement: lcpElementOf(lhr),
    lcpPhasesMs: lcpPhasesOf(lhr),
  };
}

/** The phase table Lighthouse puts after the element in its LCP element audit, in the order TTFB, load delay, load time, render delay. */
function lcpPhasesOf(lhr: Result): LcpPhases | undefined {
  const details = lhr.audits['largest-contentful-paint-element']?.details as { items?: { items?: { timing?: number }[] }[] } | undefined;
  const [ttfb, loadDelay = 0, loadTime = 0, renderDelay] = (details?.items?.[1]?.items ?? []).map((row) => row.timing ?? NaN);
  return ttfb === undefined || renderDelay === undefined ? undefined : { ttfb, loadDelay, loadTime, renderDelay };
}

function lcpElementOf(lhr: Result): string {
  const details = lhr.audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { selector?: string } }[] }[] } | undefined;
  const selector = details?.items?.[0]?.items?.[0]?.node?.selector ?? '?';
  // The last two steps of Lighthouse's selector are enough to recognise the element.
  return selector.split(' > ').slice(-2).join(' > ');
}
