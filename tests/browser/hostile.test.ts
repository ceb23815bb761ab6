/**
 * A failing or hostile provider, through the real site proxy: non-JSON, no envelope, unknown
 * codes, data of the wrong shape, empty lists, nulls everywhere, very long strings, a dropped
 * connection and a 30 s delay. Every page shows content or a readable error with a retry that
 * works once the provider is back; never a blank page, never an uncaught error.
 */
import assert from 'node:assert/strict';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { startProvider, type RunningProvider } from '../../src/provider/startProvider';
import { TIMING } from '../../src/contracts/constants';
import { launchBrowser, startTestSite, withPage, type TestSite } from './harness';

type Mode = 'ok' | 'nonJson' | 'noEnvelope' | 'unknownCode' | 'wrongShape' | 'emptyLists' | 'nulls' | 'longStrings' | 'dropped' | 'slow';
let mode: Mode = 'ok';

let provider: RunningProvider;
let providerDir: string;
let fake: Server;
let site: TestSite;
let browser: Browser;

/** Replaces every leaf of a JSON value. */
function mapLeaves(value: unknown, leaf: (v: unknown) => unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => mapLeaves(v, leaf));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapLeaves(v, leaf)]));
  return leaf(value);
}
const emptyLists = (value: unknown): unknown =>
  Array.isArray(value) ? [] : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, emptyLists(v)])) : value;

/** Asks the real provider, then spoils the answer the way the current mode says. */
function handle(req: IncomingMessage, res: ServerResponse) {
  if (mode === 'dropped') return void req.socket.destroy();
  if (mode === 'slow') return void setTimeout(() => res.destroyed || res.end(), 30_000);
  const upstream = request(`${provider.url}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
    // Media (the site's picture versions and copies) pass as they are: only the API is spoiled.
    if (req.url?.startsWith('/uploads/')) return void answer.pipe(res.writeHead(answer.statusCode ?? 502, answer.headers));
    let body = '';
    answer.setEncoding('utf8');
    answer.on('data', (chunk) => (body += chunk));
    answer.on('end', () => {
      const envelope = JSON.parse(body) as { code: number; msg: string; data: unknown };
      const send = (text: string, type = 'application/json') => {
        res.writeHead(200, { 'content-type': type });
        res.end(text);
      };
      switch (mode) {
        case 'nonJson':
          return send('<html><body>Bad gateway</body></html>', 'text/html');
        case 'noEnvelope':
          return send(JSON.stringify(envelope.data));
        case 'unknownCode':
          return send(JSON.stringify({ code: 777, msg: '', data: null }));
        case 'wrongShape':
          return send(JSON.stringify({ code: 0, msg: '', data: Array.isArray(envelope.data) ? { surprise: true } : ['surprise', 42] }));
        case 'emptyLists':
          return send(JSON.stringify({ ...envelope, data: emptyLists(envelope.data) }));
        case 'nulls':
          return send(JSON.stringify({ ...envelope, data: mapLeaves(envelope.data, () => null) }));
        case 'longStrings':
          return send(JSON.stringify({ ...envelope, data: mapLeaves(envelope.data, (v) => (typeof v === 'string' ? `${v}${'长'.repeat(3000)}` : v)) }));
        default:
          return send(body);
      }
    });
  });
  req.pipe(upstream);
}

before(async () => {
  providerDir = mkdtempSync(join(tmpdir(), 'hostile-provider-'));
  provider = await startProvider({ port: 0, dataDir: providerDir });
  fake = createServer(handle);
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  // No page cache: every request meets the provider as the test has just set it.
  const uncached = { PAGE_CACHE_FRESH_SECONDS: '0', PAGE_CACHE_SWR_SECONDS: '0', PAGE_CACHE_STALE_IF_ERROR_HOURS: '0' };
  // Production's render deadline: a provider that never answers costs it, then the browser's own 10 s.
  site = await startTestSite({
    PROVIDER_URL: fakeUrl,
    MEDIA_URL: provider.url.replace('127.0.0.1', 'localhost'),
    RENDER_DEADLINE_MS: String(TIMING.renderDeadlineMs),
    ...uncached,
  });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await site?.close();
  fake?.closeAllConnections();
  await new Promise((resolve) => fake?.close(resolve));
  await provider?.close();
  rmSync(providerDir, { recursive: true, force: true });
});

const PAGES = ['/', '/about', '/product', '/news', '/news/1', '/resources', '/report'];
const FAILING: Mode[] = ['nonJson', 'noEnvelope', 'unknownCode', 'dropped'];
const ODD_DATA: Mode[] = ['wrongShape', 'emptyLists', 'nulls', 'longStrings'];

/** The app has mounted (the shell's #root starts empty) and nothing in main is loading. */
async function settle(page: import('playwright-core').Page, timeout = 12_000) {
  await page.waitForFunction(() => document.querySelector('main') !== null && document.querySelectorAll('main [aria-busy="true"]').length === 0, undefined, {
    timeout,
  });
}

describe('a hostile provider', () => {
  for (const current of [...FAILING, ...ODD_DATA]) {
    test(`${current}: every page shows content or a readable error, never a blank page or an uncaught error`, async (t) => {
      mode = current;
      await withPage(t, browser, site, {}, async ({ page }) => {
        const uncaught: string[] = [];
        page.on('pageerror', (error) => uncaught.push(error.message));
        for (const path of PAGES) {
          await page.goto(path);
          await settle(page);
          assert.ok(await page.locator('header.site-header').isVisible(), `${path}: the layout stays`);
          const text = (await page.locator('main').innerText()).trim();
          assert.ok(text.length > 0, `${path}: main is not blank`);
          if (FAILING.includes(current)) {
            assert.ok((await page.locator('main [role="alert"]').count()) > 0, `${path}: shows an error`);
            assert.ok((await page.getByRole('button', { name: '重试' }).count()) > 0, `${path}: offers a retry`);
          }
        }
        assert.deepEqual(uncaught, []);
      });
    });
  }

  test('retry works once the provider is back', async (t) => {
    mode = 'dropped';
    await withPage(t, browser, site, {}, async ({ page }) => {
      await page.goto('/about');
      await settle(page);
      assert.ok((await page.getByRole('button', { name: '重试' }).count()) > 0);
      mode = 'ok';
      await page.getByRole('button', { name: '重试' }).first().click();
      await settle(page);
      await page.getByRole('heading', { name: '发展历程' }).waitFor();
      assert.equal(await page.locator('main [role="alert"]').count(), 0);
    });
  });

  test('a provider that never answers gives a readable error once the 10 s timeout gives up on it', async (t) => {
    mode = 'slow';
    await withPage(t, browser, site, {}, async ({ page }) => {
      // Each call the page makes is given up (the app's 10 s timeout aborts it, or the site's proxy answers 504).
      const calls = { givenUp: 0, answered: [] as number[] };
      const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
      page.on('requestfailed', (request) => {
        if (isApi(request.url())) calls.givenUp += 1;
      });
      page.on('response', (response) => {
        if (!isApi(response.url())) return;
        if (response.status() === 504) calls.givenUp += 1;
        else calls.answered.push(response.status());
      });
      await page.goto('/report');
      // The provider would end its answers after 30 s: an error before that is the timeout's.
      await settle(page, 25_000);
      await page.locator('main [role="alert"]').first().waitFor();
      assert.match(await page.locator('main').innerText(), /内容加载失败/);
      assert.deepEqual({ answered: calls.answered, givenUp: calls.givenUp > 0 }, { answered: [], givenUp: true });
    });
    mode = 'ok';
  });
});
