/** The visitor journeys of the top bar, anchors, language, products, news and errors. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, waitForContent, withPage, type TestSite, onSuite } from './harness';

let browser: Browser;
let site: TestSite;
onSuite({}, (s, b) => {
  site = s;
  browser = b;
});

const topLink = (page: Page, name: string) => page.locator('.site-nav__link', { hasText: name });
/** The hamburger's expanded state as Chromium's accessibility tree has it: the popover sets it, not an attribute. */
async function menuExpanded(page: Page): Promise<unknown> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    const burger = nodes.find((node) => node.role?.value === 'button' && node.name?.value === '菜单');
    return burger?.properties?.find((property) => property.name === 'expanded')?.value.value;
  } finally {
    await cdp.detach();
  }
}
const sectionTop = (page: Page, id: string) => page.evaluate((sid) => document.getElementById(sid)?.getBoundingClientRect().top ?? NaN, id);

describe('top bar', () => {
  test('highlights the section of the current path', async (t) => {
    await withPage(t, browser, site, {}, async ({ page }) => {
      await page.goto('/product/3');
      assert.equal(await topLink(page, '产品中心').getAttribute('aria-current'), 'page');
      await page.goto('/news/notice');
      assert.equal(await topLink(page, '新闻资讯').getAttribute('aria-current'), 'page');
      assert.equal(await topLink(page, '产品中心').getAttribute('aria-current'), null);
    });
  });

  test('opens a sub-menu on hover and on keyboard focus, and hides it on leave', async (t) => {
    await withPage(t, browser, site, { reducedMotion: 'no-preference' }, async ({ page }) => {
      await page.goto('/');
      await waitForContent(page);
      const submenu = page.locator('#submenu-about');
      assert.equal(await submenu.isVisible(), false);
      await topLink(page, '关于我们').hover();
      await submenu.waitFor({ state: 'visible' });
      await page.mouse.move(5, 600);
      await submenu.waitFor({ state: 'hidden' });
      await topLink(page, '科技创新').focus();
      await page.locator('#submenu-innovation').waitFor({ state: 'visible' });
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), '研发概况');
    });
  });

  test('anchor links scroll on the same page and after navigating to another', async (t) => {
    await withPage(t, browser, site, {}, async ({ page }) => {
      await page.goto('/about');
      await waitForContent(page);
      await topLink(page, '关于我们').hover();
      await page.locator('#submenu-about a', { hasText: '社会责任' }).click();
      await page.waitForFunction(() => Math.abs((document.getElementById('social')?.getBoundingClientRect().top ?? 999) - 72) < 40);
      await topLink(page, '科技创新').hover();
      await page.locator('#submenu-innovation a', { hasText: '合作交流' }).click();
      // The URL keeps the anchor: it can be shared, and back returns to it.
      await page.waitForURL('**/innovation#cooperation');
      await page.waitForFunction(() => Math.abs((document.getElementById('cooperation')?.getBoundingClientRect().top ?? 999) - 72) < 40, undefined, {
        timeout: 5000,
      });
      assert.ok(Math.abs((await sectionTop(page, 'cooperation')) - 72) < 40);
    });
  });

  test('a product category in the sub-menu opens /product on that tab', async (t) => {
    await withPage(t, browser, site, {}, async ({ page }) => {
      await page.goto('/');
      await waitForContent(page);
      await topLink(page, '产品中心').hover();
      await page.locator('#submenu-product a', { hasText: '酊剂' }).click();
      // The URL names the category by its id: it can be shared in any language, and Back returns to it.
      await page.waitForURL((url) => url.pathname === '/product' && /^\d+$/.test(url.searchParams.get('category') ?? '') && url.hash === '#product');
      await page.getByRole('tab', { name: '酊剂', selected: true }).waitFor();
    });
  });

  test('the phone menu opens with the hamburger', async (t) => {
    await withPage(t, browser, site, { viewport: PHONE }, async ({ page }) => {
      await page.goto('/');
      // The hamburger is the app's: it works once the page has hydrated.
      await waitForContent(page);
      assert.equal(await topLink(page, '科技创新').isVisible(), false);
      await page.getByRole('button', { name: '菜单' }).click();
      await topLink(page, '科技创新').click();
      await page.waitForURL('**/innovation');
      // Navigations render as transitions: the menu closes with the new page, just after the URL.
      await topLink(page, '科技创新').waitFor({ state: 'hidden', timeout: 5000 });
    });
  });

  test('the phone menu and the language menu work without JavaScript', async (t) => {
    await withPage(t, browser, site, { javaScriptEnabled: false, viewport: PHONE }, async ({ page, context }) => {
      await page.goto('/');
      assert.equal(await topLink(page, '科技创新').isVisible(), false);
      assert.equal(await menuExpanded(page), false);
      await page.getByRole('button', { name: '菜单' }).click();
      assert.equal(await menuExpanded(page), true);
      await topLink(page, '科技创新').click();
      await page.waitForURL('**/innovation');
      assert.equal(await topLink(page, '科技创新').isVisible(), false, 'the new page starts with the menu closed');
      await page.locator('.language-menu summary').click();
      await page.getByRole('link', { name: 'English' }).click();
      await page.waitForURL('**/en/innovation');
      assert.equal(await page.locator('html').getAttribute('lang'), 'en');
      // Back to Chinese, even for a visitor whose cookie (set by the app earlier) says English.
      await context.addCookies([{ name: 'locale', value: 'en', url: site.url }]);
      await page.locator('.language-menu summary').click();
      await page.getByRole('link', { name: '中文' }).click();
      await page.waitForURL((url) => url.pathname === '/innovation');
      assert.equal(await page.locator('html').getAttribute('lang'), 'zh-CN');
    });
  });

  test('a phone menu opened before the app starts stays open, then the app closes it with the next page', async (t) => {
    await withPage(t, browser, site, { viewport: PHONE }, async ({ page, problems }) => {
      let release!: () => void;
      const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/*.js', async (route) => {
        await scriptsHeld;
        await route.continue();
      });
      await page.goto('/', { waitUntil: 'commit' });
      await page.getByRole('button', { name: '菜单' }).click();
      await topLink(page, '科技创新').waitFor();
      release();
      await waitForContent(page);
      assert.equal(await topLink(page, '科技创新').isVisible(), true, 'hydration keeps the open menu');
      await topLink(page, '科技创新').click();
      await page.waitForURL('**/innovation');
      await topLink(page, '科技创新').waitFor({ state: 'hidden', timeout: 5000 });
      // Escape closes it; a tablet turned to the wide layout puts the top bar back in place.
      await page.getByRole('button', { name: '菜单' }).click();
      await topLink(page, '产品中心').waitFor();
      await page.keyboard.press('Escape');
      await topLink(page, '产品中心').waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: '菜单' }).click();
      await page.setViewportSize(DESKTOP);
      await page.waitForFunction(() => !document.getElementById('main-nav')?.matches(':popover-open'));
      const bar = await page.locator('#main-nav').boundingBox();
      assert.ok(bar && bar.y < 20 && bar.height < 100, `the top bar is back in the header: ${JSON.stringify(bar)}`);
      assert.deepEqual(problems, []);
    });
  });

  test('the scroll-to-top button appears after one viewport and brings the page back up', async (t) => {
    await withPage(t, browser, site, { viewport: DESKTOP }, async ({ page }) => {
      await page.goto('/about');
      await waitForContent(page);
      const button = page.getByRole('button', { name: '回到顶部' });
      assert.equal(await button.count(), 0);
      await page.evaluate(() => window.scrollTo(0, window.innerHeight + 200));
      await button.waitFor();
      await button.click();
      await page.waitForFunction(() => window.scrollY === 0, undefined, { timeout: 5000 });
      await button.waitFor({ state: 'detached' });
    });
  });
});

describe('language', () => {
  test('switching sets the cookie, lands on the same page under /en, shows English and hides Human Resources', async (t) => {
    await withPage(t, browser, site, {}, async ({ page, context }) => {
      await page.goto('/about');
      await waitForContent(page);
      assert.equal(await topLink(page, '人力资源').count(), 1);
      await page.locator('.language-menu summary').click();
      assert.equal(await page.getByRole('link', { name: 'English' }).getAttribute('href'), '/en/about');
      await Promise.all([page.waitForEvent('load'), page.getByRole('link', { name: 'English' }).click()]);
      await waitForContent(page);
      const cookie = (await context.cookies()).find((c) => c.name === 'locale');
      assert.equal(cookie?.value, 'en');
      assert.equal(cookie?.sameSite, 'Lax');
      assert.ok((cookie?.expires ?? 0) > Date.now() / 1000 + 364 * 86400);
      assert.equal(await page.locator('html').getAttribute('lang'), 'en');
      assert.equal(new URL(page.url()).pathname, '/en/about');
      await page.getByRole('heading', { name: 'Development' }).waitFor();
      assert.equal(await topLink(page, 'Human Resources').count(), 0);
      assert.match(await page.title(), /Yuechuan Pharmaceutical/);
    });
  });
});

describe('products', () => {
  test('tabs reset paging, pages load, ?name= picks a tab, a search with no match shows the empty state', async (t) => {
    await withPage(t, browser, site, {}, async ({ page }) => {
      await page.goto('/product');
      await waitForContent(page);
      const cards = page.locator('.product-card');
      assert.equal(await cards.count(), 6);
      const firstOnPage1 = await cards.first().textContent();
      await page.getByRole('button', { name: '第 2 页' }).click();
      await page.waitForFunction((first) => document.querySelector('.product-card')?.textContent !== first, firstOnPage1);
      await page.getByRole('tab', { name: '乳膏剂' }).click();
      await page.getByRole('button', { name: '第 1 页' }).and(page.locator('[aria-current="page"]')).waitFor();
      await page.goto(`/product?name=${encodeURIComponent('凝胶剂')}`);
      await page.getByRole('tab', { name: '凝胶剂', selected: true }).waitFor();
      await page.goto('/product?keyword=zzzz');
      await page.getByText('没有找到相关产品').waitFor();
    });
  });

  test('the detail shows the pictures, breadcrumb and the table', async (t) => {
    await withPage(t, browser, site, {}, async ({ page }) => {
      await page.goto('/product');
      await waitForContent(page);
      await page.locator('.product-card').first().click();
      await page.waitForURL(/\/product\/\d+$/);
      // The list stays on screen until the detail has rendered (navigations are transitions).
      await page.locator('.product-detail__table').waitFor();
      const rows = await page.locator('.product-detail__table th').allTextContents();
      for (const label of ['产品名称', '性状', '包装规格', '批准文号', '适应症', '禁忌', '生产企业']) assert.ok(rows.includes(label), label);
      await page.getByRole('navigation', { name: '当前位置' }).getByRole('link', { name: '产品中心' }).waitFor();
    });
  });
});

describe('news', () => {
  test('More appends until every item is shown', async (t) => {
    await withPage(t, browser, site, {}, async ({ page }) => {
      await page.goto('/news');
      await waitForContent(page);
      const items = () => page.locator('#news .news-card').count();
      assert.equal(await items(), 5);
      for (;;) {
        const more = page.getByRole('button', { name: '加载更多' });
        if ((await more.count()) === 0) break;
        const before = await items();
        await more.click();
        await page.waitForFunction((n) => document.querySelectorAll('#news .news-card').length > n, before);
      }
      assert.equal(await items(), 12);
      await page.getByText('已经到底了').waitFor();
    });
  });

  test('the detail sets description and keywords from the item', async (t) => {
    await withPage(t, browser, site, { locale: 'en' }, async ({ page }) => {
      await page.goto('/en/news/2');
      await waitForContent(page);
      const title = await page.locator('main h1').textContent();
      assert.equal(await page.locator('meta[name="keywords"]').getAttribute('content'), title);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      assert.ok(description && !description.startsWith('Founded in September 2001'), 'description comes from the news item');
    });
  });
});

describe('not found', () => {
  for (const path of ['/en/nope', '/en/news/abc', '/en/product/1x', '/en/resources/-1']) {
    test(path, async (t) => {
      await withPage(t, browser, site, { locale: 'en' }, async ({ page }) => {
        const response = await page.goto(path);
        assert.equal(response?.status(), 404);
        await page.getByRole('heading', { name: 'This page could not be found' }).waitFor();
        // English pages link within English: home is /en (the router's link), or /en/ when the
        // click comes before hydration and the server redirects the plain link.
        await page.getByRole('link', { name: 'Back to the home page' }).click();
        await page.waitForURL((url) => url.origin === site.url && /^\/en\/?$/.test(url.pathname));
      });
    });
  }
});

describe('on a phone in English', () => {
  test('a footer anchor opens its page at the section, and switching back to Chinese works', async (t) => {
    await withPage(t, browser, site, { locale: 'en', viewport: PHONE }, async ({ page, context }) => {
      await page.goto('/');
      await waitForContent(page);
      await page
        .locator('.site-footer a', { hasText: 'Join Us' })
        .count()
        .then((n) => assert.equal(n, 0, 'Human Resources is hidden in en'));
      await page.locator('.site-footer a', { hasText: 'Publications' }).click();
      await page.waitForURL('**/en/news#journal');
      await page.waitForFunction(() => Math.abs((document.getElementById('journal')?.getBoundingClientRect().top ?? 999) - 58) < 40, undefined, {
        timeout: 5000,
      });
      await page.locator('.language-menu summary').click();
      await Promise.all([page.waitForEvent('load'), page.getByRole('link', { name: '中文' }).click()]);
      await waitForContent(page);
      assert.equal((await context.cookies()).find((c) => c.name === 'locale')?.value, 'zh');
      await page.getByRole('heading', { name: '企业刊物' }).waitFor();
    });
  });
});
