/**
 * Each page against its script-free twin (the same server HTML without its script tag,
 * tests/bench/scriptFree.ts), audited back to back in pairs, alternating which goes first.
 * Absolute Lighthouse figures on a shared 2-core host measure the host as much as the site; the
 * ratio within a pair measured in the same minute holds from host to host. A pair one of whose
 * runs Lighthouse itself failed (no trace) is left out, and named: which side, which code.
 */
import type { Audit, AuditFailure, Auditor, LcpPhases } from './lighthouse';

export interface PairFigures {
  path: string;
  /** Pairs kept. */
  pairs: number;
  /** The runs Lighthouse failed, each as its side and code (`page NO_NAVSTART`); their pairs are left out. */
  failures: string[];
  /** Medians of the pairs' page ÷ twin (LCP) and page − twin (TBT, performance). */
  lcpRatio: number;
  tbtDeltaMs: number;
  performanceDelta: number;
  /** Medians of the absolute figures. */
  page: Medians;
  twin: Medians;
  /** Lighthouse's benchmark index of every kept run, page and twin of each pair in turn. */
  benchmarkIndexes: number[];
  /** The largest paint's element as most runs saw it. */
  lcpElement: { page: string; twin: string };
}

export interface Medians {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** When every run gave its LCP breakdown. */
  lcpPhasesMs?: LcpPhases;
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const mostCommon = (values: string[]): string => {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '?';
};

const isFailure = (run: Audit | AuditFailure): run is AuditFailure => 'failure' in run;

const medians = (audits: Audit[]): Medians => {
  const phases = audits.map((a) => a.lcpPhasesMs).filter((p): p is LcpPhases => p !== undefined);
  const phase = (key: keyof LcpPhases) => median(phases.map((p) => p[key]));
  return {
    performance: median(audits.map((a) => a.performance)),
    lcpMs: median(audits.map((a) => a.lcpMs)),
    tbtMs: median(audits.map((a) => a.tbtMs)),
    cls: median(audits.map((a) => a.cls)),
    ...(phases.length && phases.length === audits.length
      ? { lcpPhasesMs: { ttfb: phase('ttfb'), loadDelay: phase('loadDelay'), loadTime: phase('loadTime'), renderDelay: phase('renderDelay') } }
      : {}),
  };
};

/** `count` pairs of one page (`pageUrl`) and its twin (`twinUrl`). */
export async function auditPairs(audit: Auditor, path: string, pageUrl: string, twinUrl: string, count: number): Promise<PairFigures> {
  const pairs: [page: Audit, twin: Audit][] = [];
  const failures: string[] = [];
  for (let i = 0; i < count; i++) {
    const pageFirst = i % 2 === 0;
    const first = await audit(pageFirst ? pageUrl : twinUrl);
    const second = await audit(pageFirst ? twinUrl : pageUrl);
    const [page, twin] = pageFirst ? [first, second] : [second, first];
    if (isFailure(page)) failures.push(`page ${page.failure}`);
    if (isFailure(twin)) failures.push(`twin ${twin.failure}`);
    if (!isFailure(page) && !isFailure(twin)) pairs.push([page, twin]);
  }
  const pages = pairs.map(([page]) => page);
  const twins = pairs.map(([, twin]) => twin);
  return {
    path,
    pairs: pairs.length,
    failures,
    lcpRatio: median(pairs.map(([page, twin]) => page.lcpMs / twin.lcpMs)),
    tbtDeltaMs: median(pairs.map(([page, twin]) => page.tbtMs - twin.tbtMs)),
    performanceDelta: median(pairs.map(([page, twin]) => page.performance - twin.performance)),
    page: medians(pages),
    twin: medians(twins),
    benchmarkIndexes: pairs.flatMap(([page, twin]) => [page.benchmarkIndex, twin.benchmarkIndex]),
    lcpElement: { page: mostCommon(pages.map((a) => a.lcpElement)), twin: mostCommon(twins.map((a) => a.lcpElement)) },
  };
}

/** What every page must meet against its twin (the goals of the bench's last lines). */
const PAIR_GOALS: { goal: string; misses: (f: PairFigures) => boolean }[] = [
  { goal: 'LCP ≤ 1.05 × twin', misses: (f) => !(f.lcpRatio <= 1.05) },
  { goal: 'TBT ≤ twin + 50 ms', misses: (f) => !(f.tbtDeltaMs <= 50) },
  // Scores come in hundredths: 0.98 − 1.00 is −0.02 exactly, not −0.020000000000000018.
  { goal: 'performance ≥ twin − 0.02', misses: (f) => !(Math.round(f.performanceDelta * 1000) >= -20) },
  { goal: 'CLS ≤ 0.01', misses: (f) => !(f.page.cls <= 0.01) },
];

export function pairTable(figures: PairFigures[]): string[] {
  const ms = (value: number) => `${Math.round(value)}`;
  const lines = [
    '| page | pairs (runs Lighthouse failed) | LCP ÷ | TBT − | perf − | LCP page / twin | TBT page / twin | perf page / twin | CLS | LCP element page / twin | benchmark index of each run |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const f of figures) {
    lines.push(
      `| ${f.path} | ${f.pairs}${f.failures.length ? ` (${f.failures.join(', ')})` : ''} | ${f.lcpRatio.toFixed(3)} | ${ms(f.tbtDeltaMs)} ms | ${f.performanceDelta.toFixed(3)} | ${ms(f.page.lcpMs)} / ${ms(f.twin.lcpMs)} ms | ${ms(f.page.tbtMs)} / ${ms(f.twin.tbtMs)} ms | ${f.page.performance.toFixed(2)} / ${f.twin.performance.toFixed(2)} | ${f.page.cls.toFixed(3)} | ${f.lcpElement.page === f.lcpElement.twin ? `\`${f.lcpElement.page}\`` : `\`${f.lcpElement.page}\` / \`${f.lcpElement.twin}\``} | ${f.benchmarkIndexes.map(Math.round).join(' ')} |`,
    );
  }
  lines.push('');
  for (const { goal, misses } of PAIR_GOALS) {
    const missed = figures.filter(misses).map((f) => f.path);
    lines.push(`- ${goal}: ${missed.length ? `missed by ${missed.join(', ')}` : `met by all ${figures.length} pages`}`);
  }
  lines.push(failureLine(figures.flatMap((f) => f.failures)));
  return lines;
}

/** How many runs Lighthouse failed, by side: a site that broke its own trace would fail on the page side only. */
function failureLine(failures: string[]): string {
  if (!failures.length) return '- runs Lighthouse failed: none';
  const counts = new Map<string, number>();
  for (const failure of failures) counts.set(failure, (counts.get(failure) ?? 0) + 1);
  return `- runs Lighthouse failed (their pairs left out): ${[...counts].map(([failure, n]) => `${n} × ${failure}`).join(', ')}`;
}
