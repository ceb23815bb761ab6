/**
 * The home banner's video on a later slide leaves the network to the first slide's picture: it
 * is not fetched while its slide is out of view, and plays once the visitor brings it into view.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { onSuite, waitForContent, withPage, type TestSite } from './harness';

let browser: Browser;
let site: TestSite;
onSuite({}, (s, b) => {
  site = s;
  browser = b;
});

describe('the home banner video on a later slide', () => {
  test('is fetched only once its slide shows, and then plays', async (t) => {
    await withPage(t, browser, site, {}, async ({ page }) => {
      const fetched: string[] = [];
      page.on('request', (request) => {
        if (/\.mp4(\?|$)/.test(request.url())) fetched.push(request.url());
      });
      await page.goto('/');
      await waitForContent(page);
      await page.locator('.home-banner .swiper-initialized').waitFor();
      await page.waitForLoadState('networkidle');
      assert.deepEqual(fetched, [], 'no video asked for while its slide is out of view');
      const video = page.locator('.home-banner video');
      assert.equal(await video.getAttribute('preload'), 'none');
      await page.locator('.home-banner .swiper-pagination-bullet').nth(1).click();
      await page.waitForFunction(() => {
        const shown = document.querySelector('.home-banner video');
        return shown instanceof HTMLVideoElement && !shown.paused;
      });
      assert.equal(fetched.length > 0, true);
    });
  });
});
