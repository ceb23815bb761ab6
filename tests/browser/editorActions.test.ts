/**
 * Parts an editor left out, in a real browser: the provider answers them empty (here the
 * content table loses their rows, as Strapi's unpublished or emptied parts read), and a page
 * leaves them out whether the server rendered it or the browser loaded it on a navigation, with
 * no error shown; a part given in zh on an en page is marked lang="zh" and hydrates as rendered.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { DATABASE_FILE } from '../../src/provider/sqliteDatabase';
import Database from '../../src/provider/sqliteDriver';
import { onSuite, waitForContent, watchHydration, withPage, type TestSite } from './harness';

let browser: Browser;
let site: TestSite;
let db: InstanceType<typeof Database>;
onSuite({}, (s, b) => {
  site = s;
  browser = b;
  db = new Database(join(site.dataDir, DATABASE_FILE));
});
after(() => db?.close());

const content = (key: string, locale: string) =>
  (db.prepare('SELECT json FROM content WHERE key = ? AND locale = ?').get(key, locale) as { json: string }).json;

test('a part left out is not shown, neither on a server-rendered page nor after a navigation in the browser', async (t) => {
  db.prepare("DELETE FROM content WHERE key IN ('homeAbout', 'publicationTop')").run();
  await withPage(t, browser, site, {}, async ({ page, problems }) => {
    await page.goto('/');
    await waitForContent(page);
    assert.equal(await page.locator('#about').count(), 0, 'the server left it out');
    await page.goto('/about');
    await waitForContent(page);
    await page.locator('.site-nav__link', { hasText: '首页' }).click();
    await page.waitForURL(/\/$/);
    await waitForContent(page);
    await page.locator('#news').waitFor();
    assert.equal(await page.locator('#about').count(), 0, 'the browser left it out');
    await page.locator('.site-nav__link', { hasText: '新闻资讯' }).click();
    await page.waitForURL(/\/news$/);
    await waitForContent(page);
    await page.locator('.publications--no-top .carousel--publications').waitFor();
    assert.equal(await page.locator('main [role="alert"]').count(), 0);
    assert.deepEqual(problems, []);
  });
});

test('an en part given in zh is marked lang="zh" and hydrates as the server rendered it', async (t) => {
  db.prepare("UPDATE content SET json = ? WHERE key = 'aboutUs' AND locale = 'en'").run(
    JSON.stringify({ ...JSON.parse(content('aboutUs', 'zh')), lang: 'zh' }),
  );
  const title = (JSON.parse(content('aboutUs', 'zh')) as { title: string }).title;
  await withPage(t, browser, site, { locale: 'en' }, async ({ page, problems }) => {
    const hydrated = await watchHydration(page);
    await page.goto('/en/about');
    await hydrated();
    await waitForContent(page);
    assert.equal(await page.locator('#company [lang="zh"] h3').innerText(), title);
    assert.equal(await page.locator('#company h2').evaluate((heading) => heading.closest('[lang]')?.getAttribute('lang')), 'en');
    assert.deepEqual(problems, [], 'no hydration error or warning');
  });
});
