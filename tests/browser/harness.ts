/**
 * What every browser test needs: the real server (the code path of `npm start`) on free ports
 * with a fresh DATA_DIR, pages that record console errors and failed requests, and a
 * screenshot kept in test-results/ when a test fails.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, type TestContext } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { APP_HYDRATED_EVENT } from '../../src/contracts/runtimeConfig';
import { readStartConfig, startSite, type RunningSite } from '../../src/server/start';
import { launchBrowser } from './browser';

export interface TestSite extends RunningSite {
  dataDir: string;
}

/** Starts site and provider on free ports; env holds overrides such as SITE_VARIANT or PROVIDER_URL. */
export async function startTestSite(env: Record<string, string> = {}): Promise<TestSite> {
  const dataDir = mkdtempSync(join(tmpdir(), 'site-data-'));
  // Warnings and errors only: the test report stays readable. Two files run at once beside other
  // work, so a render may wait for the CPU longer than production's 2 s deadline allows: what the
  // tests check is the page, not the machine's speed (a file about the deadline sets its own).
  const config = readStartConfig({
    PORT: '0',
    PROVIDER_PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RENDER_DEADLINE_MS: '10000',
    // The run's sites share one folder of picture copies, as a host's processes do: a copy is named
    // by its picture's content, so sharing is safe, and each site would otherwise encode the same
    // ~120 copies again when it starts (about 7 s of CPU per file).
    ...(process.env.PICTURE_COPIES_DIR ? { PICTURE_COPIES_DIR: process.env.PICTURE_COPIES_DIR } : {}),
    ...env,
  });
  const site = await startSite(config, { build: false });
  return {
    ...site,
    dataDir,
    async close() {
      await site.close();
      // A picture copy being written as the site closed may still land: tried again until the folder is empty.
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}

/** Starts a site and a browser before a file's tests and stops both after; `ready` receives them. */
export function onSuite(env: Record<string, string>, ready: (site: TestSite, browser: Browser) => void | Promise<void>) {
  let site: TestSite | undefined;
  let browser: Browser | undefined;
  before(async () => {
    site = await startTestSite(env);
    browser = await launchBrowser();
    await ready(site, browser);
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });
}

/** Every route of src/contracts/routes.ts with a text it must show in each language. */
export const ROUTE_SAMPLES: { path: string; zh: string; en: string }[] = [
  { path: '/', zh: '产品中心', en: 'Product Center' },
  { path: '/about', zh: '发展历程', en: 'Development' },
  { path: '/innovation', zh: '研发团队', en: 'R&D Team' },
  { path: '/news', zh: '企业刊物', en: 'Publications' },
  { path: '/news/1', zh: '返回新闻列表', en: 'Back to the news' },
  { path: '/news/notice', zh: '发布时间', en: 'Released' },
  { path: '/news/noticedetail/1', zh: '发布时间', en: 'Released' },
  { path: '/product', zh: '产品咨询', en: 'Product enquiries' },
  { path: '/product/1', zh: '批准文号', en: 'Approval number' },
  { path: '/resources', zh: '加入我们', en: 'Join Us' },
  { path: '/resources/1', zh: '申请该职位', en: 'Apply for this position' },
  { path: '/patient', zh: '所购药品通用名', en: 'Generic name of the medication bought' },
  { path: '/report', zh: '举报平台', en: 'Platform Report' },
  { path: '/privacy', zh: '个人信息保护政策', en: 'Privacy Notice' },
];

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

export interface Watched {
  page: Page;
  context: BrowserContext;
  /** Console errors and failed or refused requests seen so far. */
  problems: string[];
}

export async function openPage(
  browser: Browser,
  site: TestSite,
  { locale = 'zh', viewport = DESKTOP, reducedMotion = 'reduce' as 'reduce' | 'no-preference', javaScriptEnabled = true } = {},
): Promise<Watched> {
  const context = await browser.newContext({ viewport, reducedMotion, javaScriptEnabled, baseURL: site.url });
  if (locale !== 'zh') await context.addCookies([{ name: 'locale', value: locale, url: site.url }]);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('requestfailed', (request) => {
    // A navigation away aborts pending media loads; that is not a failure of the page.
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`request failed: ${request.url()} ${request.failure()?.errorText}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && !response.url().endsWith('/favicon.ico')) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  return { page, context, problems };
}

/** Runs a test body on `page`; on failure the page's screenshot goes to test-results/. */
export async function screenshotOnFailure(t: TestContext, page: Page, body: () => Promise<void>) {
  try {
    await body();
  } catch (error) {
    mkdirSync('test-results', { recursive: true });
    const name = t.name.replace(/[^\w-]+/g, '_').slice(0, 80);
    await page.screenshot({ path: join('test-results', `${name}.png`), fullPage: true }).catch(() => {});
    throw error;
  }
}

/**
 * One page for the tests of the describe it is called in, each loading its own document: opened
 * before them, its problems cleared before each, closed after. A new context per test would start
 * a renderer with cold caches each time (about 1.2 s of CPU a page, against 0.3 s for a new
 * document in an open page); the first test meets the cold caches, as a visitor's first page does.
 */
export function sharedPage(open: () => Promise<Watched>): () => Watched {
  let watched: Watched | undefined;
  before(async () => {
    watched = await open();
  });
  beforeEach(() => {
    if (watched) watched.problems.length = 0;
  });
  after(() => watched?.context.close());
  return () => watched!;
}

/** Runs a test body with a page of its own (a new context: nothing shared with other tests). */
export async function withPage(
  t: TestContext,
  browser: Browser,
  site: TestSite,
  options: Parameters<typeof openPage>[2],
  body: (watched: Watched) => Promise<void>,
) {
  const watched = await openPage(browser, site, options);
  try {
    await screenshotOnFailure(t, watched.page, () => body(watched));
  } finally {
    await watched.context.close();
  }
}

/** Notes when the app has hydrated (call before the page loads); the returned function waits for it. */
export async function watchHydration(page: Page): Promise<() => Promise<void>> {
  await page.addInitScript((name) => document.addEventListener(name, () => ((window as { hydrated?: boolean }).hydrated = true)), APP_HYDRATED_EVENT);
  return async () => {
    await page.waitForFunction(() => (window as { hydrated?: boolean }).hydrated === true);
  };
}

/** Waits until the page shows content: no skeleton left in main. */
export async function waitForContent(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.querySelector('main') !== null && document.querySelectorAll('main [aria-busy="true"]').length === 0, undefined, {
    timeout: 10_000,
  });
}

export { launchBrowser };
