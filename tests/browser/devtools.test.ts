/**
 * Redux DevTools against the development build: the instrument enhancer the extension runs sits in
 * the page (config/devtools), and a jump to an earlier action shows that action's page and URL.
 * Then Redux DevTools' own monitor (`npm run devtools`), driven through its web UI, with the page
 * reporting to it as a development build without the extension does.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { buildDevClient, reportTo, withDevTools } from '../../config/devtools/devSite';
import { startMonitor, type Monitor as RemoteMonitor } from '../../config/devtools/monitor';
import { readSession } from '../../config/devtools/session';
import type { RootState } from '../../src/app/store';
import { freePort } from '../../src/server/server.testing';
import { startTestSite, waitForContent, withPage, onSuite, type TestSite } from './harness';

let browser: Browser;
let site: TestSite;
onSuite({ DIST_DIR: buildDevClient() }, (s, b) => {
  site = s;
  browser = b;
});

type Monitor = NonNullable<Window['__REDUX_DEVTOOLS_MONITOR__']>;
const monitor = <T>(page: Page, use: (m: Monitor) => T) => page.evaluate(`(${use.toString()})(window.__REDUX_DEVTOOLS_MONITOR__)`) as Promise<T>;
const actions = (page: Page) => monitor(page, (m) => m.actions());
const path = (page: Page) => page.evaluate(() => `${location.pathname}${location.search}${location.hash}`);

/** A visit through the menu: the landing on /, then /about, then /news, each page loaded. */
async function homeAboutNews(page: Page) {
  await page.goto('/');
  await waitForContent(page);
  await page.locator('.site-nav__link', { hasText: '关于我们' }).click();
  await page.waitForURL('**/about');
  await waitForContent(page);
  await page.locator('.site-nav__link', { hasText: '新闻资讯' }).click();
  await page.waitForURL('**/news');
  await waitForContent(page);
}

describe('Redux DevTools', () => {
  test('a jump to an earlier action shows its page, URL and product tab, and the present comes back; nothing runs meanwhile', async (t) => {
    await withPage(t, browser, site, {}, async ({ page, context }) => {
      await withDevTools(context);
      await page.goto('/');
      await waitForContent(page);
      await page.locator('.site-nav__link', { hasText: '产品中心' }).click();
      await page.waitForURL('**/product');
      await page.getByRole('tab', { name: '乳膏剂' }).click();
      await page.getByRole('tab', { name: '乳膏剂', selected: true }).waitFor();
      await waitForContent(page);
      await page.locator('.site-nav__link', { hasText: '新闻资讯' }).click();
      await page.waitForURL('**/news');
      await waitForContent(page);
      const rowsAtPresent = await page.locator('.news-card').count();

      const recorded = await actions(page);
      // The tab is an intent; the page it shows is the navigation it made (the URL is the position).
      const tapped = recorded.findLastIndex((a) => a.type === 'product/tabSelected');
      const tabAction = recorded.slice(tapped).find((a) => a.type === 'navigation/routeEntered');
      assert.ok(tapped >= 0 && tabAction, `no product/tabSelected and its navigation among ${recorded.map((a) => a.type).join(', ')}`);
      const historyLength = await page.evaluate(() => history.length);
      const requests: string[] = [];
      page.on('request', (request) => requests.push(request.url()));

      await monitor(page, new Function('m', `m.jumpToAction(${tabAction.id})`) as (m: Monitor) => void);
      await page.getByRole('tab', { name: '乳膏剂', selected: true }).waitFor();
      assert.match(await path(page), /^\/product\?category=\d+$/);
      assert.equal(await page.title().then((title) => title.startsWith('产品中心')), true);
      assert.equal(await page.evaluate(() => history.length), historyLength, 'a jump pushes no history entry');

      await monitor(page, (m) => m.jumpToPresent());
      await page
        .locator('.news-card')
        .nth(rowsAtPresent - 1)
        .waitFor();
      assert.equal(await path(page), '/news');
      assert.equal(await page.locator('.news-card').count(), rowsAtPresent);
      assert.equal((await actions(page)).length, recorded.length, 'a jump runs no saga: no action was added');
      assert.deepEqual(
        requests.filter((url) => url.includes('/api/')),
        [],
        'a jump fetches nothing',
      );
    });
  });

  test('a click while a past state is shown: back at the present, the new page has every section loaded', async (t) => {
    await withPage(t, browser, site, {}, async ({ page, context }) => {
      await withDevTools(context);
      await homeAboutNews(page);

      // The last state on /about: the action just before the navigation to /news.
      const recorded = await actions(page);
      const toNews = recorded.findLastIndex((a) => a.type === 'navigation/routeEntered');
      const onAbout = recorded[toNews - 1]!;
      await monitor(page, new Function('m', `m.jumpToAction(${onAbout.id})`) as (m: Monitor) => void);
      await page.waitForURL('**/about');
      await page.locator('#development').waitFor();

      // The store shows the past while the sagas act in the present.
      await page.locator('.site-nav__link', { hasText: '科技创新' }).click();
      await page.waitForLoadState('networkidle');
      await monitor(page, (m) => m.jumpToPresent());
      await page.waitForURL('**/innovation');
      await waitForContent(page);
      for (const id of ['overview', 'team', 'cooperation', 'results']) assert.ok(await page.locator(`#${id}`).isVisible(), `#${id} is shown`);
      assert.equal(await page.locator('main [aria-busy="true"]').count(), 0);
    });
  });

  test('neither export holds anything the visitor typed into either form', async (t) => {
    await withPage(t, browser, site, {}, async ({ page, context }) => {
      await withDevTools(context);
      const marker = (field: string) => `QZX${field}MARK`;
      await page.goto('/resources/1');
      await waitForContent(page);
      await page.getByLabel('姓名').fill(marker('name'));
      // A phone number must look like one: a marker of digits no other value holds.
      const phone = '13957913579';
      await page.getByLabel('电话').fill(phone);
      await page.getByRole('button', { name: /提交/ }).click(); // refused: the e-mail is missing
      await page.getByText('应聘信息请填写完整！').first().waitFor();
      await page.getByLabel('邮箱').fill(`${marker('mail')}@example.com`);
      await page.getByRole('checkbox').first().check();
      await page.getByRole('button', { name: /提交/ }).click();
      await page.getByText('提交成功').first().waitFor();

      await page.goto('/patient');
      await waitForContent(page);
      for (const textbox of await page.locator('form input[type="text"], form input:not([type]), form textarea').all()) {
        await textbox.fill(marker(`patient${await textbox.getAttribute('name')}`));
      }
      await page
        .locator('form input[type="tel"]')
        .fill(marker('tel'))
        .catch(() => undefined);
      await page.getByRole('button', { name: /提交/ }).click();

      // The monitor's copy goes through the app's sanitizers; the extension's own Export of a Redux
      // store does not, so only the app's redaction before the store records keeps it clean.
      const exports: [string, string][] = [
        ['session as the monitor holds it', await monitor(page, (m) => m.exportSession())],
        ["extension's Export (actions as recorded)", await monitor(page, (m) => m.exportActions())],
      ];
      for (const [name, exported] of exports) {
        assert.ok(exported.includes('forms/patientSubmitted'), `the ${name} holds the submission`);
        assert.equal(/QZX\w*MARK/.exec(exported)?.[0] ?? null, null, `no typed value in the ${name}`);
        assert.equal(exported.includes(phone), false, `no typed phone number in the ${name}`);
      }
    });
  });
});

describe("Redux DevTools' own monitor (@redux-devtools/cli), through its web UI", () => {
  let monitor: RemoteMonitor;
  before(async () => {
    monitor = await startMonitor(await freePort(), 0, 'ignore');
  });
  after(() => monitor?.close());

  /** The monitor's web UI, connected to its server as a developer connects it (Settings, Connection). */
  async function openMonitor(): Promise<{ ui: Page; close(): Promise<void> }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const ui = await context.newPage();
    await ui.goto(monitor.url);
    await ui.getByRole('button', { name: 'Settings', exact: true }).click();
    await ui.getByRole('radio', { name: 'custom' }).check();
    await ui.locator('#root_hostname').fill('localhost');
    await ui.locator('#root_port').fill(String(monitor.port));
    await ui.getByRole('button', { name: 'Connect', exact: true }).click();
    await ui.getByRole('button', { name: 'Actions', exact: true }).click();
    return { ui, close: () => context.close() };
  }
  const rows = (ui: Page, type?: string) => {
    const all = ui.locator('[data-testid="actionListRows"] [data-id]');
    return type ? all.filter({ has: ui.getByText(type, { exact: true }) }) : all;
  };
  const jump = async (row: ReturnType<typeof rows>) => {
    await row.hover();
    await row.getByText('Jump', { exact: true }).click();
  };

  test("a jump in the monitor shows that action's page and URL in the site's tab, and the present comes back", async (t) => {
    await withPage(t, browser, site, {}, async ({ page, context, problems }) => {
      await reportTo(context, monitor.port);
      await homeAboutNews(page);
      const historyLength = await page.evaluate(() => history.length);

      const { ui, close } = await openMonitor();
      try {
        // Landing, /about, /news: the last state on /about is the row before the third entry.
        await rows(ui, 'navigation/routeEntered').nth(2).waitFor();
        const ids = await rows(ui).evaluateAll((elements) => elements.map((element) => Number(element.getAttribute('data-id'))));
        const toNews = Number(await rows(ui, 'navigation/routeEntered').nth(2).getAttribute('data-id'));
        const onAbout = ids[ids.indexOf(toNews) - 1]!;

        await jump(rows(ui).and(ui.locator(`[data-id="${onAbout}"]`)));
        await page.waitForURL('**/about');
        await page.locator('#development').waitFor();
        assert.equal(await path(page), '/about');
        assert.equal(await page.evaluate(() => history.length), historyLength, 'a jump pushes no history entry');

        await jump(rows(ui).last());
        await page.waitForURL('**/news');
        await page.locator('.news-card').first().waitFor();
        assert.equal(await path(page), '/news');
        assert.deepEqual(problems, []);
      } finally {
        await close();
      }
    });
  });

  test("importing a recorded session in the monitor shows its last page in the site's tab", async (t) => {
    const file = join(__dirname, '../../config/devtools/sessions/job-application-refused-then-accepted.json');
    const session = readSession(readFileSync(file, 'utf8'));
    const last = session.recordedFinal as RootState;
    assert.equal(last.locale.current, 'zh');
    await withPage(t, browser, site, {}, async ({ page, context, problems }) => {
      await reportTo(context, monitor.port);
      await page.goto('/');
      await waitForContent(page);
      const { ui, close } = await openMonitor();
      try {
        await rows(ui, 'navigation/routeEntered').first().waitFor();
        await ui.locator('input[type="file"]').setInputFiles(file);
        await page.waitForURL((url) => url.pathname === last.navigation.route?.path);
        await page.getByText('申请该职位').first().waitFor();
        // The monitor holds the session too: its last action, which this visit never dispatched.
        await rows(ui, session.actions.at(-1)!.type).waitFor();
        assert.deepEqual(problems, []);
      } finally {
        await close();
      }
    });
  });

  test('with DEVTOOLS_SERVER_RENDERS=1, each server render is an instance of its own, with the actions of its loads', async () => {
    const rendering = await startTestSite({ DIST_DIR: buildDevClient(), DEVTOOLS_SERVER_RENDERS: '1', DEVTOOLS_PORT: String(monitor.port) });
    const { ui, close } = await openMonitor();
    try {
      const pages = ['/about', '/en/news'];
      for (const page of pages) assert.equal((await fetch(`${rendering.url}${page}`)).status, 200);
      await ui.getByRole('combobox').click();
      for (const page of pages) await ui.getByRole('option', { name: `server render ${page}`, exact: true }).waitFor();
      await ui.getByRole('option', { name: 'server render /about', exact: true }).click();
      await rows(ui, 'navigation/routeEntered').waitFor();
      await rows(ui, 'content/succeeded').first().waitFor();
    } finally {
      await close();
      await rendering.close();
    }
  });
});
