/**
 * Server rendering through the real site server, a real HTTP hop and the real embedded
 * provider: content in the first response, the state block, status codes, the fallbacks of a
 * failing provider, and the page cache.
 */
import { rmSync } from 'node:fs';
import { providerWithFreshDatabase } from '../provider/testing';
import { STATE_ELEMENT_ID } from '../contracts/runtimeConfig';
import { createSiteServer } from './app';
import { fakeDist, providerGate } from './testing';

type Site = Awaited<ReturnType<typeof createSiteServer>>;

let provider: Awaited<ReturnType<typeof providerWithFreshDatabase>>;
let gate: Awaited<ReturnType<typeof providerGate>>;
let dist: string;
const sites: Site[] = [];

async function site(pageCache = {}, renderDeadlineMs = 1500): Promise<Site> {
  const app = await createSiteServer({ distDir: dist, providerUrl: gate.url, mediaUrl: 'http://media.test', variant: 'standard', renderDeadlineMs, pageCache });
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
  gate.mode = 'pass';
  gate.counts.clear();
});

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
    for (const [url, lang, text] of [[path, 'zh-CN', zh], [`/en${path}`, 'en', en]] as const) {
      const res = await app.inject({ url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
      expect(res.body).toContain(`<html lang="${lang}">`);
      expect(rootOf(res.body)).toContain(text);
      const state = stateOf(res.body);
      expect(state.locale.current).toBe(lang === 'en' ? 'en' : 'zh');
      expect(state.navigation.route.path).toBe(path);
      // Only data blocks and deferred files: nothing inline that would run.
      expect(res.body).not.toMatch(/<script(?![^>]*(type="application\/(ld\+)?json"|defer src=))/);
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

  it.each(['down', 'slow', 'garbage', 'code1', 'code402', 'code403'] as const)(
    'serves the client-rendered shell at once when the provider is %s and nothing is cached',
    async (mode) => {
      gate.mode = mode;
      const started = Date.now();
      const res = await (await site()).inject({ url: '/about' });
      expect(Date.now() - started).toBeLessThan(2500);
      expect(res.statusCode).toBe(200);
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
    await app.inject({ url: '/product?keyword=%E8%BD%AF%E8%86%8F&utm_source=x&page=9' });
    expect(gate.counts.get('/index/product/lists')).toBe(calls);
    await app.inject({ url: '/product?keyword=%E4%B9%B3%E8%86%8F' });
    expect(gate.counts.get('/index/product/lists')).toBe((calls ?? 0) + 1);
  });

  it('answers 304 to a matching ETag and sends the stored compressed bytes', async () => {
    const app = await site();
    const first = await app.inject({ url: '/en/report', headers: { 'accept-encoding': 'br, gzip' } });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toContain('Accept-Encoding');
    const again = await app.inject({ url: '/en/report', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('never mixes languages when both render at once', async () => {
    // 26 cold renders at once on a small machine: a deadline that measures correctness, not speed.
    const app = await site({}, 10_000);
    const paths = SAMPLES.map(([path]) => path);
    const answers = await Promise.all(paths.flatMap((path) => [app.inject({ url: path }), app.inject({ url: `/en${path}` })]));
    answers.forEach((res, i) => {
      const english = i % 2 === 1;
      expect({ path: paths[Math.floor(i / 2)], english, rendered: res.body.includes(STATE_ELEMENT_ID) }).toEqual({ path: paths[Math.floor(i / 2)], english, rendered: true });
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
