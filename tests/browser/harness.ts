/**
 * What every browser test needs: the real server (the code path of `npm start`) on free ports
 * with a fresh DATA_DIR, pages that record console errors and failed requests, and a
 * screenshot kept in test-results/ when a test fails.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { readConfig } from '../../src/server/config';
import { startSite, type RunningSite } from '../../src/server/start';
import { launchBrowser } from './browser';

export interface TestSite extends RunningSite {
  dataDir: string;
}

/** Starts site and provider on free ports; env holds overrides such as SITE_VARIANT or PROVIDER_URL. */
export async function startTestSite(env: Record<string, string> = {}): Promise<TestSite> {
  const dataDir = mkdtempSync(join(tmpdir(), 'site-data-'));
  const config = readConfig({ PORT: '0', PROVIDER_PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...env });
  const site = await startSite(config, { build: false });
  return {
    ...site,
    dataDir,
    async close() {
      await site.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

export interface Watched {
  page: Page;
  context: BrowserContext;
  /** Console errors and failed or refused requests seen so far. */
  problems: string[];
}

export async function openPage(browser: Browser, site: TestSite, { locale = 'zh', viewport = DESKTOP, reducedMotion = 'reduce' as 'reduce' | 'no-preference' } = {}): Promise<Watched> {
  const context = await browser.newContext({ viewport, reducedMotion, baseURL: site.url });
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

/** Runs a test body with a page; on failure the page's screenshot goes to test-results/. */
export async function withPage(t: TestContext, browser: Browser, site: TestSite, options: Parameters<typeof openPage>[2], body: (watched: Watched) => Promise<void>) {
  const watched = await openPage(browser, site, options);
  try {
    await body(watched);
  } catch (error) {
    mkdirSync('test-results', { recursive: true });
    const name = t.name.replace(/[^\w-]+/g, '_').slice(0, 80);
    await watched.page.screenshot({ path: join('test-results', `${name}.png`), fullPage: true }).catch(() => {});
    throw error;
  } finally {
    await watched.context.close();
  }
}

/** Waits until the page shows content: no skeleton left in main. */
export async function waitForContent(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.querySelectorAll('main [aria-busy="true"]').length === 0, undefined, { timeout: 10_000 });
}

export { launchBrowser };
