/** The shop variant (SITE_VARIANT=shop): product search, the shop link, a reduced news menu. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Browser } from 'playwright-core';
import { waitForContent, withPage, type TestSite, onSuite } from './harness';

let browser: Browser;
let site: TestSite;
onSuite({ SITE_VARIANT: 'shop' }, (s, b) => {
  site = s;
  browser = b;
});

test('searching goes to /product?keyword= and lists the matches', async (t) => {
  await withPage(t, browser, site, {}, async ({ page, problems }) => {
    await page.goto('/');
    await waitForContent(page);
    await page.getByRole('searchbox', { name: '搜索产品' }).fill('软膏');
    await page.getByRole('button', { name: '搜索' }).click();
    await page.waitForURL(/\/product\?keyword=%E8%BD%AF%E8%86%8F$/);
    await waitForContent(page);
    await page.getByText('搜索结果：软膏').waitFor();
    const names = await page.locator('.product-card h3').allTextContents();
    assert.ok(names.length > 0);
    for (const name of names) assert.match(name, /软膏/);
    assert.deepEqual(problems, []);
  });
});

test('without JavaScript the search form asks the server for the same results, in English under /en', async (t) => {
  await withPage(t, browser, site, { javaScriptEnabled: false }, async ({ page }) => {
    await page.goto('/en/');
    await page.getByRole('searchbox').fill('Ointment');
    await page.getByRole('searchbox').press('Enter');
    await page.waitForURL(/\/en\/product\?keyword=Ointment$/);
    const names = await page.locator('.product-card h3').allTextContents();
    assert.ok(names.length > 0, 'the server rendered the matches');
    for (const name of names) assert.match(name, /Ointment/);
  });
});

test('the product menu links the online shop in a new tab; the news menu offers Company Dynamics only', async (t) => {
  await withPage(t, browser, site, {}, async ({ page }) => {
    await page.goto('/');
    await waitForContent(page);
    await page.locator('.site-nav__link', { hasText: '产品中心' }).hover();
    const shop = page.locator('#submenu-product a', { hasText: '网上商城' });
    assert.equal(await shop.getAttribute('target'), '_blank');
    assert.match((await shop.getAttribute('rel')) ?? '', /noopener/);
    assert.deepEqual(await page.locator('#submenu-news a').allTextContents(), ['公司动态']);
  });
});
