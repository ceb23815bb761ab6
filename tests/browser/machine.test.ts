/**
 * The machine in time, as a visitor meets it: state that belongs to one job's form, the product
 * category in the URL (Back, shared links, category links), the landing that runs its entry
 * flows, and a new page shown from the top while its loads are still on their way.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { waitForContent, watchHydration, withPage, onSuite, type TestSite } from './harness';

let browser: Browser;
let site: TestSite;
onSuite({}, (s, b) => {
  site = s;
  browser = b;
});

const query = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);
const HEADER = 72;
const atTop = (page: Page, id: string) =>
  page.waitForFunction(([sid, header]) => Math.abs((document.getElementById(sid)?.getBoundingClientRect().top ?? 9999) - header) < 40, [id, HEADER] as const, {
    timeout: 5000,
  });

describe('a job form belongs to its job', () => {
  test("a refusal on one job does not follow the visitor to the next job's form", async (t) => {
    await withPage(t, browser, site, {}, async ({ page }) => {
      await page.goto('/resources/1');
      await waitForContent(page);
      await page.getByRole('button', { name: '提交申请' }).click();
      await page.locator('form .form-status').getByText('应聘信息请填写完整！').waitFor();
      assert.equal(await page.getByLabel('姓名').getAttribute('aria-invalid'), 'true');

      await page.locator('.breadcrumbs').getByRole('link', { name: '加入我们' }).click();
      await page.waitForURL((url) => url.pathname === '/resources');
      await page.locator('a[href="/resources/2"]').first().click();
      await page.waitForURL('**/resources/2');
      await waitForContent(page);
      assert.equal(await page.locator('form [aria-invalid="true"]').count(), 0, 'no field of job 2 is marked');
      assert.equal(await page.locator('form .form-status').textContent(), '');
      assert.equal(await page.evaluate(() => document.activeElement?.id ?? ''), '', 'focus stays out of the form');
    });
  });

  test('a form left while it was being sent can be sent again on coming back', async (t) => {
    await withPage(t, browser, site, {}, async ({ page }) => {
      const fill = async () => {
        await page.getByLabel('姓名').fill('李雷');
        await page.getByLabel('电话').fill('13900005555');
        await page.getByLabel('邮箱').fill('lilei@example.com');
        await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
      };
      // Every submission is held until both are out: the first answers only after the visitor came back.
      const held: (() => Promise<void>)[] = [];
      let bothOut!: () => void;
      const sentTwice = new Promise<void>((resolve) => (bothOut = resolve));
      await page.route('**/api/index/recruit/submitData**', (route) => {
        held.push(() => route.continue());
        if (held.length === 2) bothOut();
      });
      await page.goto('/resources/1');
      await waitForContent(page);
      await fill();
      // Listened for before the click: on a busy machine the request may go out before click() returns.
      const sent = page.waitForRequest('**/api/index/recruit/submitData**');
      await page.getByRole('button', { name: '提交申请' }).click();
      await sent;

      await page.locator('.breadcrumbs').getByRole('link', { name: '加入我们' }).click();
      await page.waitForURL((url) => url.pathname === '/resources');
      await page.goBack();
      await waitForContent(page);
      await fill();
      await page.getByRole('button', { name: '提交申请' }).click();
      const dropped = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the second click was not sent')), 5000).unref());
      await Promise.race([sentTwice, dropped]);
      for (const release of held) await release();
      await page.locator('form .form-status').getByText('提交成功！').waitFor();
      assert.equal(await page.getByLabel('姓名').inputValue(), '', 'the answer to this form clears it');
    });
  });
});

describe('the staff page lives in the URL', () => {
  test('a staff page is a history entry: Back returns to the page before, a shared link opens on it', async (t) => {
    await withPage(t, browser, site, {}, async ({ page }) => {
      await page.goto('/resources');
      await waitForContent(page);
      const staff = page.locator('#staff');
      const firstPicture = () => staff.locator('.staff-grid img').first().getAttribute('src');
      const pageOne = await firstPicture();
      await staff.getByRole('button', { name: '第 2 页' }).click();
      await page.waitForURL((url) => url.searchParams.get('page') === '2');
      await staff.getByRole('button', { name: '第 2 页' }).and(page.locator('[aria-current="page"]')).waitFor();
      await page.waitForFunction((first) => document.querySelector('#staff .staff-grid img')?.getAttribute('src') !== first, pageOne);
      const pageTwo = await firstPicture();
      await page.goBack();
      await staff.getByRole('button', { name: '第 1 页' }).and(page.locator('[aria-current="page"]')).waitFor();
      assert.equal(query(page, 'page'), null);
      assert.equal(await firstPicture(), pageOne);
      await page.goto('/resources?page=2');
      await staff.getByRole('button', { name: '第 2 页' }).and(page.locator('[aria-current="page"]')).waitFor();
      // The same picture under the same URL: the server's page and the browser's both name its version (?v=).
      assert.match(pageTwo ?? '', /\?v=[\w-]{12}&w=\d+$/);
      await page.waitForFunction((second) => document.querySelector('#staff .staff-grid img')?.getAttribute('src') === second, pageTwo);
    });
  });
});

describe('a staff page loading keeps the gallery', () => {
  test('the rows and the pagination stay (marked busy) while page 2 loads, and the focus stays on the button pressed', async (t) => {
    await withPage(t, browser, site, {}, async ({ page }) => {
      let release!: () => Promise<void>;
      const held = new Promise<void>((resolve) => {
        void page.route('**/index/member/memberList**', (route) => {
          if (new URL(route.request().url()).searchParams.get('page') !== '2') return route.continue();
          release = () => route.continue();
          resolve();
        });
      });
      await page.goto('/resources');
      await waitForContent(page);
      const staff = page.locator('#staff');
      const pageOne = await staff.locator('.staff-grid img').first().getAttribute('src');
      await staff.getByRole('button', { name: '第 2 页' }).focus();
      await page.keyboard.press('Enter');
      await held;
      await staff.locator('.staff-grid[aria-busy="true"]').waitFor();
      assert.equal(await staff.locator('.async-state--loading').count(), 0, 'no skeleton replaces the gallery');
      assert.equal(await staff.locator('.staff-grid img').first().getAttribute('src'), pageOne, 'the rows shown stay');
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), '第 2 页', 'the pressed button keeps the focus');
      await release();
      await page.waitForFunction((first) => document.querySelector('#staff .staff-grid:not([aria-busy="true"]) img')?.getAttribute('src') !== first, pageOne);
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), '第 2 页', 'and keeps it once the page is in');
    });
  });

  test('› pressed to reach the last page keeps the focus, and says it goes no further', async (t) => {
    await withPage(t, browser, site, {}, async ({ page }) => {
      await page.goto('/resources');
      await waitForContent(page);
      const next = page.locator('#staff').getByRole('button', { name: '下一页' });
      await next.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('page') === '2');
      await page.locator('#staff [aria-current="page"]', { hasText: '2' }).waitFor();
      assert.equal(await next.getAttribute('aria-disabled'), 'true');
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), '下一页', 'the focus stays on ›');
    });
  });
});

describe('the product category lives in the URL, by its id', () => {
  const selectedTab = (page: Page) => page.locator('[role="tab"][aria-selected="true"]');
  /** The grid shows the selected tab's own rows: labelled by it, no longer busy. */
  const panelOfSelectedTab = (page: Page) =>
    page.waitForFunction(() => {
      const tab = document.querySelector('[role="tab"][aria-selected="true"]')?.id;
      const panel = document.querySelector('#product-panel');
      return tab !== undefined && panel?.getAttribute('aria-labelledby') === tab && panel.getAttribute('aria-busy') === 'false';
    });

  test('a tab names its category; Back from a product returns to that tab', async (t) => {
    await withPage(t, browser, site, {}, async ({ page }) => {
      await page.goto('/product');
      await waitForContent(page);
      await page.getByRole('tab', { name: '乳膏剂' }).click();
      await page.waitForURL((url) => /^\d+$/.test(url.searchParams.get('category') ?? ''));
      const category = query(page, 'category');
      await panelOfSelectedTab(page);
      const first = await page.locator('.product-card h3').first().textContent();
      await page.locator('.product-card').first().click();
      await page.waitForURL(/\/product\/\d+$/);
      await waitForContent(page);
      await page.goBack();
      await page.getByRole('tab', { name: '乳膏剂', selected: true }).waitFor();
      assert.equal(query(page, 'category'), category);
      await panelOfSelectedTab(page);
      assert.equal(await page.locator('.product-card h3').first().textContent(), first);
      await page.goBack();
      await page.getByRole('tab', { name: '软膏剂', selected: true }).waitFor();
    });
  });

  test('an old ?name= link opens its category under its id, and the language switch keeps the category', async (t) => {
    await withPage(t, browser, site, {}, async ({ page }) => {
      const hydrated = await watchHydration(page);
      await page.goto(`/product?name=${encodeURIComponent('乳膏剂')}#product`);
      await page.getByRole('tab', { name: '乳膏剂', selected: true }).waitFor();
      await page.waitForURL((url) => /^\d+$/.test(url.searchParams.get('category') ?? '') && !url.searchParams.has('name') && url.hash === '#product');
      const category = query(page, 'category');
      const tab = await selectedTab(page).getAttribute('id');
      // The server's link has no anchor (it never sees one); the live page's has.
      await hydrated();
      await page.locator('.language-menu summary').click();
      assert.equal(await page.getByRole('link', { name: 'English' }).getAttribute('href'), `/en/product?category=${category}#product`);
      await Promise.all([page.waitForEvent('load'), page.getByRole('link', { name: 'English' }).click()]);
      await page.waitForURL((url) => url.pathname === '/en/product' && url.searchParams.get('category') === category && url.hash === '#product');
      await waitForContent(page);
      assert.equal(await selectedTab(page).getAttribute('id'), tab, 'the same category, in English');
      assert.notEqual(await selectedTab(page).textContent(), '乳膏剂');
    });
  });

  test('an old ?name= link in the other language opens its category: the zh name under /en, the en name under /', async (t) => {
    await withPage(t, browser, site, {}, async ({ page }) => {
      const answer = await page.goto(`/en/product?name=${encodeURIComponent('乳膏剂')}&page=2#product`);
      // The server sent it for good to the URL naming the category by id (the fragment is kept).
      assert.equal((await answer?.request().redirectedFrom()?.response())?.status(), 301);
      await page.getByRole('tab', { name: 'Creams', selected: true }).waitFor();
      await page.waitForURL(
        (url) => url.pathname === '/en/product' && url.searchParams.get('page') === '2' && !url.searchParams.has('name') && url.hash === '#product',
      );
      await page.goto('/product?name=Creams');
      await page.getByRole('tab', { name: '乳膏剂', selected: true }).waitFor();
      await page.waitForURL((url) => url.pathname === '/product' && /^\d+$/.test(url.searchParams.get('category') ?? ''));
    });
  });

  test('a shared English link opens on its category, and every category link carries its id and the /en prefix', async (t) => {
    await withPage(t, browser, site, {}, async ({ page }) => {
      await page.goto('/en/product?name=Tinctures');
      await page.getByRole('tab', { name: 'Tinctures', selected: true }).waitFor();
      const links = await page.locator('#submenu-product a').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
      assert.ok(links.length >= 3, `category links: ${links.join(' ')}`);
      for (const href of links) assert.match(href ?? '', /^\/en\/product\?category=\d+#product$/);
      await page.goto('/en/');
      await waitForContent(page);
      const tiles = await page.locator('.product-tile a').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
      assert.ok(tiles.length > 0);
      for (const href of tiles) assert.match(href ?? '', /^\/en\/product\?category=\d+#product$/);
    });
  });
});

describe('the landing runs inside the machine', () => {
  test('/resources?name=joinus scrolls to the job list once the page is live', async (t) => {
    await withPage(t, browser, site, {}, async ({ page }) => {
      const hydrated = await watchHydration(page);
      await page.goto('/resources?name=joinus');
      await hydrated();
      await atTop(page, 'joinus');
      assert.equal(new URL(page.url()).hash, '', 'no hash: the section came from ?name=, not the browser');
    });
  });
});

describe('scroll follows the page, not its loads', () => {
  test('a new page is shown from the top while one of its loads is still on its way', async (t) => {
    await withPage(t, browser, site, {}, async ({ page }) => {
      await page.goto('/about');
      await waitForContent(page);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/index/scene/research**', async (route) => {
        await held;
        await route.continue();
      });
      await page.locator('.site-nav__link', { hasText: '科技创新' }).click();
      await page.waitForURL('**/innovation');
      await page.waitForFunction(() => window.scrollY === 0, undefined, { timeout: 3000 });
      assert.equal((await page.locator('main [aria-busy="true"]').count()) > 0, true, 'the held load is still loading');
      release();
      await waitForContent(page);
    });
  });

  test('a load the next navigation cancels is aborted', async (t) => {
    await withPage(t, browser, site, {}, async ({ page }) => {
      await page.goto('/');
      await waitForContent(page);
      await page.route('**/api/index/scene/research**', () => undefined); // never answered
      const aborted = page.waitForEvent('requestfailed', (request) => request.url().includes('/api/index/scene/research'));
      const asked = page.waitForRequest('**/api/index/scene/research**');
      await page.locator('.site-nav__link', { hasText: '科技创新' }).click();
      await asked;
      await page.locator('.site-nav__link', { hasText: '关于我们' }).click();
      const failed = await aborted;
      assert.match(failed.failure()?.errorText ?? '', /ABORTED/);
    });
  });
});
