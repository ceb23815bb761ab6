/**
 * Server rendering through the real site server, a real HTTP hop and the real embedded
 * provider: content in the first response, the state block, status codes, the fallbacks of a
 * failing provider, and the page cache.
 */
import { rmSync } from 'node:fs';
import { providerWithFreshDatabase } from '../../provider/provider.testing';
import { STATE_ELEMENT_ID } from '../../contracts/runtimeConfig';
import { createSiteServer } from '../app';
import { CORRECTNESS_DEADLINE_MS, FAKE_BOOT_SOURCE, fakeDist, providerGate } from '../server.testing';
import { CACHE_PURGE_PATH } from '../../http/internalPaths';
import { memoryLimit, type VisitorLimit } from '../../http/visitorLimits';
import { SEARCH_ALLOWANCE, SEARCH_LIMIT_NAME } from './searchBudget';

type Site = Awaited<ReturnType<typeof createSiteServer>>;

let provider: Awaited<ReturnType<typeof providerWithFreshDatabase>>;
let gate: Awaited<ReturnType<typeof providerGate>>;
let dist: string;
const sites: Site[] = [];

/** For the test of the deadline itself: a provider that never answers is given up soon. */
const SHORT_DEADLINE_MS = 1500;

async function site(
  pageCache = {},
  renderDeadlineMs = CORRECTNESS_DEADLINE_MS,
  cachePurgeSecret: string | null = null,
  searchLimit?: VisitorLimit,
): Promise<Site> {
  const app = await createSiteServer({
    distDir: dist,
    providerUrl: gate.url,
    mediaUrl: 'http://media.test',
    variant: 'standard',
    renderDeadlineMs,
    pageCache,
    cachePurgeSecret,
    searchLimit,
  });
  sites.push(app);
  return app;
}

beforeAll(async () => {
  dist = fakeDist();
  provider = await providerWithFreshDatabase();
  await provider.app.listen({ port: 0, host: '127.0.0.1' });
  const address = provider.app.server.address() as { port: number };
  gate = await providerGate(`http://127.0.0.1:${address.port}`);
});

afterAll(async () => {
  for (const app of sites) await app.close();
  await gate.close();
  await provider.close();
  rmSync(dist, { recursive: true, force: true });
});

beforeEach(() => {
  gate.release();
  gate.mode = 'pass';
  gate.counts.clear();
  gate.failing.clear();
});

/** Turns the event loop until `ready()` holds (what the test waits for happens on other sockets). */
async function until(ready: () => boolean) {
  while (!ready()) await new Promise((resolve) => setTimeout(resolve, 5));
}

const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div>\n<script type="application\/json"/.exec(html)?.[1] ?? '';
const stateOf = (html: string) => JSON.parse(new RegExp(`<script type="application/json" id="${STATE_ELEMENT_ID}">(.*?)</script>`).exec(html)?.[1] ?? 'null');

/** Every route with a text its main content shows, per language. */
const SAMPLES: [string, string, string][] = [
  ['/', '产品中心', 'Product Center'],
  ['/about', '发展历程', 'Development'],
  ['/innovation', '研发团队', 'R&amp;D Team'],
  ['/news', '企业刊物', 'Publications'],
  ['/news/1', '返回新闻列表', 'Back to the news'],
  ['/news/notice', '发布时间', 'Released'],
  ['/news/noticedetail/1', '发布时间', 'Released'],
  ['/product', '产品咨询', 'Product enquiries'],
  ['/product/1', '批准文号', 'Approval number'],
  ['/resources', '加入我们', 'Join Us'],
  ['/resources/1', '申请该职位', 'Submit application'],
  ['/patient', '服务类别', 'Service category'],
  ['/report', '举报', 'Report'],
];

describe('server rendering', () => {
  it.each(SAMPLES)('renders %s with its content in both languages', async (path, zh, en) => {
    const app = await site();
    for (const [url, lang, text] of [
      [path, 'zh-CN', zh],
      [`/en${path}`, 'en', en],
    ] as const) {
      const res = await app.inject({ url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
      expect(res.body).toContain(`<html lang="${lang}">`);
      expect(rootOf(res.body)).toContain(text);
      const state = stateOf(res.body);
      expect(state.locale.current).toBe(lang === 'en' ? 'en' : 'zh');
      expect(state.navigation.route.path).toBe(path);
      // Only data blocks and the boot script (the CSP allows it by its hash): nothing else that would run.
      const running = [...res.body.matchAll(/<script(?![^>]*type="application\/(ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[2]);
      expect(running).toEqual([FAKE_BOOT_SOURCE]);
    }
  });

  it('puts the page meta in <head>, never inside #root', async () => {
    const res = await (await site()).inject({ url: '/news/1' });
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    const state = stateOf(res.body);
    const detail = state.content.entries['newsDetail|zh|id=1'].data;
    expect(head).toContain(`<title>${detail.title} - 岳川药业有限公司</title>`);
    expect(head).toContain('<meta name="keywords"');
    expect(head).toContain('<meta property="og:type" content="article">');
    expect(rootOf(res.body)).not.toMatch(/<title|<meta/);
  });

  it('answers 404 with the error page for an id the provider does not know, and for unknown paths', async () => {
    const app = await site();
    for (const url of ['/news/99999', '/en/product/99999', '/resources/424242', '/nope', '/en/nope']) {
      const res = await app.inject({ url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
      expect(rootOf(res.body)).toMatch(/找不到|could not be found/);
    }
  });

  it('renders the shared 404 from a fixed path: no request can write into it', async () => {
    const app = await site();
    const poison = await app.inject({ url: '//evil.example' });
    expect(poison.statusCode).toBe(301);
    expect(poison.headers.location).toBe('/evil.example');
    for (const url of ['/evil.example', '/en/evil.example', '/news/99999']) expect((await app.inject({ url })).statusCode).toBe(404);
    for (const url of ['/zzz-unknown', '/en/zzz-unknown', '/news/88888']) {
      const res = await app.inject({ url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
      expect(res.body).not.toContain('evil.example');
      expect(res.body).not.toContain('zzz-unknown');
      expect(res.body).not.toMatch(/99999|88888/);
    }
  });

  it.each([
    ['//about', '/about'],
    ['/about/', '/about'],
    ['/en/about/', '/en/about'],
    ['/news/0001', '/news/1'],
    ['/%61bout?keyword=x', '/about?keyword=x'],
  ])('answers %s with 301 to %s before any render', async (url, location) => {
    const app = await site();
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(location);
    expect(gate.counts.size).toBe(0);
  });

  it('asks the provider about an unknown id once per freshness window, not on every view', async () => {
    const app = await site();
    for (let i = 0; i < 3; i += 1) expect((await app.inject({ url: '/news/77777' })).statusCode).toBe(404);
    expect(gate.counts.get('/index/news/details')).toBe(1);
  });

  it.each([
    ['the layout call', '/index/index/main'],
    ['the detail call', '/index/news/details'],
  ])('never takes a provider outage on %s for an unknown id: the last good page, or 503', async (_name, path) => {
    const app = await site({ freshMs: 0, staleWhileRevalidateMs: 0 });
    const good = await app.inject({ url: '/news/1' });
    expect(good.statusCode).toBe(200);
    gate.failing.add(path);
    const stale = await app.inject({ url: '/news/1' });
    expect(stale.statusCode).toBe(200);
    expect(stale.headers.etag).toBe(good.headers.etag);
    const cold = await app.inject({ url: '/news/2' });
    expect(cold.statusCode).toBe(503);
    gate.failing.clear();
    const back = await app.inject({ url: '/news/2' });
    expect(back.statusCode).toBe(200);
  });

  it.each(['down', 'slow', 'garbage', 'code1', 'code402', 'code403'] as const)(
    'answers 503 with Retry-After and the client-rendered shell when the provider is %s and nothing is cached',
    async (mode) => {
      gate.mode = mode;
      // Held by a provider that never answers ('slow'), the answer comes only by the deadline.
      const res = await (await site({}, SHORT_DEADLINE_MS)).inject({ url: '/about' });
      expect(res.statusCode).toBe(503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain(STATE_ELEMENT_ID);
      expect(res.body).not.toMatch(/127\.0\.0\.1|ECONN|at .*\.ts/);
    },
  );

  it('renders a cold page once for 100 concurrent requests: one provider call per content path', async () => {
    const app = await site();
    const answers = await Promise.all(Array.from({ length: 100 }, () => app.inject({ url: '/en/about' })));
    expect(new Set(answers.map((r) => r.statusCode))).toEqual(new Set([200]));
    expect(new Set(answers.map((r) => r.headers.etag)).size).toBe(1);
    expect(gate.counts.size).toBeGreaterThan(3);
    for (const [path, count] of gate.counts) expect({ path, count }).toEqual({ path, count: 1 });
  });

  it('keeps rendering the pages it knows while made-up ids flood it and the provider is slow to answer them', async () => {
    // Renders wait as long as the provider holds them: the flood keeps its slots until released.
    const app = await site();
    expect((await app.inject({ url: '/news/1' })).statusCode).toBe(200);
    gate.held.add('/index/news/details');
    const flood = Array.from({ length: 40 }, (_, i) => app.inject({ url: `/news/${900_000 + i}` }));
    await until(() => gate.waiting >= 2);
    await new Promise((resolve) => setTimeout(resolve, 50)); // the rest of the flood reaches its bound
    // A page the site knows is not made to wait for them; they render two at a time.
    for (const url of ['/en/about', '/news', '/news/1']) {
      const res = await app.inject({ url });
      expect({ url, status: res.statusCode, rendered: res.body.includes(STATE_ELEMENT_ID) }).toEqual({ url, status: 200, rendered: true });
    }
    expect(gate.waiting).toBe(2);
    gate.release();
    const answers = await Promise.all(flood);
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status !== 404 && status !== 503)).toEqual([]);
    expect(statuses.filter((status) => status === 404).length).toBeGreaterThanOrEqual(2);
  });

  it('keeps neither a page nor a miss from a render that a cache purge overtook', async () => {
    const app = await site({}, CORRECTNESS_DEADLINE_MS, 'purge-secret');
    gate.held.add('/index/news/details');
    const page = app.inject({ url: '/news/2' });
    const miss = app.inject({ url: '/news/77001' });
    await until(() => gate.waiting === 2);
    const purged = await app.inject({ method: 'POST', url: CACHE_PURGE_PATH, headers: { authorization: 'Bearer purge-secret' } });
    expect(purged.statusCode).toBe(204);
    gate.release();
    // Those who asked before the purge get what was rendered for them, which no cache in front may keep…
    expect({ status: (await page).statusCode, cacheControl: (await page).headers['cache-control'] }).toEqual({ status: 200, cacheControl: 'no-store' });
    expect((await miss).statusCode).toBe(404);
    // …but the next visitors' pages are rendered from the content after it, and kept.
    gate.counts.clear();
    const after = await app.inject({ url: '/news/2' });
    expect({ status: after.statusCode, shared: String(after.headers['cache-control']).includes('s-maxage=') }).toEqual({ status: 200, shared: true });
    expect((await app.inject({ url: '/news/77001' })).statusCode).toBe(404);
    expect(gate.counts.get('/index/news/details')).toBe(2);
  });

  it('keeps serving the last good render while the provider is down, and revalidates when stale', async () => {
    const app = await site({ freshMs: 30, staleWhileRevalidateMs: 0 });
    const good = await app.inject({ url: '/innovation' });
    expect(rootOf(good.body)).toContain('研发团队');
    gate.mode = 'down';
    await new Promise((resolve) => setTimeout(resolve, 60));
    const stale = await app.inject({ url: '/innovation' });
    expect(stale.statusCode).toBe(200);
    expect(stale.headers.etag).toBe(good.headers.etag);
    expect(gate.counts.size).toBeGreaterThan(0); // it did try the provider again
  });

  it('caches by language, path and the query keys that change the page, nothing else', async () => {
    const app = await site();
    await app.inject({ url: '/product?keyword=%E8%BD%AF%E8%86%8F' });
    const calls = gate.counts.get('/index/product/lists');
    await app.inject({ url: '/product?keyword=%E8%BD%AF%E8%86%8F&utm_source=x' });
    expect(gate.counts.get('/index/product/lists')).toBe(calls);
    await app.inject({ url: '/product?keyword=%E4%B9%B3%E8%86%8F' });
    expect(gate.counts.get('/index/product/lists')).toBe((calls ?? 0) + 1);
  });

  it('keys the page a list shows by its number: page 1 and a number it cannot read share the first page, page 2 has its own', async () => {
    const app = await site();
    const first = await app.inject({ url: '/product?keyword=%E8%86%8F' });
    const calls = gate.counts.get('/index/product/lists') ?? 0;
    for (const page of ['1', 'abc', '0', '02', ' 1 ']) {
      expect((await app.inject({ url: `/product?keyword=%E8%86%8F&page=${encodeURIComponent(page)}` })).body).toBe(first.body);
    }
    expect(gate.counts.get('/index/product/lists')).toBe(calls);
    const second = await app.inject({ url: '/product?keyword=%E8%86%8F&page=2' });
    expect(second.body).toMatch(/aria-current="page"[^>]*>2</);
    expect(gate.counts.get('/index/product/lists')).toBe(calls + 1);
    expect((await app.inject({ url: '/product?page=2&keyword=%E8%86%8F&utm_source=x' })).body).toBe(second.body);
    expect(gate.counts.get('/index/product/lists')).toBe(calls + 1);
  });

  it('gives a visitor one allowance of new search renders across the sites counting it in one place, and only for searches', async () => {
    // As the hosts of one PostgreSQL do (threeHosts.test.ts): two sites, one count.
    const shared = memoryLimit(SEARCH_LIMIT_NAME, SEARCH_ALLOWANCE);
    const sites = [await site({}, CORRECTNESS_DEADLINE_MS, null, shared), await site({}, CORRECTNESS_DEADLINE_MS, null, shared)];
    const visitor = '203.0.113.9';
    const statuses: number[] = [];
    for (let n = 0; n < SEARCH_ALLOWANCE.points + 2; n += 1)
      statuses.push((await sites[n % 2]!.inject({ url: `/product?keyword=%E8%86%8F${n}`, remoteAddress: visitor })).statusCode);
    expect(statuses).toEqual([...Array<number>(SEARCH_ALLOWANCE.points).fill(200), 503, 503]);
    // A search already rendered is free, the site's own links are no searches (page 2 once a
    // rendered page of the list links to it), and another visitor has their own allowance.
    expect((await sites[0]!.inject({ url: '/product?keyword=%E8%86%8F0', remoteAddress: visitor })).statusCode).toBe(200);
    expect((await sites[1]!.inject({ url: '/product', remoteAddress: visitor })).statusCode).toBe(200);
    expect((await sites[1]!.inject({ url: '/product?page=2', remoteAddress: visitor })).statusCode).toBe(200);
    expect((await sites[1]!.inject({ url: '/product?keyword=%E8%86%8F', remoteAddress: '203.0.113.10' })).statusCode).toBe(200);
  });

  it("counts a page number no rendered page of its list links to against the visitor's search allowance: ?page=1…1e6 cannot fill the cache", async () => {
    const app = await site({}, CORRECTNESS_DEADLINE_MS, null, memoryLimit(SEARCH_LIMIT_NAME, SEARCH_ALLOWANCE));
    const crawler = '203.0.113.20';
    const statuses: number[] = [];
    for (let n = 0; n < SEARCH_ALLOWANCE.points + 2; n += 1)
      statuses.push((await app.inject({ url: `/product?category=2&page=${1000 + n}`, remoteAddress: crawler })).statusCode);
    expect(statuses.slice(0, SEARCH_ALLOWANCE.points).every((status) => status !== 503)).toBe(true);
    expect(statuses.slice(SEARCH_ALLOWANCE.points)).toEqual([503, 503]);
    // The pages the category's first page links to (its 9 products, 6 a page: pages 1 and 2) cost nothing.
    expect((await app.inject({ url: '/product?category=2', remoteAddress: crawler })).statusCode).toBe(200);
    expect((await app.inject({ url: '/product?category=2&page=2', remoteAddress: crawler })).statusCode).toBe(200);
    expect((await app.inject({ url: '/product?category=2&page=3', remoteAddress: crawler })).statusCode).toBe(503);
  });

  it("counts a category no rendered page's menu names against the visitor's search allowance: made-up ?category= and ?name= cannot fill the cache", async () => {
    const app = await site({}, CORRECTNESS_DEADLINE_MS, null, memoryLimit(SEARCH_LIMIT_NAME, SEARCH_ALLOWANCE));
    const crawler = '203.0.113.21';
    const statuses: number[] = [];
    for (let n = 0; n < SEARCH_ALLOWANCE.points + 2; n += 1)
      statuses.push((await app.inject({ url: n % 2 ? `/product?category=${9000 + n}` : `/product?name=made-up-${n}`, remoteAddress: crawler })).statusCode);
    expect(statuses.slice(0, SEARCH_ALLOWANCE.points).every((status) => status !== 503)).toBe(true);
    expect(statuses.slice(SEARCH_ALLOWANCE.points)).toEqual([503, 503]);
    // Every category the menu of a rendered page names costs nothing, by id or by its old name.
    expect((await app.inject({ url: '/product?category=3', remoteAddress: crawler })).statusCode).toBe(200);
    expect((await app.inject({ url: `/product?name=${encodeURIComponent('乳膏剂')}`, remoteAddress: crawler })).statusCode).toBe(301);
    expect((await app.inject({ url: '/product?category=9999', remoteAddress: crawler })).statusCode).toBe(503);
    expect((await app.inject({ url: `/product?category=3&name=made-up`, remoteAddress: crawler })).statusCode).toBe(503);
  });

  it('learns what the site links to on a host that rendered nothing yet: its category and page links cost a spent allowance nothing', async () => {
    const spent = async () => false;
    const app = await site({}, CORRECTNESS_DEADLINE_MS, null, spent);
    expect((await app.inject({ url: '/en/product?category=2&page=2' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/en/product?category=2&page=3' })).statusCode).toBe(503);
    expect((await app.inject({ url: '/en/product?category=9000' })).statusCode).toBe(503);
    // A typed search is charged whatever else it names: no page of it is rendered free first.
    const asked = gate.counts.get('/index/product/lists') ?? 0;
    expect((await app.inject({ url: '/en/product?keyword=made-up&page=2' })).statusCode).toBe(503);
    expect(gate.counts.get('/index/product/lists') ?? 0).toBe(asked);
  });

  it('renders the product page a /product URL names, under its own key, and the language menu keeps it', async () => {
    const app = await site();
    const productsOf = (html: string) => new Set([...rootOf(html).matchAll(/href="(?:\/en)?\/product\/(\d+)"/g)].map((match) => match[1]));
    const first = await app.inject({ url: '/product?category=2' });
    const second = await app.inject({ url: '/product?category=2&page=2&utm_source=x' });
    expect(second.statusCode).toBe(200);
    expect(second.body).toMatch(/aria-current="page"[^>]*>2</);
    const [one, two] = [productsOf(first.body), productsOf(second.body)];
    expect(one.size).toBe(6);
    expect(two.size).toBe(3); // the category's 9 products, 6 a page
    expect([...two].filter((id) => one.has(id))).toEqual([]);
    expect(stateOf(second.body).navigation.route.query).toEqual({ category: '2', page: '2' });
    expect(second.body).toContain('href="/en/product?category=2&amp;page=2"');
    // Cached under its own key: asked again, page 2 costs no provider call and is still page 2.
    const calls = gate.counts.get('/index/product/lists');
    expect((await app.inject({ url: '/product?category=2&page=2' })).body).toBe(second.body);
    expect((await app.inject({ url: '/en/product?page=2&category=2' })).body).toContain('href="/product?category=2&amp;page=2"');
    // The English page 2, and the English page 1 rendered first to learn how many pages the list has.
    expect(gate.counts.get('/index/product/lists')).toBe((calls ?? 0) + 2);
  });

  it('sends an old ?name= link, in either language, for good to the URL naming the category by id', async () => {
    const app = await site();
    const creams = await app.inject({ url: '/en/product?name=%E4%B9%B3%E8%86%8F%E5%89%82&utm_source=x&page=2' });
    expect(creams.statusCode).toBe(301);
    expect(creams.headers.location).toBe('/en/product?category=2&page=2&utm_source=x');
    const english = await app.inject({ url: '/product?name=Creams' });
    expect({ status: english.statusCode, location: english.headers.location }).toEqual({ status: 301, location: '/product?category=2' });
    expect((await app.inject({ url: '/product?name=%E9%85%8A%E5%89%82' })).headers.location).toBe('/product?category=3');
    // Kept like a page: the same old link again asks the provider nothing.
    const calls = [...gate.counts.values()].reduce((sum, count) => sum + count, 0);
    const again = await app.inject({ url: '/en/product?name=%E4%B9%B3%E8%86%8F%E5%89%82&page=2&utm_source=y' });
    expect(again.headers.location).toBe('/en/product?category=2&page=2&utm_source=y');
    expect([...gate.counts.values()].reduce((sum, count) => sum + count, 0)).toBe(calls);
    // A name no category has: the page as it is, the first category.
    const unknown = await app.inject({ url: '/en/product?name=nothing' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.headers.location).toBeUndefined();
  });

  it('renders the staff page a /resources URL names, as the browser shows it', async () => {
    const app = await site();
    const second = await app.inject({ url: '/resources?page=2&utm_source=x' });
    expect(second.body).toMatch(/aria-current="page"[^>]*>2</);
    const first = await app.inject({ url: '/resources' });
    expect(first.body).toMatch(/aria-current="page"[^>]*>1</);
  });

  it('answers 304 to a matching ETag and sends the stored compressed bytes', async () => {
    const app = await site();
    const first = await app.inject({ url: '/en/report', headers: { 'accept-encoding': 'br, gzip' } });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toContain('Accept-Encoding');
    const again = await app.inject({ url: '/en/report', headers: { 'accept-encoding': 'br, gzip', 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('gives each encoding its own ETag and takes weak tags and lists in If-None-Match', async () => {
    const app = await site();
    const tags: Record<string, string> = {};
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await app.inject({ url: '/en/report', headers: { 'accept-encoding': encoding } });
      tags[encoding] = String(res.headers.etag);
    }
    expect(new Set(Object.values(tags)).size).toBe(3);
    // A gzip copy's tag never validates the brotli bytes, nor the other way round.
    const mismatched = await app.inject({ url: '/en/report', headers: { 'accept-encoding': 'br', 'if-none-match': tags.gzip } });
    expect(mismatched.statusCode).toBe(200);
    expect(mismatched.headers['content-encoding']).toBe('br');
    const weakInList = await app.inject({ url: '/en/report', headers: { 'accept-encoding': 'gzip', 'if-none-match': `"other", W/${tags.gzip}` } });
    expect(weakInList.statusCode).toBe(304);
    const any = await app.inject({ url: '/en/report', headers: { 'if-none-match': '*' } });
    expect(any.statusCode).toBe(304);
  });

  it('sends only an encoding the visitor accepts: a refusal by weight 0 counts, * means any other', async () => {
    const app = await site();
    const cases = [
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=0, br;q=0, *', undefined],
      ['br;q=0, *', 'gzip'],
      ['*', 'br'],
      ['identity;q=0, gzip', 'gzip'],
      ['gzip;q=0.3, identity', undefined],
    ] as const;
    for (const [accepts, encoding] of cases) {
      const res = await app.inject({ url: '/en/report', headers: { 'accept-encoding': accepts } });
      expect({ accepts, encoding: res.headers['content-encoding'] }).toEqual({ accepts, encoding });
      expect(res.rawPayload.includes('<html lang="en">')).toBe(encoding === undefined);
    }
  });

  it('never mixes languages when both render at once', async () => {
    const app = await site();
    const paths = SAMPLES.map(([path]) => path);
    const answers = await Promise.all(paths.flatMap((path) => [app.inject({ url: path }), app.inject({ url: `/en${path}` })]));
    answers.forEach((res, i) => {
      const english = i % 2 === 1;
      expect({ path: paths[Math.floor(i / 2)], english, rendered: res.body.includes(STATE_ELEMENT_ID) }).toEqual({
        path: paths[Math.floor(i / 2)],
        english,
        rendered: true,
      });
      const state = stateOf(res.body);
      expect(state.locale.current).toBe(english ? 'en' : 'zh');
      const keys = Object.keys(state.content.entries);
      expect(keys.every((key) => key.includes(english ? '|en|' : '|zh|'))).toBe(true);
      expect(res.body.includes('<html lang="en">')).toBe(english);
    });
  });

  it('serves the shell for every page with SSR off', async () => {
    const app = await createSiteServer({ distDir: dist, providerUrl: gate.url, mediaUrl: '', variant: 'standard', serverRendering: false });
    sites.push(app);
    const res = await app.inject({ url: '/about' });
    expect(res.body).toContain('<div id="root"></div>');
    expect(gate.counts.size).toBe(0);
  });
});
