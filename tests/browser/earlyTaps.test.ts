/**
 * A tap before the app has started is not lost. On a slow connection the app hydrates seconds
 * after the server's page is on screen; the phone menu is a native popover and acts at once, and
 * a tap on one of the app's buttons (the home carousel's pause) is kept by the boot script and
 * acts once the app is live. The app's bundle is held back until both taps are made, so they come
 * before it however fast or busy the machine is.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
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

describe('taps before the app has started', () => {
  test('on a slow connection, the phone menu and the carousel pause tapped before the app has started act', async (t) => {
    await withPage(t, browser, site, { viewport: PHONE, reducedMotion: 'no-preference' }, async ({ page }) => {
      await page.addInitScript((name) => {
        (window as { hydratedAt?: number }).hydratedAt = 0;
        document.addEventListener(name, () => ((window as { hydratedAt?: number }).hydratedAt = performance.now()));
      }, APP_HYDRATED_EVENT);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW);
      let release = () => {};
      const tapped = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/main\.\w+\.js$/, async (route) => {
        await tapped;
        await route.continue();
      });

      await page.goto('/', { waitUntil: 'commit' });
      const pause = page.locator('.home-banner .carousel__toggle');
      await pause.waitFor();
      assert.equal(await pause.getAttribute('aria-label'), '暂停轮播', 'the server renders the carousel playing');
      await pause.click();
      await page.getByRole('button', { name: '菜单' }).click();
      await page.locator('.site-nav__link', { hasText: '科技创新' }).waitFor();
      const early = await page.evaluate(() => (window as { hydratedAt?: number }).hydratedAt);
      assert.equal(early, 0, 'both taps came before the app hydrated');
      release();

      await page.waitForFunction(() => ((window as { hydratedAt?: number }).hydratedAt ?? 0) > 0, undefined, { timeout: 60_000 });
      await page.waitForFunction(() => document.querySelector('.home-banner .carousel__toggle')?.getAttribute('aria-pressed') === 'true', undefined, {
        timeout: 5000,
      });
      assert.equal(await pause.getAttribute('aria-label'), '播放轮播', 'the kept tap paused the carousel');
      assert.equal(await page.locator('.site-nav__link', { hasText: '科技创新' }).isVisible(), true, 'the menu opened before the app stays open');
    });
  });
});
