/**
 * Every route of the route table (src/contracts/routes.ts), in zh and en: nothing scrolls sideways
 * at 360 px, and a touch screen asks for no picture that only shows on hover. What each route shows
 * at 1440 px and 390 px is checked where its page is loaded for axe (everyRoute.ts).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { localizedPath } from '../../src/contracts/routes';
import { DESKTOP, PHONE, waitForContent, withPage, type TestSite, onSuite, ROUTE_SAMPLES } from './harness';

const ROUTES = ROUTE_SAMPLES;

let browser: Browser;
let site: TestSite;
onSuite({}, (s, b) => {
  site = s;
  browser = b;
});

describe('nothing scrolls sideways at 360 px', () => {
  for (const locale of ['zh', 'en'] as const) {
    test(locale, async (t) => {
      await withPage(t, browser, site, { locale, viewport: { width: 360, height: 740 } }, async ({ page }) => {
        for (const route of ROUTES) {
          await page.goto(localizedPath(route.path, locale));
          await waitForContent(page);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          assert.equal(overflow, 0, `${route.path} is ${overflow}px wider than the screen`);
        }
      });
    });
  }
});

describe('a touch screen', () => {
  test('never downloads the pictures that only show on hover; a mouse does', async () => {
    const fetched = async (touch: boolean) => {
      const context = await browser.newContext({ baseURL: site.url, ...(touch ? { viewport: PHONE, isMobile: true, hasTouch: true } : { viewport: DESKTOP }) });
      try {
        const page = await context.newPage();
        const overlays: string[] = [];
        const overlay = /-over\.webp(\?|$)/;
        page.on('request', (request) => void (overlay.test(request.url()) && overlays.push(request.url())));
        for (const path of ['/', '/innovation']) {
          await page.goto(path);
          await waitForContent(page);
          await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
          await page.waitForTimeout(300);
        }
        // A mouse's overlays are asked for as they near the screen, however long that takes here.
        for (const giveUp = Date.now() + 15_000; !touch && overlays.length < 4 && Date.now() < giveUp;) await page.waitForTimeout(100);
        return overlays;
      } finally {
        await context.close();
      }
    };
    assert.deepEqual(await fetched(true), []);
    assert.ok((await fetched(false)).length >= 4, 'with a mouse the overlays load');
  });
});
