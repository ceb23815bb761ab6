/**
 * A site just started, as the first visitor after a deploy meets it: how long the first and the
 * second request of each above-the-fold picture copy take (every srcset width of the home
 * pages' high-priority pictures, as AVIF), and the home page's LCP on the first visit against a
 * second one. Two kinds of start: a restart on the DATA_DIR of a site that ran before (its
 * copies are on disk), and a first start on an empty DATA_DIR (the copies are being made ahead
 * while the visitor asks).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readStartConfig, startSite, type RunningSite } from '../../src/server/start';
import type { Auditor } from './lighthouse';

const ACCEPT_AVIF = 'image/avif,image/webp,image/*,*/*;q=0.8';

export interface CopyTiming {
  url: string;
  firstMs: number;
  secondMs: number;
}

export interface ColdFigures {
  start: string;
  copies: CopyTiming[];
  lcp: { firstMs: number; secondMs: number; element: string } | null;
}

const startOn = (dataDir: string) =>
  startSite(readStartConfig({ PORT: '0', PROVIDER_PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' }), { build: false });

/** The copies the home pages ask for first: each srcset entry of their high-priority pictures. */
async function aboveTheFoldCopies(site: RunningSite): Promise<string[]> {
  const urls = new Set<string>();
  for (const path of ['/', '/en/']) {
    const html = await (await fetch(`${site.url}${path}`, { headers: { 'sec-fetch-site': 'same-origin' } })).text();
    // React writes fetchPriority and srcSet; HTML's names are case-insensitive.
    for (const [img] of html.matchAll(/<img [^>]*fetchpriority="high"[^>]*>/gi)) {
      const srcset = /srcset="([^"]*)"/i.exec(img)?.[1] ?? '';
      for (const entry of srcset.replace(/&amp;/g, '&').split(',')) urls.add(entry.trim().split(/\s+/)[0] ?? '');
    }
  }
  return [...urls].filter(Boolean);
}

async function timed(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: { accept: ACCEPT_AVIF } });
  await response.arrayBuffer();
  return performance.now() - started;
}

/** Pictures first, then (on another start of the same kind) the page, so neither warms the other. */
async function measure(start: string, starting: () => Promise<RunningSite>, audit: Auditor | null): Promise<ColdFigures> {
  let site = await starting();
  const copies: CopyTiming[] = [];
  try {
    for (const url of await aboveTheFoldCopies(site)) {
      const firstMs = await timed(`${site.url}${url}`);
      copies.push({ url, firstMs, secondMs: await timed(`${site.url}${url}`) });
    }
  } finally {
    await site.close();
  }
  if (!audit) return { start, copies, lcp: null };
  site = await starting();
  try {
    const first = await audit(`${site.url}/`);
    const second = await audit(`${site.url}/`);
    const lcp = 'failure' in first || 'failure' in second ? null : { firstMs: first.lcpMs, secondMs: second.lcpMs, element: first.lcpElement };
    return { start, copies, lcp };
  } finally {
    await site.close();
  }
}

export async function measureCold(audit: Auditor | null): Promise<ColdFigures[]> {
  const ran = mkdtempSync(join(tmpdir(), 'bench-restart-'));
  const dirs: string[] = [ran];
  try {
    // The site that ran before: it made its copies ahead, and a visitor asked for the rest.
    const before = await startOn(ran);
    for (const url of await aboveTheFoldCopies(before)) await timed(`${before.url}${url}`);
    await before.close();
    const restart = await measure('restart (copies on disk)', () => startOn(ran), audit);
    const first = await measure(
      'first start (empty DATA_DIR)',
      () => {
        const dir = mkdtempSync(join(tmpdir(), 'bench-fresh-'));
        dirs.push(dir);
        return startOn(dir);
      },
      audit,
    );
    return [restart, first];
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

export function coldTable(figures: ColdFigures[]): string[] {
  const ms = (value: number) => (value < 10 ? value.toFixed(1) : `${Math.round(value)}`);
  const lines = ['| start | picture copy (AVIF) | first request | second | first ÷ second |', '|---|---|---|---|---|'];
  for (const f of figures) {
    for (const c of f.copies) lines.push(`| ${f.start} | ${c.url} | ${ms(c.firstMs)} ms | ${ms(c.secondMs)} ms | ${(c.firstMs / c.secondMs).toFixed(2)} |`);
  }
  lines.push('', '| start | home page LCP, first visit | second visit | first ÷ second | LCP element |', '|---|---|---|---|---|');
  for (const f of figures) {
    if (f.lcp)
      lines.push(
        `| ${f.start} | ${Math.round(f.lcp.firstMs)} ms | ${Math.round(f.lcp.secondMs)} ms | ${(f.lcp.firstMs / f.lcp.secondMs).toFixed(2)} | \`${f.lcp.element}\` |`,
      );
    else lines.push(`| ${f.start} | ${f.copies.length ? 'not audited' : '?'} | | | |`);
  }
  return lines;
}
