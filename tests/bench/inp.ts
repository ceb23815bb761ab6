/**
 * How fast a page answers a tap, as INP counts it, on a phone whose CPU is four times slower than
 * this machine's: the page loads and hydrates at full speed, the control is scrolled into view and
 * the page left to settle (what a scroll starts, such as lazy pictures, is the scroll's cost, not
 * the tap's), then CDP slows the CPU 4× and the bench taps once. The tap's latency is the longest
 * Event Timing entry with an interactionId (its pointerdown, pointerup and click: the one tap is
 * the one interaction), from the input to the next frame. A tap that changed nothing on the page
 * stops the bench: it would time a no-op. Each interaction is measured on fresh pages; a reference
 * in the same run (one click handler changing one text node on a bare page) tells what the host
 * itself costs.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { PAGE_SIZE } from '../../src/contracts/constants';
import { DESKTOP, PHONE, waitForContent, watchHydration } from '../browser/harness';
import { median } from './pairs';

export interface Interaction {
  name: string;
  /** Page to open; undefined is the bare reference page. */
  path?: string;
  viewport: { width: number; height: number };
  /** The control the visitor taps. */
  control(page: Page): Locator;
  /** Resolves once the page shows the tap's answer. */
  acted(page: Page): Promise<unknown>;
}

/** What the host itself costs: one click handler changing one text node on a bare page. */
const REFERENCE: Interaction = {
  name: 'reference: a bare page, one text node changed',
  viewport: PHONE,
  control: (page) => page.locator('button'),
  acted: (page) => page.locator('p', { hasText: '1' }).waitFor(),
};

const INTERACTIONS: Interaction[] = [
  {
    name: 'phone menu (390 px)',
    path: '/',
    viewport: PHONE,
    control: (page) => page.getByRole('button', { name: '菜单' }),
    acted: (page) => page.locator('.site-nav__link', { hasText: '科技创新' }).waitFor(),
  },
  {
    name: 'language menu',
    path: '/',
    viewport: DESKTOP,
    control: (page) => page.locator('.language-menu summary'),
    acted: (page) => page.getByRole('link', { name: 'English' }).waitFor(),
  },
  {
    name: 'product category tab',
    path: '/product',
    viewport: DESKTOP,
    control: (page) => page.getByRole('tab', { name: '乳膏剂' }),
    acted: (page) => page.locator('[role="tab"][aria-selected="true"]', { hasText: '乳膏剂' }).waitFor(),
  },
  {
    name: 'news "More"',
    path: '/news',
    viewport: DESKTOP,
    control: (page) => page.getByRole('button', { name: '加载更多' }),
    acted: (page) => page.waitForFunction((shown) => document.querySelectorAll('#news .news-card').length > shown, PAGE_SIZE.news),
  },
  {
    name: 'patient form submitted empty (390 px)',
    path: '/patient',
    viewport: PHONE,
    control: (page) => page.locator('main form [type="submit"]'),
    acted: (page) => page.locator('main form [aria-invalid="true"]').first().waitFor(),
  },
];

const BARE_PAGE =
  '<!doctype html><meta name="viewport" content="width=device-width"><button>tap</button><p>0</p><script>document.querySelector("button").onclick = () => { const p = document.querySelector("p"); p.textContent = String(Number(p.textContent) + 1); };</script>';

/** Time for what a scroll starts (lazy pictures, the scroll-top button) to finish before the tap. */
const SETTLE_MS = 1000;

/** Entries below 16 ms are not reported (the floor of Event Timing's threshold): such a tap counts as 16. */
const THRESHOLD_MS = 16;

export interface InpFigures {
  name: string;
  isReference: boolean;
  latenciesMs: number[];
  medianMs: number;
}

async function measureOnce(browser: Browser, origin: string, interaction: Interaction): Promise<number> {
  const context = await browser.newContext({ viewport: interaction.viewport, reducedMotion: 'reduce', baseURL: origin });
  try {
    const page = await context.newPage();
    const hydrated = await watchHydration(page);
    if (interaction.path === undefined) await page.setContent(BARE_PAGE);
    else {
      await page.goto(interaction.path);
      await waitForContent(page);
      await hydrated();
    }
    await page.evaluate((threshold) => {
      const seen: { id: number; duration: number }[] = [];
      (window as { interactions?: typeof seen }).interactions = seen;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { interactionId?: number })[]) {
          if (entry.interactionId) seen.push({ id: entry.interactionId, duration: entry.duration });
        }
      }).observe({ type: 'event', durationThreshold: threshold } as PerformanceObserverInit);
    }, THRESHOLD_MS);
    const control = interaction.control(page);
    await control.scrollIntoViewIfNeeded();
    await page.waitForTimeout(SETTLE_MS);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await control.click();
    // Entries arrive after the frame that follows the input has been presented.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 500)))));
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await interaction.acted(page).catch(() => {
      throw new Error(`${interaction.name}: the tap changed nothing on the page`);
    });
    const seen = await page.evaluate(() => (window as { interactions?: { id: number; duration: number }[] }).interactions ?? []);
    return Math.max(THRESHOLD_MS, ...seen.map((entry) => entry.duration));
  } finally {
    await context.close();
  }
}

export async function measureInp(browser: Browser, origin: string, pages: number): Promise<InpFigures[]> {
  const figures: InpFigures[] = [];
  for (const interaction of [REFERENCE, ...INTERACTIONS]) {
    const latenciesMs: number[] = [];
    for (let i = 0; i < pages; i++) latenciesMs.push(await measureOnce(browser, origin, interaction));
    figures.push({ name: interaction.name, isReference: interaction === REFERENCE, latenciesMs, medianMs: median(latenciesMs) });
  }
  return figures;
}

/** The goal: each interaction answers within 100 ms, half of what Google calls good. */
const INP_GOAL_MS = 100;

export function inpTable(figures: InpFigures[], pages: number): string[] {
  const lines = [`| interaction (CPU slowed 4×, median of ${pages} fresh pages) | latency | each page |`, '|---|---|---|'];
  for (const f of figures) lines.push(`| ${f.name} | ${Math.round(f.medianMs)} ms | ${f.latenciesMs.map(Math.round).join(' / ')} ms |`);
  const missed = figures.filter((f) => !f.isReference && f.medianMs > INP_GOAL_MS).map((f) => f.name);
  lines.push('', `- every interaction ≤ ${INP_GOAL_MS} ms: ${missed.length ? `missed by ${missed.join(', ')}` : 'met'}`);
  return lines;
}
