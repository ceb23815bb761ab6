/**
 * A tap before the app has started is not lost. On a slow connection the app hydrates seconds
 * after the server's page is on screen; the phone menu is a native popover and acts at once, and
 * a tap on one of the app's buttons (the home carousel's pause), or a form sent, is kept by the
 * boot script and acts once the app is live. The app's bundle is held back until the taps are
 * made, so they come before it however fast or busy the machine is.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { APP_HYDRATED_EVENT } from '../../src/contracts/runtimeConfig';
import { PHONE, withPage, onSuite, type TestSite } from './harness';

let browser: Browser;
let site: TestSite;
onSuite({}, (s, b) => {
  site = s;
  browser = b;
});

/** A slow mobile connection: 400 ms round trips, 50 KB/s down. */
const SLOW = { offline: false, latency: 400, downloadThroughput: 50 * 1024, uploadThroughput: 25 * 1024 };

/**
 * Holds the app's bundle back until the returned function is called, and notes when the app
 * hydrates (window.hydratedAt, 0 until then).
 */
async function holdApp(page: Page): Promise<() => void> {
  await page.addInitScript((name) => {
    (window as { hydratedAt?: number }).hydratedAt = 0;
    document.addEventListener(name, () => ((window as { hydratedAt?: number }).hydratedAt = performance.now()));
  }, APP_HYDRATED_EVENT);
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/main\.\w+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
const hydratedAt = (page: Page) => page.evaluate(() => (window as { hydratedAt?: number }).hydratedAt);

describe('taps before the app has started', () => {
  test('on a slow connection, the phone menu and the carousel pause tapped before the app has started act', async (t) => {
    await withPage(t, browser, site, { viewport: PHONE, reducedMotion: 'no-preference' }, async ({ page }) => {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW);
      const release = await holdApp(page);

      await page.goto('/', { waitUntil: 'commit' });
      const pause = page.locator('.home-banner .carousel__toggle');
      await pause.waitFor();
      assert.equal(await pause.getAttribute('aria-label'), '暂停轮播', 'the server renders the carousel playing');
      await pause.click();
      await page.getByRole('button', { name: '菜单' }).click();
      await page.locator('.site-nav__link', { hasText: '科技创新' }).waitFor();
      assert.equal(await hydratedAt(page), 0, 'both taps came before the app hydrated');
      release();

      await page.waitForFunction(() => ((window as { hydratedAt?: number }).hydratedAt ?? 0) > 0, undefined, { timeout: 60_000 });
      await page.waitForFunction(() => document.querySelector('.home-banner .carousel__toggle')?.getAttribute('aria-pressed') === 'true', undefined, {
        timeout: 5000,
      });
      assert.equal(await pause.getAttribute('aria-label'), '播放轮播', 'the kept tap paused the carousel');
      assert.equal(await page.locator('.site-nav__link', { hasText: '科技创新' }).isVisible(), true, 'the menu opened before the app stays open');
    });
  });
  test('an application sent before the app has started is taken by the app once live: what was typed stays in the form, and out of any URL', async (t) => {
    await withPage(t, browser, site, {}, async ({ page }) => {
      const release = await holdApp(page);
      const documents: string[] = [];
      page.on('request', (request) => {
        if (request.isNavigationRequest()) documents.push(request.url());
      });
      const phone = '13957913579';
      await page.goto('/resources/1', { waitUntil: 'commit' });
      await page.getByLabel('姓名').fill('张早');
      await page.getByLabel('电话').fill(phone);
      await page.getByRole('button', { name: /提交/ }).click(); // the e-mail is missing: the app refuses it
      assert.equal(await hydratedAt(page), 0, 'sent before the app hydrated');
      release();

      await page.getByText('应聘信息请填写完整！').first().waitFor({ timeout: 60_000 });
      assert.deepEqual(documents, [`${site.url}/resources/1`], 'the browser loaded no other page');
      assert.equal(await page.getByLabel('姓名').inputValue(), '张早', 'what was typed is kept');
      assert.equal(await page.getByLabel('电话').inputValue(), phone);
    });
  });
});
