/**
 * The server-rendered first response: every route reads without JavaScript, in both languages;
 * with JavaScript the browser hydrates without moving the page (that it asks the provider for
 * nothing the server sent is checked on every route's load in everyRoute.ts); ids the provider
 * does not know are real 404s.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { localizedPath } from '../../src/contracts/routes';
import { DESKTOP, PHONE, ROUTE_SAMPLES, waitForContent, watchHydration, withPage, onSuite, type TestSite } from './harness';

let browser: Browser;
let site: TestSite;
onSuite({}, (s, b) => {
  site = s;
  browser = b;
});

describe('server-rendered pages', () => {
  for (const locale of ['zh', 'en'] as const) {
    test(`${locale}: every route shows its main content with JavaScript off`, async (t) => {
      await withPage(t, browser, site, { javaScriptEnabled: false }, async ({ page }) => {
        for (const route of ROUTE_SAMPLES) {
          const response = await page.goto(localizedPath(route.path, locale));
          assert.equal(response?.status(), 200, route.path);
          assert.equal(await page.locator('html').getAttribute('lang'), locale === 'zh' ? 'zh-CN' : 'en');
          await page.getByText(route[locale], { exact: false }).first().waitFor({ state: 'attached', timeout: 2000 });
          assert.ok((await page.locator('main').innerText()).length > 100, `${route.path} has its main content`);
          assert.equal(await page.locator('main [aria-busy="true"]').count(), 0, `${route.path} has no loading state`);
        }
      });
    });
  }

  test('landing on a section keeps it in view after hydration: no jump to the top', async (t) => {
    await withPage(t, browser, site, {}, async ({ page }) => {
      await page.goto('/about#contact');
      await waitForContent(page);
      await page.waitForTimeout(500);
      assert.ok((await page.evaluate(() => window.scrollY)) > 300, 'still scrolled to #contact');
      const box = await page.locator('#contact').boundingBox();
      assert.ok(box && box.y < 900, '#contact is on screen');
    });
  });

  test('an id the provider does not know answers 404 with the error page, JavaScript on and off', async (t) => {
    for (const javaScriptEnabled of [false, true]) {
      await withPage(t, browser, site, { javaScriptEnabled }, async ({ page }) => {
        for (const path of ['/news/99999', '/en/product/99999']) {
          const response = await page.goto(path);
          assert.equal(response?.status(), 404, `${path} (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`);
          await page.getByRole('heading', { name: /找不到|could not be found/ }).waitFor({ timeout: 3000 });
        }
      });
    }
    t.diagnostic('404s checked with and without JavaScript');
  });

  test("without JavaScript every slide of a carousel is in reach and the app's controls are gone", async (t) => {
    await withPage(t, browser, site, { javaScriptEnabled: false }, async ({ page }) => {
      await page.goto('/about');
      const carousel = page.locator('.carousel--business');
      await carousel.scrollIntoViewIfNeeded();
      const last = carousel.locator('.swiper-slide').last();
      assert.equal(await last.isVisible(), true, 'the slides beyond the first view are shown');
      const wrapper = carousel.locator('.swiper-wrapper');
      await wrapper.evaluate((element) => element.scrollTo({ left: element.scrollWidth, behavior: 'instant' }));
      const [view, box] = await Promise.all([wrapper.boundingBox(), last.boundingBox()]);
      assert.ok(view && box && box.x >= view.x - 1 && box.x + box.width <= view.x + view.width + 1, 'the last slide scrolls into the view');
      for (const control of ['.carousel__controls', '.site-nav__toggle']) {
        assert.equal(await page.locator(control).first().isVisible(), false, `${control} is hidden`);
      }
    });
    await withPage(t, browser, site, {}, async ({ page }) => {
      await page.goto('/about');
      for (const control of ['.carousel__controls', '.site-nav__toggle']) {
        assert.equal(await page.locator(control).first().isVisible(), true, `${control} is shown with JavaScript`);
      }
    });
  });

  test('a carousel below the fold loads Swiper only once the visitor scrolls near it', async (t) => {
    await withPage(t, browser, site, { viewport: PHONE }, async ({ page, problems }) => {
      await page.goto('/news');
      await waitForContent(page);
      const publications = page.locator('.carousel--publications .swiper');
      // Hydrated and idle, with the journal's carousel far below the screen: no Swiper yet.
      await page.waitForTimeout(1500);
      assert.equal(await publications.evaluate((el) => el.classList.contains('swiper-initialized')), false);
      assert.ok((await publications.boundingBox())!.y > PHONE.height + 200, 'the carousel starts below the fold');
      await publications.scrollIntoViewIfNeeded();
      await page.waitForFunction(() => document.querySelector('.carousel--publications .swiper')?.classList.contains('swiper-initialized'), undefined, {
        timeout: 5000,
      });
      assert.deepEqual(problems, []);
    });
  });

  test('provider HTML hydrates without DOMPurify, and a client-side visit loads it', async () => {
    const context = await browser.newContext({ baseURL: site.url });
    try {
      const page = await context.newPage();
      let purifierLoads = 0;
      page.on('request', (request) => {
        if (/\/assets\/purifier\.[0-9a-f]+\.js$/.test(request.url())) purifierLoads += 1;
      });
      // Landing: the server's sanitised markup stays on screen even when DOMPurify never arrives.
      await page.route(/\/assets\/purifier\.[0-9a-f]+\.js$/, (route) => route.abort());
      const hydrated = await watchHydration(page);
      await page.goto('/news/1');
      await waitForContent(page);
      await hydrated();
      await page.waitForTimeout(500);
      assert.ok((await page.locator('.rich-html').first().innerText()).trim().length > 20, 'the news text is on screen');
      assert.equal(purifierLoads, 0, 'a landed page keeps the markup the server sanitised and asks for no DOMPurify');
      await page.unroute(/\/assets\/purifier\.[0-9a-f]+\.js$/);
      // A client-side visit renders provider HTML once DOMPurify is in; a page without any asks for nothing.
      purifierLoads = 0;
      await page.goto('/news');
      await waitForContent(page);
      assert.equal(purifierLoads, 0, 'a page without provider HTML does not load DOMPurify');
      await page.locator('a[href="/news/2"]').first().click();
      await page.waitForURL('**/news/2');
      await page.waitForFunction(() => (document.querySelector('.rich-html')?.textContent ?? '').trim().length > 20, undefined, { timeout: 5000 });
      assert.equal(purifierLoads, 1, 'DOMPurify was requested once, when a page needed it');
    } finally {
      await context.close();
    }
  });
  test('every script of the app asks V8 to compile it whole; the inline boot script does not', async (t) => {
    await withPage(t, browser, site, { viewport: DESKTOP }, async ({ page }) => {
      const scripts: Promise<string>[] = [];
      page.on('response', (response) => {
        if (/\/assets\/[\w-]+\.[0-9a-f]+\.js$/.test(response.url()))
          scripts.push(response.text().then((body) => `${new URL(response.url()).pathname}\n${body}`));
      });
      await page.goto('/product');
      await waitForContent(page);
      await page.getByRole('tab', { name: '乳膏剂' }).click();
      await page.locator('.product-grid:not(.is-stale)').waitFor();
      const bodies = await Promise.all(scripts);
      assert.ok(
        bodies.some((body) => body.startsWith('/assets/page-product.')),
        'the page chunk was loaded',
      );
      for (const body of bodies) {
        const [path, firstLine] = body.split('\n', 2);
        assert.equal(firstLine?.slice(0, 60), '//# allFunctionsCalledOnLoad', `${path} opens with the compile hint`);
      }
      const boot = await page
        .locator('script:not([src])')
        .evaluateAll((tags) => tags.map((tag) => tag.textContent ?? '').find((text) => text.includes('dataset.entry')) ?? '');
      assert.ok(boot.length > 0 && !boot.includes('allFunctionsCalledOnLoad'), 'the boot script runs once and is left to lazy compilation');
    });
  });
  test("the app's scripts are asked for only once the page's largest paint is on screen", async (t) => {
    // The phone's /innovation draws a picture below the banner that is larger than it.
    for (const { viewport, path } of [
      { viewport: PHONE, path: '/' },
      { viewport: PHONE, path: '/innovation' },
      { viewport: DESKTOP, path: '/en/product' },
    ]) {
      // The site makes each picture copy on its first request (an AVIF encode can take a second,
      // past the boot's one-second fallback): a first visit in another browser makes them, and
      // the visit measured is the next visitor's, with nothing of its own in the browser's cache.
      const first = await browser.newContext({ baseURL: site.url, viewport });
      try {
        const warming = await first.newPage();
        await warming.goto(path);
        await waitForContent(warming);
        await warming.waitForLoadState('networkidle');
      } finally {
        await first.close();
      }
      await withPage(t, browser, site, { viewport }, async ({ page, problems }) => {
        await page.goto(path);
        await waitForContent(page);
        const { largest, asked } = await page.evaluate(async () => {
          const entries = await new Promise<PerformanceEntryList>((resolve) =>
            new PerformanceObserver((list) => resolve(list.getEntries())).observe({ type: 'largest-contentful-paint', buffered: true }),
          );
          const script = performance.getEntriesByType('resource').find((entry) => /\/assets\/main\.\w+\.js$/.test(entry.name));
          return { largest: entries.at(-1)?.startTime ?? NaN, asked: script?.startTime ?? NaN };
        });
        const where = `${path} at ${viewport.width} px`;
        assert.ok(largest > 0, `${where}: a largest paint was reported (${largest})`);
        assert.ok(asked >= largest, `${where}: main script asked for at ${asked.toFixed(0)} ms, the largest paint at ${largest.toFixed(0)} ms`);
        assert.deepEqual(problems, [], where);
      });
    }
  });

  test("the page's largest picture is the first picture asked for; the header's logo is asked for at low priority", async (t) => {
    for (const path of ['/', '/about', '/product/1']) {
      await withPage(t, browser, site, { viewport: PHONE }, async ({ page, context, problems }) => {
        // Chromium's own priorities, which Playwright's request events do not carry.
        const cdp = await context.newCDPSession(page);
        const pictures: { url: string; priority: string }[] = [];
        cdp.on('Network.requestWillBeSent', ({ request, type }) => {
          if (type === 'Image') pictures.push({ url: request.url, priority: request.initialPriority });
        });
        await cdp.send('Network.enable');
        await page.goto(path);
        await waitForContent(page);
        const hero = await page
          .locator('img[fetchpriority="high"]')
          .first()
          .evaluate((img: HTMLImageElement) => img.currentSrc);
        const logo = await page.locator('.site-header__logo img').evaluate((img: HTMLImageElement) => img.currentSrc);
        assert.equal(pictures[0]?.url, hero, `${path}: the first picture asked for`);
        assert.deepEqual(
          pictures.filter((picture) => picture.url === logo).map((picture) => picture.priority),
          ['Low'],
          `${path}: the logo, once, at low priority`,
        );
        assert.deepEqual(problems, [], path);
      });
    }
  });

  test('a full-width picture drawn narrower than its original downloads a copy at least as wide as it is drawn', async (t) => {
    const TABLET = { width: 1024, height: 768 };
    // Pictures cover their banner: the home slide on a phone is drawn 70vh × 16/9 wide (1050 px
    // here), the page banner 1352 px wide below that viewport width.
    const cases = [
      { viewport: PHONE, path: '/', copy: 1280 },
      { viewport: TABLET, path: '/', copy: 1280 },
      // Never the original: the widest copy stands for it (upright, in the browser's format).
      { viewport: TABLET, path: '/product', copy: 1920 },
      { viewport: DESKTOP, path: '/', copy: 1920 },
    ];
    for (const { viewport, path, copy } of cases) {
      await withPage(t, browser, site, { viewport }, async ({ page, problems }) => {
        await page.goto(path);
        const hero = page.locator('img[fetchpriority="high"]').first();
        const { src, width, drawn } = await hero.evaluate(async (img: HTMLImageElement) => {
          await img.decode();
          // naturalWidth is scaled by the srcset's density; the file's own width is what was sent.
          const bitmap = await createImageBitmap(await (await fetch(img.currentSrc)).blob());
          // object-fit: cover draws the picture as wide as the box, or wider when the box is taller than the picture.
          const box = img.getBoundingClientRect();
          const drawn = Math.max(box.width, (box.height * bitmap.width) / bitmap.height);
          return { src: img.currentSrc, width: bitmap.width, drawn };
        });
        const where = `${path} at ${viewport.width} px`;
        assert.ok(width >= drawn || width === 1920, `${where}: a ${width} px file drawn ${drawn.toFixed(0)} px wide`);
        if (copy) assert.match(src, new RegExp(`[?&]w=${copy}$`), where);
        else assert.doesNotMatch(src, /[?&]w=/, where);
        assert.equal(width, copy ?? 1920, where);
        assert.deepEqual(problems, [], where);
      });
    }
  });
});
