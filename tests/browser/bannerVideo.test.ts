/**
 * The home banner's later slides leave the network to the first slide's picture: their pictures
 * and poster are fetched once the carousel runs (never without JavaScript, which shows only the
 * first), and the video only once its slide is in view, where it plays.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { onSuite, PHONE, waitForContent, withPage, type TestSite } from './harness';

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

describe("the home banner's later slides", () => {
  test("fetch their pictures and the video's poster once the carousel runs, not while the first slide is painted", async (t) => {
    await withPage(t, browser, site, { viewport: PHONE }, async ({ page }) => {
      await page.addInitScript(() => {
        const watcher = new MutationObserver(() => {
          if (!document.querySelector('.home-banner .swiper-initialized')) return;
          (window as { carouselStartedAt?: number }).carouselStartedAt = performance.now();
          watcher.disconnect();
        });
        watcher.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
      });
      await page.goto('/');
      await page.locator('.home-banner .swiper-initialized').waitFor();
      // Until every later picture was asked for, not a quiet moment of the network: on a busy
      // machine the carousel asked for one after the network had been idle half a second.
      await page.waitForFunction(() => {
        const asked = new Set(performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
        const later = [...document.querySelectorAll('.home-banner .swiper-slide:not(:first-child) img.home-banner__media')];
        return later.length > 0 && later.every((img) => asked.has(new URL(img.getAttribute('src') ?? '', location.href).pathname));
      });
      const { startedAt, fetches } = await page.evaluate(() => {
        const later = [...document.querySelectorAll('.home-banner .swiper-slide:not(:first-child) img.home-banner__media')].map(
          (img) => new URL(img.getAttribute('src') ?? '', location.href).pathname,
        );
        const resources = performance.getEntriesByType('resource');
        return {
          startedAt: (window as { carouselStartedAt?: number }).carouselStartedAt ?? NaN,
          fetches: later.map((path) => ({ path, at: resources.find((entry) => new URL(entry.name).pathname === path)?.startTime ?? null })),
        };
      });
      assert.ok(fetches.length >= 2, 'the seed has a picture slide and a video slide with its poster after the first');
      for (const { path, at } of fetches) {
        assert.notEqual(at, null, `${path} is fetched once the carousel runs`);
        assert.ok(at! >= startedAt, `${path} asked for at ${at} ms, before the carousel ran at ${startedAt} ms`);
      }
    });
  });

  test('show their pictures and poster to a visitor without JavaScript, who scrolls through every slide', async (t) => {
    await withPage(t, browser, site, { javaScriptEnabled: false, viewport: PHONE }, async ({ page }) => {
      await page.goto('/');
      const later = page.locator('.home-banner .swiper-slide:not(:first-child) img.home-banner__media');
      assert.ok((await later.count()) >= 2);
      await page.locator('.home-banner .swiper-slide').last().scrollIntoViewIfNeeded();
      for (const img of await later.all()) {
        await img.scrollIntoViewIfNeeded();
        await page.waitForFunction(
          (element) => (element as HTMLImageElement).complete && (element as HTMLImageElement).naturalWidth > 0,
          await img.elementHandle(),
        );
        assert.notEqual(await img.evaluate((element) => getComputedStyle(element).display), 'none');
      }
    });
  });
});
