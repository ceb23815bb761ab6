/**
 * The site behind a CDN: Debian's nginx as a caching reverse proxy (config/nginx/site-cache.conf)
 * in front of two site processes sharing one provider. Shows that zh and en are never mixed,
 * that nginx serves a page it holds while the provider is down, and that under load the origin
 * is asked at most once per page per freshness window. Prints the figures: origin requests per
 * page, requests per second through nginx and from one site process alone.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { providerWithFreshDatabase } from '../provider/provider.testing';
import { startNginx, type RunningNginx } from '../../tests/cdn/nginx';
import { startSiteProcess, stopProcesses } from '../../tests/cdn/processes';
import { CORRECTNESS_DEADLINE_MS, fakeDist, providerGate } from './server.testing';

jest.setTimeout(120_000);

/**
 * Short windows so the test sees pages expire; the site's own cache keeps nothing longer. Longer
 * than a path's ten requests take on a slow, busy machine: at 2 s they outlasted it (STALE, not HIT).
 */
const FRESH_SECONDS = 5;
const LOAD_SECONDS = 3;
const LOAD_PAGES = ['/about', '/en/about', '/news/1', '/en/product'];

interface SiteProcess {
  child: ChildProcess;
  port: number;
  /** Requests that reached this process, by URL, from its own log. */
  requests: Map<string, number>;
}

let provider: Awaited<ReturnType<typeof providerWithFreshDatabase>>;
let gate: Awaited<ReturnType<typeof providerGate>>;
let dist: string;
let dir: string;
let sites: SiteProcess[] = [];
let nginx: RunningNginx | null = null;
let front = '';

async function startSite(): Promise<SiteProcess> {
  const requests = new Map<string, number>();
  const env = {
    DIST_DIR: dist,
    PROVIDER_URL: gate.url,
    PAGE_CACHE_FRESH_SECONDS: String(FRESH_SECONDS),
    PAGE_CACHE_SWR_SECONDS: '0',
    PAGE_CACHE_STALE_IF_ERROR_SECONDS: '0',
    // A page not rendered is served as a 503 here (no stale copy): what is tested is which copy
    // nginx keeps, not how fast a busy machine renders.
    RENDER_DEADLINE_MS: String(CORRECTNESS_DEADLINE_MS),
  };
  const { child, port } = await startSiteProcess(env, (entry) => {
    const url = (entry.req as { url?: string } | undefined)?.url;
    if (entry.msg === 'incoming request' && url) requests.set(url, (requests.get(url) ?? 0) + 1);
  });
  return { child, port, requests };
}

const originRequests = (url: string) => sites.reduce((sum, site) => sum + (site.requests.get(url) ?? 0), 0);
const lang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${front}${url}`, { headers, redirect: 'manual' });
  return { status: res.status, cache: res.headers.get('x-cache-status'), location: res.headers.get('location'), body: await res.text() };
}

async function load(base: string) {
  const started = Date.now();
  const result = await autocannon({ url: base, connections: 10, duration: LOAD_SECONDS, requests: LOAD_PAGES.map((path) => ({ method: 'GET', path })) });
  return { rps: Math.round(result.requests.average), non2xx: result.non2xx, errors: result.errors + result.timeouts, seconds: (Date.now() - started) / 1000 };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'site-cdn-'));
  dist = fakeDist();
  provider = await providerWithFreshDatabase();
  await provider.app.listen({ port: 0, host: '127.0.0.1' });
  gate = await providerGate(`http://127.0.0.1:${(provider.app.server.address() as { port: number }).port}`);
  sites = await Promise.all([startSite(), startSite()]);
  nginx = await startNginx(
    dir,
    sites.map((site) => site.port),
  );
  front = nginx.url;
});

afterAll(async () => {
  await nginx?.stop();
  await stopProcesses(sites.map((site) => site.child));
  await gate?.close();
  await provider?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  if (dist) rmSync(dist, { recursive: true, force: true });
});

describe('the site behind a caching nginx', () => {
  it('never mixes zh and en, whatever the cookie or the encoding asked', async () => {
    const askers: Record<string, string>[] = [
      {},
      { cookie: 'locale=en' },
      { cookie: 'locale=zh' },
      { 'accept-encoding': 'gzip' },
      { 'accept-encoding': 'br', cookie: 'locale=en' },
    ];
    for (const path of ['/about', '/product', '/news/1']) {
      for (const headers of askers) {
        const zh = await get(path, headers);
        const en = await get(`/en${path}`, headers);
        expect({ path, headers, zh: zh.status, en: en.status }).toEqual({ path, headers, zh: 200, en: 200 });
        expect({ path, headers, zh: lang(zh.body), en: lang(en.body) }).toEqual({ path, headers, zh: 'zh-CN', en: 'en' });
      }
      expect((await get(path)).cache).toBe('HIT');
    }
    // The home page follows the language cookie: never kept by nginx, so each visitor gets their own answer.
    const english = await get('/', { cookie: 'locale=en' });
    expect({ status: english.status, location: english.location }).toEqual({ status: 302, location: '/en/' });
    const chinese = await get('/');
    expect({ status: chinese.status, lang: lang(chinese.body), cache: chinese.cache }).toEqual({ status: 200, lang: 'zh-CN', cache: 'MISS' });
    expect((await get('/', { cookie: 'locale=en' })).status).toBe(302);
  });

  it('serves the pages it holds while the provider is down', async () => {
    const good = await get('/en/innovation');
    expect(good.status).toBe(200);
    gate.mode = 'down';
    try {
      // Past the freshness window the sites have nothing left (their own stale-if-error is 0 here): 503.
      await new Promise((resolve) => setTimeout(resolve, (FRESH_SECONDS + 1) * 1000));
      const served = await get('/en/innovation');
      expect({ status: served.status, cache: served.cache, lang: lang(served.body) }).toEqual({
        status: 200,
        cache: expect.stringMatching(/STALE|UPDATING/),
        lang: 'en',
      });
      expect(served.body).toBe(good.body);
      const never = await get('/en/report');
      expect(never.status).toBe(503);
    } finally {
      gate.mode = 'pass';
    }
  });

  it('asks the origin at most once per page per freshness window under load, and prints the figures', async () => {
    for (const path of LOAD_PAGES) expect((await get(path)).status).toBe(200); // warm, so the provider's first answers are not measured
    const before = new Map(LOAD_PAGES.map((path) => [path, originRequests(path)]));
    const through = await load(front);
    const perPage = LOAD_PAGES.map((path) => ({ path, origin: originRequests(path) - (before.get(path) ?? 0) }));
    const alone = await load(`http://127.0.0.1:${sites[0]?.port}`);

    console.log(
      [
        `nginx in front of two site processes, ${LOAD_PAGES.length} pages, 10 connections, ${LOAD_SECONDS} s, pages fresh for ${FRESH_SECONDS} s:`,
        ...perPage.map(({ path, origin }) => `  ${path}: ${origin} origin requests`),
        `  through nginx: ${through.rps} requests/s (${through.non2xx} non-2xx, ${through.errors} errors)`,
        `  one site process alone: ${alone.rps} requests/s (${alone.non2xx} non-2xx, ${alone.errors} errors)`,
      ].join('\n'),
    );

    expect(through.errors).toBe(0);
    expect(through.non2xx).toBe(0);
    // One refresh per window the load spanned, plus the window it started in.
    const windows = Math.ceil(through.seconds / FRESH_SECONDS) + 1;
    for (const { path, origin } of perPage) expect({ path, atMostOncePerWindow: origin <= windows }).toEqual({ path, atMostOncePerWindow: true });
    expect(through.rps).toBeGreaterThan(0);
  });
});
