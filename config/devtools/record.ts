/**
 * `npm run sessions:record`: records the committed Redux DevTools sessions from the running
 * development build, in Chromium, through the instrument enhancer the extension runs
 * (config/devtools/extension.ts), and writes each export into config/devtools/sessions/.
 * A provider answer is changed on the wire only where a scenario needs one the embedded
 * provider never gives (the expired login's 403).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../tests/browser/browser';
import { DESKTOP, startTestSite, waitForContent } from '../../tests/browser/harness';
import { buildDevClient, withDevTools } from './devSite';

const SESSIONS = join(__dirname, 'sessions');

const exportSession = (page: Page) => page.evaluate(() => window.__REDUX_DEVTOOLS_MONITOR__!.exportSession());
const topLink = (page: Page, name: string) => page.locator('.site-nav__link', { hasText: name }).click();

const BROWSE_LABELS = {
  zh: { home: '/', products: '产品中心', news: '新闻资讯', more: '加载更多' },
  en: { home: '/en/', products: 'Product Center', news: 'News', more: 'More' },
};

/** Products and news in one language: a product tab, a product and Back to that tab, news "More", an article, and Back once more. */
const browse = (locale: keyof typeof BROWSE_LABELS) => async (page: Page) => {
  const labels = BROWSE_LABELS[locale];
  const settle = () => waitForContent(page);
  await page.goto(labels.home);
  await settle();
  await topLink(page, labels.products);
  await settle();
  await page.getByRole('tab').nth(1).click();
  await settle();
  await page.locator('.product-card').first().click();
  await settle();
  await page.goBack();
  await page.getByRole('tab', { selected: true }).and(page.getByRole('tab').nth(1)).waitFor();
  await settle();
  await topLink(page, labels.news);
  await settle();
  await page.getByRole('button', { name: labels.more }).click();
  await settle();
  await page.locator('.news-card').nth(1).click();
  await settle();
  await page.goBack();
  await settle();
  return exportSession(page);
};

/** A job application refused on one job (no e-mail), then sent on another, whose form starts clean. */
async function jobApplication(page: Page) {
  await page.goto('/resources');
  await waitForContent(page);
  await page.getByRole('link', { name: /申请职位/ }).first().click();
  await waitForContent(page);
  await page.getByLabel('姓名').fill('李明');
  await page.getByLabel('电话').fill('13800000000');
  await page.getByRole('button', { name: '提交申请' }).click();
  await page.getByText('应聘信息请填写完整！').first().waitFor();
  await page.goBack();
  await waitForContent(page);
  await page.getByRole('link', { name: /申请职位/ }).nth(1).click();
  await waitForContent(page);
  await page.getByLabel('姓名').fill('李明');
  await page.getByLabel('电话').fill('13800000000');
  await page.getByLabel('邮箱').fill('li.ming@example.com');
  await page.locator('form input[type="checkbox"]').first().check();
  await page.getByRole('button', { name: '提交申请' }).click();
  await page.getByText('提交成功！').first().waitFor();
  return exportSession(page);
}

/** The provider says the login expired (403) while the news list loads: session cleared, the login route. */
async function expiredToken(page: Page) {
  await page.route('**/api/index/news/lists**', (route) => route.fulfill({ json: { code: 403, msg: '登录已过期，请重新登录', data: null } }));
  await page.goto('/');
  await waitForContent(page);
  await topLink(page, '新闻资讯');
  await page.waitForURL('**/login');
  await page.waitForFunction(() => window.__REDUX_DEVTOOLS_MONITOR__!.actions().some((a) => a.type === 'session/cleared'));
  return exportSession(page);
}

const SCENARIOS: Record<string, (page: Page) => Promise<string>> = {
  'browse-products-news-zh': browse('zh'),
  'browse-products-news-en': browse('en'),
  'job-application-refused-then-accepted': jobApplication,
  'expired-login-403': expiredToken,
};

async function record(browser: Browser, url: string, name: string, scenario: (page: Page) => Promise<string>) {
  const context = await browser.newContext({ baseURL: url, viewport: DESKTOP, reducedMotion: 'reduce' });
  try {
    await withDevTools(context);
    const page = await context.newPage();
    const session = await scenario(page);
    writeFileSync(join(SESSIONS, `${name}.json`), `${session}\n`);
    console.log(`${name}: ${JSON.parse(session).payload.length} characters`);
  } finally {
    await context.close();
  }
}

async function main() {
  const site = await startTestSite({ DIST_DIR: buildDevClient() });
  const browser = await launchBrowser();
  try {
    const only = process.argv.slice(2);
    for (const [name, scenario] of Object.entries(SCENARIOS)) if (only.length === 0 || only.includes(name)) await record(browser, site.url, name, scenario);
  } finally {
    await browser.close();
    await site.close();
  }
}

void main();
