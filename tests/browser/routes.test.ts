/**
 * Every route of SPEC §2, in zh and en, at 1440 px and 390 px: its sections show content,
 * nothing errors, no request fails, and nothing scrolls sideways at 360 px.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { DESKTOP, launchBrowser, PHONE, startTestSite, waitForContent, withPage, type TestSite } from './harness';

/** Each route with a text it must show in each language. */
const ROUTES: { path: string; zh: string; en: string }[] = [
  { path: '/', zh: '产品中心', en: 'Product Center' },
  { path: '/about', zh: '发展历程', en: 'Development' },
  { path: '/innovation', zh: '研发团队', en: 'R&D Team' },
  { path: '/news', zh: '企业刊物', en: 'Publications' },
  { path: '/news/1', zh: '返回新闻列表', en: 'Back to the news' },
  { path: '/news/notice', zh: '发布时间', en: 'Released' },
  { path: '/news/noticedetail/1', zh: '发布时间', en: 'Released' },
  { path: '/product', zh: '产品咨询', en: 'Product enquiries' },
  { path: '/product/1', zh: '批准文号', en: 'Approval number' },
  { path: '/resources', zh: '加入我们', en: 'Join Us' },
  { path: '/resources/1', zh: '申请该职位', en: 'Apply for this position' },
  { path: '/patient', zh: '所购药品通用名', en: 'Generic name of the medication bought' },
  { path: '/report', zh: '举报平台', en: 'Platform Report' },
];

let browser: Browser;
let site: TestSite;
before(async () => {
  site = await startTestSite();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await site?.close();
});

for (const locale of ['zh', 'en'] as const) {
  for (const [width, viewport] of [['1440', DESKTOP], ['390', PHONE]] as const) {
    describe(`every route in ${locale} at ${width} px`, () => {
      for (const route of ROUTES) {
        test(route.path, async (t) => {
          await withPage(t, browser, site, { locale, viewport }, async ({ page, problems }) => {
            const response = await page.goto(route.path);
            assert.equal(response?.status(), 200);
            await waitForContent(page);
            assert.equal(await page.locator('html').getAttribute('lang'), locale === 'zh' ? 'zh-CN' : 'en');
            await page.getByText(route[locale], { exact: false }).first().waitFor({ state: 'attached' });
            assert.equal(await page.locator('main .async-state--error').count(), 0, 'no section failed');
            assert.equal(await page.locator('main h1, main h2').count() > 0, true, 'the page has headings');
            assert.deepEqual(problems, []);
          });
        });
      }
    });
  }
}

describe('nothing scrolls sideways at 360 px', () => {
  for (const locale of ['zh', 'en'] as const) {
    test(locale, async (t) => {
      await withPage(t, browser, site, { locale, viewport: { width: 360, height: 740 } }, async ({ page }) => {
        for (const route of ROUTES) {
          await page.goto(route.path);
          await waitForContent(page);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          assert.equal(overflow, 0, `${route.path} is ${overflow}px wider than the screen`);
        }
      });
    });
  }
});
