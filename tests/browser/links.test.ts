/**
 * Links behave like links from the first paint. A plain click on any kind of in-app link (a
 * router link, a header menu link, a footer section link, the language menu, a card) navigates
 * exactly once whenever it comes: before the app has started, while it hydrates, or once it is
 * live. A click with a modifier key or the middle button is the browser's: a new tab, and the
 * page stays.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { APP_HYDRATED_EVENT, APP_HYDRATING_EVENT } from '../../src/contracts/runtimeConfig';
import { withPage, onSuite, type TestSite } from './harness';

let browser: Browser;
let site: TestSite;
onSuite({}, (s, b) => {
  site = s;
  browser = b;
});

interface LinkCase {
  kind: string;
  from: string;
  link: (page: Page) => Locator;
  /** Opens what holds the link (the language menu's popup), before the click. */
  open?: (page: Page) => Promise<void>;
  to: RegExp;
}

const CASES: LinkCase[] = [
  { kind: 'router link on a 404 page', from: '/en/news/abc', link: (page) => page.getByRole('link', { name: 'Back to the home page' }), to: /^\/en\/?$/ },
  { kind: 'header menu link', from: '/en/about', link: (page) => page.locator('.site-nav__link', { hasText: 'News' }), to: /^\/en\/news$/ },
  { kind: 'footer section link', from: '/en/about', link: (page) => page.locator('.site-footer a', { hasText: 'Publications' }), to: /^\/en\/news#journal$/ },
  {
    kind: 'language menu',
    from: '/en/about',
    open: async (page) => {
      if ((await page.locator('.language-menu[open]').count()) === 0) await page.locator('.language-menu summary').click();
    },
    link: (page) => page.locator('.language-menu a[lang="zh-CN"]'),
    to: /^\/about$/,
  },
  { kind: 'product card', from: '/en/product', link: (page) => page.locator('.product-card').first(), to: /^\/en\/product\/\d+$/ },
];

type Moment = 'before the app' | 'while it hydrates' | 'once it is live';
const MOMENTS: Moment[] = ['before the app', 'while it hydrates', 'once it is live'];

/** What holds the app's "hydrated" event back, on a page that asks for it (`holdHydrated`). */
type HydratedHold = { hydratedHold?: 'waiting' | 'held' };

/**
 * Marks, in every document of the context, when hydration starts and ends. On a page that holds
 * it, the app's "hydrated" event goes no further than this listener (registered before the page's
 * scripts, so before the boot script's) until the test lets it on: a click "while it hydrates"
 * then lands inside that moment every time, however fast or busy the machine.
 */
async function watchLanding(context: BrowserContext) {
  await context.addInitScript(
    ({ hydrating, hydrated }) => {
      const hold = window as HydratedHold;
      document.addEventListener(hydrating, () => (document.documentElement.dataset.landing = 'hydrating'));
      document.addEventListener(hydrated, (event) => {
        if (hold.hydratedHold === undefined) document.documentElement.dataset.landing = 'live';
        else {
          event.stopImmediatePropagation();
          hold.hydratedHold = 'held';
        }
      });
    },
    { hydrating: APP_HYDRATING_EVENT, hydrated: APP_HYDRATED_EVENT },
  );
}

/** Holds the app's "hydrated" event on the page's document at `path` (not on where a click leads). */
const holdHydrated = (page: Page, path: string) =>
  page.addInitScript((at) => {
    if (location.pathname === at) (window as HydratedHold).hydratedHold = 'waiting';
  }, path);

/** Lets the held "hydrated" event go on, once the app has sent it. */
async function releaseHydrated(page: Page) {
  await page.waitForFunction(() => (window as HydratedHold).hydratedHold === 'held');
  await page.evaluate((hydrated) => {
    delete (window as HydratedHold).hydratedHold;
    document.dispatchEvent(new Event(hydrated));
  }, APP_HYDRATED_EVENT);
}

const landing = (page: Page) => page.evaluate(() => document.documentElement.dataset.landing ?? 'server page');
const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.hash}`;
};

/**
 * Clicks, then waits until Chromium holds a new tab in the page's context showing a page whose
 * path, query and hash match `to` (a pattern, or the exact text); closes it and says where it was.
 * Read from Chromium's own list of tabs (the DevTools protocol's targets), not from Playwright's
 * record of them: with Chromium 150, that record of a tab opened by a Ctrl-click or a middle click
 * can stay at about:blank, wait for a load that never comes, or now and then miss the tab
 * altogether. A tab's address is where it is going until its document names it: a tab counts once
 * its title is its document's own (before that, Chromium shows the address as its title).
 */
async function newTabAt(page: Page, click: () => Promise<unknown>, to: RegExp | string): Promise<string> {
  const own = await page.context().newCDPSession(page);
  const { browserContextId } = (await own.send('Target.getTargetInfo').finally(() => own.detach())).targetInfo;
  const chromium = await page.context().browser()!.newBrowserCDPSession();
  const where = (url: string) => {
    const { pathname, search, hash } = new URL(url);
    return `${pathname}${search}${hash}`;
  };
  const shown = ({ url, title }: { url: string; title: string }) =>
    url.startsWith('http') && title !== '' && !title.includes(new URL(url).host) && (typeof to === 'string' ? where(url) === to : to.test(where(url)));
  try {
    const tabs = async () =>
      (await chromium.send('Target.getTargets')).targetInfos.filter((tab) => tab.type === 'page' && tab.browserContextId === browserContextId);
    const before = new Set((await tabs()).map((tab) => tab.targetId));
    await click();
    for (const deadline = Date.now() + 30_000; ; await new Promise((resolve) => setTimeout(resolve, 100))) {
      const opened = (await tabs()).filter((tab) => !before.has(tab.targetId));
      const there = opened.find(shown);
      if (there) {
        await chromium.send('Target.closeTarget', { targetId: there.targetId });
        return where(there.url);
      }
      if (Date.now() > deadline)
        throw new Error(`no new tab showing ${String(to)}; new tabs: ${opened.map((tab) => `${tab.url} "${tab.title}"`).join(', ') || 'none'}`);
    }
  } finally {
    await chromium.detach();
  }
}

/** Lands on the case's page in a new tab, clicks its link at the moment and waits for the one navigation. */
async function clickAt(context: BrowserContext, link: LinkCase, moment: Moment): Promise<string> {
  const page = await context.newPage();
  const hydrating = moment === 'while it hydrates';
  if (hydrating) await holdHydrated(page, link.from);
  await page.goto(link.from, { waitUntil: 'commit' });
  // The next page takes its time, as on a slow network: a click before the app has started is a
  // page load still under way while the app hydrates, which nothing may cancel.
  await page.route('**/*', async (route) => {
    if (route.request().isNavigationRequest()) await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await link.link(page).waitFor({ state: 'attached' });
  if (hydrating) await page.waitForFunction(() => document.documentElement.dataset.landing === 'hydrating');
  if (moment === 'once it is live') await page.waitForFunction(() => document.documentElement.dataset.landing === 'live');
  const before = await page.evaluate(() => history.length);
  await link.open?.(page);
  const clickedAt = await landing(page);
  await link.link(page).click();
  if (hydrating) await releaseHydrated(page);
  await page
    .waitForURL((url) => link.to.test(`${url.pathname}${url.hash}`), { timeout: 10_000 })
    .catch((error: Error) => {
      throw new Error(`${link.kind}, clicked ${moment} (${clickedAt}): no navigation. ${error.message}`);
    });
  // Once the destination is live nothing is pending: a second navigation would have started.
  await page.waitForFunction(() => document.documentElement.dataset.landing === 'live', undefined, { timeout: 10_000 });
  await page.waitForLoadState('load');
  assert.match(pathOf(page), link.to, `${link.kind}, clicked ${moment}: still at the destination`);
  assert.equal(await page.evaluate(() => history.length), before + 1, `${link.kind}, clicked ${moment} (${clickedAt}): one history entry`);
  await page.close();
  return clickedAt;
}

describe('in-app links', () => {
  test('a plain click on every kind of link at several moments of a landing navigates exactly once, 50 times', async (t) => {
    await withPage(t, browser, site, { locale: 'en' }, async ({ context }) => {
      await watchLanding(context);
      const seen: Record<Moment, string[]> = { 'before the app': [], 'while it hydrates': [], 'once it is live': [] };
      let clicks = 0;
      for (let round = 0; clicks < 50; round += 1) {
        for (const link of CASES) {
          const moment = MOMENTS[(round + CASES.indexOf(link)) % MOMENTS.length] as Moment;
          if (clicks === 50) break;
          seen[moment].push(`${link.kind}: ${await clickAt(context, link, moment)}`);
          clicks += 1;
        }
      }
      // The moments were reached, not only asked for: every kind of link takes its turn at each
      // moment, and the test holds the app at "hydrating" until its click has landed.
      assert.ok(
        seen['while it hydrates'].every((click) => click.endsWith(': hydrating')),
        `clicked while hydrating: ${seen['while it hydrates'].join('; ')}`,
      );
      assert.ok(
        seen['once it is live'].every((click) => click.endsWith(': live')),
        `clicked once the app was live: ${seen['once it is live'].join('; ')}`,
      );
    });
  });

  test("the language menu's links keep the category, the page and the anchor: a new tab opens the twin where the switch would go", async (t) => {
    await withPage(t, browser, site, { locale: 'en' }, async ({ page, context }) => {
      await watchLanding(context);
      for (const [from, twin] of [
        ['/en/news#journal', '/news#journal'],
        ['/en/product?category=2&page=2#product', '/product?category=2&page=2#product'],
      ] as const) {
        await page.goto(from);
        await page.waitForFunction(() => document.documentElement.dataset.landing === 'live');
        const zh = page.locator('.language-menu a[lang="zh-CN"]');
        assert.equal(await zh.getAttribute('href'), twin, `from ${from}`);
        await page.locator('.language-menu summary').click();
        assert.equal(await newTabAt(page, () => zh.click({ modifiers: ['ControlOrMeta'] }), twin), twin, `from ${from}`);
      }
    });
  });

  test('a link clicked while the app hydrates, whose node hydration replaced and whose href it changed (the language menu gains the #hash), is followed in the app, not loaded anew', async (t) => {
    await withPage(t, browser, site, { locale: 'en' }, async ({ page, context }) => {
      // No app: this test plays hydration itself, so the boot script alone decides where the click goes.
      await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
      await page.goto('/en/product?category=2#product');
      const zh = page.locator('.language-menu a[lang="zh-CN"]');
      assert.equal(await zh.getAttribute('href'), '/product?category=2', "the server's link has no anchor");
      await page.evaluate((hydrating) => document.dispatchEvent(new Event(hydrating)), APP_HYDRATING_EVENT);
      await page.locator('.language-menu summary').click();
      await zh.click();
      assert.equal(pathOf(page), '/en/product#product', 'the click is held while the app hydrates');
      // Hydration renders the menu anew: the same link in the same place, its href now with the anchor.
      // Its own click handler stands for the app's: it takes the click over, as the language switch does.
      await page.evaluate((hydrated) => {
        const held = document.querySelector('.language-menu a[lang="zh-CN"]')!;
        const live = held.cloneNode(true) as HTMLAnchorElement;
        live.setAttribute('href', `${held.getAttribute('href')}#product`);
        live.addEventListener('click', (event) => {
          event.preventDefault();
          document.documentElement.dataset.followed = live.getAttribute('href')!;
        });
        held.replaceWith(live);
        document.dispatchEvent(new Event(hydrated));
      }, APP_HYDRATED_EVENT);
      await page.waitForFunction(() => document.documentElement.dataset.followed !== undefined, undefined, { timeout: 5_000 }).catch(() => undefined);
      assert.equal(await page.evaluate(() => document.documentElement.dataset.followed ?? `loaded anew: ${location.href}`), '/product?category=2#product');
    });
  });

  for (const link of CASES) {
    test(`${link.kind}: a Ctrl-click and a middle click open a new tab and leave the page as it is`, async (t) => {
      await withPage(t, browser, site, { locale: 'en' }, async ({ page, context }) => {
        await watchLanding(context);
        await page.goto(link.from);
        await page.waitForFunction(() => document.documentElement.dataset.landing === 'live');
        const here = page.url();
        for (const click of [{ modifiers: ['ControlOrMeta' as const] }, { button: 'middle' as const }]) {
          await link.open?.(page);
          assert.match(await newTabAt(page, () => link.link(page).click(click), link.to), link.to, `${link.kind}: the new tab shows the link's page`);
          assert.equal(page.url(), here, `${link.kind}: the page stays`);
        }
      });
    });
  }
});
