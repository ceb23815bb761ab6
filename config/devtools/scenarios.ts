/**
 * The visits `npm run sessions:record` records (record.ts), each a session in
 * config/devtools/sessions/ that `sessions.test.ts` replays with the sagas running.
 */
import type { Page } from 'playwright-core';
import { waitForContent } from '../../tests/browser/harness';
import type { Recording } from './record';

const topLink = (page: Page, name: string) => page.locator('.site-nav__link', { hasText: name }).click();
const provider = (body: object, status = 200) => ({ status, contentType: 'application/json', body: JSON.stringify(body) });

const BROWSE_LABELS = {
  zh: { home: '/', products: '产品中心', news: '新闻资讯', more: '加载更多' },
  en: { home: '/en/', products: 'Product Center', news: 'News', more: 'More' },
};

/** Products and news in one language: a product tab, a product and Back to that tab, news "More", an article, and Back once more. */
const browse =
  (locale: keyof typeof BROWSE_LABELS) =>
  async ({ page }: Recording) => {
    const labels = BROWSE_LABELS[locale];
    await page.goto(labels.home);
    await waitForContent(page);
    await topLink(page, labels.products);
    await waitForContent(page);
    await page.getByRole('tab').nth(1).click();
    await waitForContent(page);
    await page.locator('.product-card').first().click();
    await waitForContent(page);
    await page.goBack();
    await page.getByRole('tab', { selected: true }).and(page.getByRole('tab').nth(1)).waitFor();
    await waitForContent(page);
    await topLink(page, labels.news);
    await waitForContent(page);
    await page.getByRole('button', { name: labels.more }).click();
    await waitForContent(page);
    await page.locator('.news-card').nth(1).click();
    await waitForContent(page);
    await page.goBack();
    await waitForContent(page);
  };

/** A job application refused on one job (no e-mail), then sent on another, whose form starts clean. */
async function jobApplication({ page, typed }: Recording) {
  const person = { name: '李明', phone: '13800000000', email: 'li.ming@example.com' };
  await page.goto('/resources');
  await waitForContent(page);
  await page
    .getByRole('link', { name: /申请职位/ })
    .first()
    .click();
  await waitForContent(page);
  await page.getByLabel('姓名').fill(person.name);
  await page.getByLabel('电话').fill(person.phone);
  typed({ name: person.name, phone: person.phone, email: '' });
  await page.getByRole('button', { name: '提交申请' }).click();
  await page.getByText('应聘信息请填写完整！').first().waitFor();
  await page.goBack();
  await waitForContent(page);
  await page
    .getByRole('link', { name: /申请职位/ })
    .nth(1)
    .click();
  await waitForContent(page);
  await page.getByLabel('姓名').fill(person.name);
  await page.getByLabel('电话').fill(person.phone);
  await page.getByLabel('邮箱').fill(person.email);
  await page.locator('form input[type="checkbox"]').first().check();
  typed(person);
  await page.getByRole('button', { name: '提交申请' }).click();
  await page.getByText('提交成功！').first().waitFor();
}

/** The provider says the login expired (403) while the news list loads: session cleared, the login route. */
async function expiredToken({ page }: Recording) {
  await page.route('**/api/index/news/lists**', (route) => route.fulfill(provider({ code: 403, msg: '登录已过期，请重新登录', data: null })));
  await page.goto('/');
  await waitForContent(page);
  await topLink(page, '新闻资讯');
  await page.waitForURL('**/login');
  await page.getByText('登录已过期，请重新登录').first().waitFor();
}

/** The provider refuses a section (code 1): its message as a toast, the section's error state. */
async function refusedSection({ page }: Recording) {
  await page.route('**/api/index/index/report**', (route) => route.fulfill(provider({ code: 1, msg: '举报内容维护中', data: null })));
  await page.goto('/');
  await waitForContent(page);
  await topLink(page, '举报平台');
  await page.getByText('举报内容维护中').first().waitFor();
  await page.getByRole('button', { name: '重试' }).waitFor();
}

/** The provider asks for a token (402): 缺token. */
async function missingToken({ page }: Recording) {
  await page.route('**/api/index/scene/team**', (route) => route.fulfill(provider({ code: 402, msg: '', data: null })));
  await page.goto('/');
  await waitForContent(page);
  await topLink(page, '科技创新');
  await page.getByText('缺token').first().waitFor();
}

/** A provider outage on one section (502 from the site's proxy), then Retry once it is back. */
async function retryAfterOutage({ page }: Recording) {
  let failures = 1;
  await page.route('**/api/index/scene/research**', (route) =>
    failures-- > 0 ? route.fulfill(provider({ code: 1, msg: '内容服务暂时不可用，请稍后重试', data: null }, 502)) : route.fallback(),
  );
  await page.goto('/');
  await waitForContent(page);
  await topLink(page, '科技创新');
  await page.getByRole('button', { name: '重试' }).click();
  await waitForContent(page);
  await page.locator('#results').getByRole('heading').first().waitFor();
}

/** A sub-menu anchor to another page: the page, then the section after the anchor delay. */
async function anchorOnAnotherPage({ page }: Recording) {
  await page.goto('/');
  await waitForContent(page);
  await page.locator('.site-nav__link', { hasText: '关于我们' }).hover();
  await page.locator('#submenu-about a', { hasText: '社会责任' }).click();
  await page.waitForURL('**/about#social');
  await waitForContent(page);
  await page.waitForFunction(() => Math.abs((document.getElementById('social')?.getBoundingClientRect().top ?? 999) - 72) < 40);
}

/** The language menu: the provider checks the language, then the same page loads in English. */
async function languageSwitch({ page }: Recording) {
  await page.goto('/about');
  await waitForContent(page);
  await page.locator('.language-menu summary').click();
  await page.getByRole('link', { name: 'English' }).click();
  await page.waitForURL('**/en/about');
}

/** The news page's code will not download: the page reloads once (the guard remembers it). */
async function chunkReload({ page }: Recording) {
  await page.route(/\/assets\/page-news\.js$/, (route) => route.abort('failed'));
  await page.goto('/');
  await waitForContent(page);
  await topLink(page, '新闻资讯');
  await page.waitForEvent('framenavigated');
}

/** Still broken right after that reload: no second reload, the message with a reload button. */
async function chunkGaveUp({ page }: Recording) {
  await page.addInitScript(() => sessionStorage.setItem('chunk-reload-at', String(Date.now())));
  await page.route(/\/assets\/page-news\.js$/, (route) => route.abort('failed'));
  await page.goto('/');
  await waitForContent(page);
  await topLink(page, '新闻资讯');
  await page
    .getByRole('button', { name: /重新加载/ })
    .first()
    .waitFor();
}

/** A product category chosen, then English: the same category, by its id in the URL, in the other language. */
async function languageSwitchWithCategory({ page }: Recording) {
  await page.goto('/product');
  await waitForContent(page);
  await page.getByRole('tab').nth(2).click();
  await page.waitForURL(/category=/);
  await waitForContent(page);
  await page.locator('.language-menu summary').click();
  await page.getByRole('link', { name: 'English' }).click();
  await page.waitForURL(/\/en\/product\?category=/);
  await waitForContent(page);
  await page.getByRole('tab', { selected: true }).and(page.getByRole('tab').nth(2)).waitFor();
}

/** The staff gallery's page 2, then Back to page 1: the URL is the page. */
async function staffPagesAndBack({ page }: Recording) {
  await page.goto('/resources');
  await waitForContent(page);
  await page.getByRole('button', { name: '第 2 页' }).click();
  await page.waitForURL(/page=2/);
  await page
    .getByRole('button', { name: '第 2 页', pressed: true })
    .or(page.locator('[aria-current="page"]', { hasText: '2' }))
    .first()
    .waitFor();
  await waitForContent(page);
  await page.goBack();
  await page.locator('[aria-current="page"]', { hasText: '1' }).first().waitFor();
  await waitForContent(page);
}

/** Two product tabs tapped quickly while the provider answers slowly: the second tab's list is the one shown. */
async function quickTabTapsOnSlowNetwork({ page }: Recording) {
  await page.goto('/product');
  await waitForContent(page);
  await page.route('**/api/index/product/lists**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.fallback();
  });
  // The second tap while the first tab's list is on the wire (not while its request waits for a
  // paint, which a busy machine may stretch past the second tap): the replay asks at once.
  const firstAsked = page.waitForRequest('**/api/index/product/lists**');
  await page.getByRole('tab').nth(1).click();
  await firstAsked;
  await page.getByRole('tab').nth(2).click();
  await page.getByRole('tab', { selected: true }).and(page.getByRole('tab').nth(2)).waitFor();
  await waitForContent(page);
}

/** One section of the home page fails (its news), reached from another page: Retry asks that section again, and only it. */
async function retryOneSection({ page }: Recording) {
  let failures = 1;
  await page.route('**/api/index/index/news**', (route) =>
    failures-- > 0 ? route.fulfill(provider({ code: 1, msg: '新闻暂时不可用，请稍后重试', data: null }, 502)) : route.fallback(),
  );
  await page.goto('/report');
  await waitForContent(page);
  await topLink(page, '首页');
  await page.locator('#news').getByRole('button', { name: '重试' }).click();
  await page.locator('.home-news').waitFor();
  await waitForContent(page);
}

export const SCENARIOS: Record<string, (recording: Recording) => Promise<void>> = {
  'browse-products-news-zh': browse('zh'),
  'browse-products-news-en': browse('en'),
  'job-application-refused-then-accepted': jobApplication,
  'expired-login-403': expiredToken,
  'refused-section-code-1': refusedSection,
  'missing-token-402': missingToken,
  'retry-after-outage': retryAfterOutage,
  'anchor-on-another-page': anchorOnAnotherPage,
  'language-switch': languageSwitch,
  'chunk-fails-reloads-once': chunkReload,
  'chunk-still-broken-gives-up': chunkGaveUp,
  'language-switch-with-category': languageSwitchWithCategory,
  'staff-pages-1-2-back': staffPagesAndBack,
  'quick-tab-taps-slow-network': quickTabTapsOnSlowNetwork,
  'retry-one-section': retryOneSection,
};
