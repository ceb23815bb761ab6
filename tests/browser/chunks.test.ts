/**
 * A page chunk that cannot load (a bad deploy, a proxy that blocks it): the page reloads once,
 * then shows a message with a reload button. Never a loop, never a blank page.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { onSuite, waitForContent, withPage, type TestSite } from './harness';

let browser: Browser;
let site: TestSite;
onSuite({}, (s, b) => {
  site = s;
  browser = b;
});

/** Blocks one page chunk for good, and counts the documents the tab loads. */
async function blockChunk(page: Page, chunk: string): Promise<string[]> {
  await page.route(new RegExp(`/assets/${chunk}\\.[0-9a-f]+\\.js$`), (route) => route.abort('failed'));
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents.push(new URL(request.url()).pathname);
  });
  return documents;
}

async function expectGivenUp(page: Page, message: RegExp, documents: string[], expected: string[]) {
  const alert = page.getByRole('alert').filter({ hasText: message });
  await alert.waitFor({ timeout: 10_000 });
  // Long enough for another reload to have started, were there a loop.
  await page.waitForTimeout(1500);
  assert.deepEqual(documents, expected);
  assert.ok(await alert.getByRole('button').isVisible(), 'the message offers a reload button');
  assert.ok(await page.locator('header').isVisible(), 'the site around the message is still there');
}

describe('a page chunk that stays broken', () => {
  test('landing on the page reloads once, then shows the message; its button reloads', async (t) => {
    await withPage(t, browser, site, {}, async ({ page }) => {
      const documents = await blockChunk(page, 'page-about');
      await page.goto('/about');
      await expectGivenUp(page, /页面未能加载/, documents, ['/about', '/about']);

      // Listening before the click: the reload may finish before the click call returns.
      await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: '重新加载' }).click()]);
      await page
        .getByRole('alert')
        .filter({ hasText: /页面未能加载/ })
        .waitFor({ timeout: 10_000 });
      assert.deepEqual(documents, ['/about', '/about', '/about'], 'the button reloads, and the guard still holds');
    });
  });

  test('following a link to the page reloads once, then shows the message, in English', async (t) => {
    await withPage(t, browser, site, { locale: 'en' }, async ({ page }) => {
      const documents = await blockChunk(page, 'page-news');
      await page.goto('/en/');
      await waitForContent(page);
      await page.locator('header').getByRole('link', { name: 'News', exact: true }).first().click();
      await expectGivenUp(page, /could not be loaded/, documents, ['/en/', '/en/news']);
    });
  });
});
