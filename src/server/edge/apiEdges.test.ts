/**
 * The /api edge with the real provider behind it: who a visitor is (X-Forwarded-For as the
 * site resolved it), how much a form may weigh, which paths exist at all, and what the logs of
 * both keep of a visit.
 */
import { rmSync } from 'node:fs';
import { ENDPOINT } from '../../contracts/endpoints';
import { STATE_ELEMENT_ID } from '../../contracts/runtimeConfig';
import { PATIENT_MAX_LENGTH } from '../../contracts/forms';
import type { TrustProxy } from '../../contracts/trustProxy';
import { logOptions } from '../../http/logging';
import { logLines } from '../../http/logging.testing';
import Database from '../../provider/sqliteDriver';
import { startProvider, type RunningProvider } from '../../provider/startProvider';
import { tempDataDir } from '../../provider/provider.testing';
import { createSiteServer } from '../app';
import { fakeDist, providerGate, rawRequest } from '../server.testing';

type Site = Awaited<ReturnType<typeof createSiteServer>>;

let data: ReturnType<typeof tempDataDir>;
let dist: string;
let provider: RunningProvider;
const providerLog = logLines();
const sites: Site[] = [];

async function siteFor(
  options: { trustProxy?: TrustProxy; providerUrl?: string; logger?: object; publicUrl?: string; mediaUrl?: string; cachePurgeSecret?: string } = {},
) {
  const site = await createSiteServer({
    distDir: dist,
    providerUrl: options.providerUrl ?? provider.url,
    mediaUrl: options.mediaUrl ?? 'https://media.example.com',
    variant: 'standard',
    trustProxy: options.trustProxy,
    logger: options.logger,
    publicUrl: options.publicUrl,
    cachePurgeSecret: options.cachePurgeSecret,
  });
  await site.listen({ port: 0, host: '127.0.0.1' });
  sites.push(site);
  return `http://127.0.0.1:${(site.server.address() as { port: number }).port}`;
}

beforeAll(async () => {
  data = tempDataDir();
  dist = fakeDist();
  provider = await startProvider({ port: 0, dataDir: data.dir, logger: { ...logOptions('provider'), stream: providerLog.stream } });
}, 20_000);

afterAll(async () => {
  for (const site of sites) await site.close();
  await provider.close();
  data.remove();
  rmSync(dist, { recursive: true, force: true });
}, 20_000);

const message = (overrides: Record<string, string> = {}) =>
  new URLSearchParams({
    category: 'medical',
    medication: '复方樟脑软膏',
    reason: '湿疹',
    name: '王芳',
    phone: '13800000000',
    email: '',
    description: '',
    consent: '2026-01',
    health_consent: '2026-01',
    ...overrides,
  });

async function submit(base: string, body: URLSearchParams, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}/api${ENDPOINT.patientSubmit}?lan=zh`, { method: 'POST', body, headers });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string } };
}

describe('each visitor has a rate limit of their own', () => {
  it('one address exhausts its limit, another address still submits (site behind a trusted proxy)', async () => {
    const base = await siteFor({ trustProxy: ['127.0.0.1'] });
    for (let i = 0; i < 10; i += 1) expect((await submit(base, message(), { 'x-forwarded-for': '203.0.113.7' })).body.code).toBe(0);
    expect(await submit(base, message(), { 'x-forwarded-for': '203.0.113.7' })).toEqual({
      status: 429,
      body: { code: 1, msg: '提交过于频繁，请稍后再试', data: null },
    });
    expect((await submit(base, message(), { 'x-forwarded-for': '198.51.100.4' })).body.code).toBe(0);
  });

  it("without TRUST_PROXY a visitor's own X-Forwarded-For buys no fresh budget", async () => {
    const base = await siteFor();
    // Every request of this test comes from 127.0.0.1; the forged headers must not split it into visitors.
    for (let i = 0; i < 10; i += 1) expect((await submit(base, message(), { 'x-forwarded-for': `192.0.2.${i}` })).body.code).toBe(0);
    expect((await submit(base, message(), { 'x-forwarded-for': '192.0.2.200' })).status).toBe(429);
  });
});

describe('bodies are judged by the form rules, not cut off as bytes', () => {
  const chinese = (n: number) => '药'.repeat(n);
  const forwarded = (n: number) => ({ 'x-forwarded-for': `198.18.0.${n}` });
  let base: string;
  beforeAll(async () => {
    base = await siteFor({ trustProxy: ['127.0.0.1'] });
  });

  it('a report with every text field full of Chinese is stored', async () => {
    const full = message({
      medication: chinese(100),
      reason: chinese(200),
      name: chinese(50),
      description: chinese(PATIENT_MAX_LENGTH.description),
      category: 'adverse',
    });
    expect(full.toString().length).toBeGreaterThan(16 * 1024); // today's limit
    expect(await submit(base, full, forwarded(1))).toMatchObject({ status: 200, body: { code: 0 } });
  });

  it('every field at its limit in Chinese at once still reaches the form rules, which name the fields', async () => {
    const fields = Object.fromEntries(Object.entries(PATIENT_MAX_LENGTH).map(([field, max]) => [field, chinese(max)]));
    const { status, body } = await submit(base, message(fields), forwarded(2));
    expect(status).toBe(200);
    expect(body.code).toBe(1);
    expect(body.msg).toContain('服务类别');
  });

  it('a body beyond any form answers 413 in the envelope with a readable message', async () => {
    const { status, body } = await submit(base, message({ description: chinese(8000) }), forwarded(3));
    expect({ status, body }).toEqual({ status: 413, body: { code: 1, msg: '提交内容过长，请缩短后再试', data: null } });
  });
});

describe('/api is an allow-list of the provider endpoints with their methods', () => {
  let base: string;
  let gate: Awaited<ReturnType<typeof providerGate>>;
  beforeAll(async () => {
    gate = await providerGate(provider.url);
    base = await siteFor({ providerUrl: gate.url });
  });
  afterAll(() => gate.close());

  it.each([
    ['GET', '/api/admin/users'],
    ['GET', '/api/users/me'],
    ['DELETE', `/api${ENDPOINT.newsDetail}`],
    ['POST', `/api${ENDPOINT.banner}`],
    ['GET', `/api${ENDPOINT.recruitSubmit}`],
    ['GET', `/api${ENDPOINT.banner}/`],
    ['GET', '/api'],
  ])('%s %s answers 404 in the envelope and never reaches the provider', async (method, path) => {
    gate.counts.clear();
    const res = await fetch(`${base}${path}`, { method });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 1, msg: '接口不存在', data: null });
    expect([...gate.counts.keys()]).toEqual([]);
  });

  // fetch (and inject) resolve dot segments before sending; a client that wants to probe sends them as written.
  it.each([
    '/api/../admin',
    '/api/index/index/../../admin',
    '/api/index/index/banner/../../../admin',
    '/api/%2e%2e/admin',
    '/api/index/index/banner/%2e%2e/%2e%2e/%2e%2e/admin',
  ])('GET %s, sent as written, answers 404 in the envelope and never reaches the provider', async (path) => {
    gate.counts.clear();
    const res = await rawRequest(base, 'GET', path);
    expect({ status: res.status, body: JSON.parse(res.body) }).toEqual({ status: 404, body: { code: 1, msg: '接口不存在', data: null } });
    expect([...gate.counts.keys()]).toEqual([]);
  });

  it('a listed endpoint with its method passes, HEAD too for content', async () => {
    expect(((await (await fetch(`${base}/api${ENDPOINT.banner}?lan=en`)).json()) as { code: number }).code).toBe(0);
    expect((await fetch(`${base}/api${ENDPOINT.banner}?lan=en`, { method: 'HEAD' })).status).toBe(200);
  });
});

describe('logs', () => {
  it('are JSON lines with one request id across site and provider, and no personal data or tokens', async () => {
    const siteLog = logLines();
    const base = await siteFor({ trustProxy: ['127.0.0.1'], logger: { ...logOptions('site'), stream: siteLog.stream } });
    const res = await submit(base, message({ name: '赵敏敏', phone: '13912345678', email: 'zhao.min@pku.edu.cn' }), {
      'x-forwarded-for': '203.0.113.99',
      token: 'secret-token-1',
    });
    expect(res.body.code).toBe(0);

    const siteLine = siteLog.lines.find((line) => line.msg === 'request completed');
    expect(siteLine).toMatchObject({ service: 'site', level: 30, reqId: expect.any(String) });
    const providerLines = providerLog.lines.filter((line) => line.reqId === siteLine!.reqId);
    expect(providerLines.map((line) => line.service)).toEqual(['provider', 'provider']);
    expect(providerLines[0]).toMatchObject({ req: { method: 'POST', path: ENDPOINT.patientSubmit } });

    const written = JSON.stringify([...siteLog.lines, ...providerLog.lines]);
    for (const secret of ['赵敏敏', '13912345678', 'zhao.min', '203.0.113.99', 'secret-token-1', 'lan=zh']) expect(written).not.toContain(secret);
  });

  it('carry a request id from a proxy TRUST_PROXY names, never from a peer it does not name', async () => {
    const unnamed = await siteFor({ trustProxy: ['192.0.2.1'] });
    const named = await siteFor({ trustProxy: ['127.0.0.1'] });
    for (const [base, id] of [
      [unnamed, 'unnamed-peer-forged'],
      [named, 'named-proxy-1'],
    ] as const) {
      const res = await fetch(`${base}/api${ENDPOINT.banner}?lan=en`, { headers: { 'x-request-id': id, 'x-forwarded-for': '198.51.100.20' } });
      expect(res.status).toBe(200);
    }
    expect(providerLog.lines.some((line) => line.reqId === 'unnamed-peer-forged')).toBe(false);
    expect(providerLog.lines.some((line) => line.reqId === 'named-proxy-1')).toBe(true);
  });

  it("name the visitor request a page is rendered for in the provider's lines too", async () => {
    const base = await siteFor({ trustProxy: ['127.0.0.1'] });
    const res = await fetch(`${base}/report`, { headers: { 'x-request-id': 'render-req-1' } });
    expect(res.status).toBe(200);
    const lines = providerLog.lines.filter((line) => line.reqId === 'render-req-1');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((line) => line.service === 'provider')).toBe(true);
  });
});

/** The patient messages stored under a name, read from the provider's database file. */
function storedMessages(name: string): number {
  const db = new Database(`${data.dir}/provider.sqlite`, { readonly: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM patient_messages WHERE name = ?').get(name) as { n: number }).n;
  } finally {
    db.close();
  }
}

describe("forms are taken from the site's own pages only", () => {
  let base: string;
  let ownOrigin: string;
  let publicBase: string;
  beforeAll(async () => {
    base = await siteFor({ trustProxy: ['127.0.0.1'] });
    ownOrigin = base; // no PUBLIC_URL, no ALLOWED_HOSTS: the request's own host
    publicBase = await siteFor({ trustProxy: ['127.0.0.1'], publicUrl: 'https://www.example.com' });
  });
  const visitor = (n: number) => ({ 'x-forwarded-for': `198.19.0.${n}` });

  it.each([
    ['a cross-site page', '跨站甲', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
    ['a cross-site page that hides its origin', '跨站乙', { origin: 'null', 'sec-fetch-site': 'cross-site' }],
    ['a browser without Sec-Fetch-Site, on another origin', '跨站丙', { origin: 'https://evil.example' }],
    ['a sibling site (same-site) on another origin', '跨站丁', { origin: 'https://blog.example.com', 'sec-fetch-site': 'same-site' }],
  ])('a POST from %s answers 403 in the envelope (code 1, not "login expired") and stores nothing', async (_who, name, headers) => {
    const zh = await submit(base, message({ name }), { ...headers, ...visitor(1) });
    expect(zh).toEqual({ status: 403, body: { code: 1, msg: '只接受从本网站页面提交的表单', data: null } });
    const res = await fetch(`${base}/api${ENDPOINT.recruitSubmit}?lan=en`, {
      method: 'POST',
      body: new URLSearchParams({ name, phone: '13800000000', email: 'a@b.com', id: '1' }),
      headers: { ...headers, ...visitor(1) },
    });
    expect({ status: res.status, body: await res.json() }).toEqual({
      status: 403,
      body: { code: 1, msg: "Only forms sent from this site's own pages are accepted", data: null },
    });
    expect(storedMessages(name)).toBe(0);
  });

  it("the site's own pages, its PUBLIC_URL and requests no browser sent still submit", async () => {
    const sent = [
      [base, { origin: ownOrigin, 'sec-fetch-site': 'same-origin' }, '本站页面'],
      [base, { 'sec-fetch-site': 'same-origin' }, '本站无来源'],
      [base, { origin: ownOrigin }, '旧浏览器'],
      [base, {}, '服务器调用'],
      [publicBase, { origin: 'https://www.example.com', 'sec-fetch-site': 'same-site' }, '公开地址'],
    ] as const;
    for (const [site, headers, name] of sent) {
      const answer = await submit(site, message({ name }), { ...headers, ...visitor(2) });
      expect({ name, status: answer.status, code: answer.body.code }).toEqual({ name, status: 200, code: 0 });
      expect(storedMessages(name)).toBe(1);
    }
    // Behind PUBLIC_URL the site's origin is that one, not the address it was reached at.
    expect((await submit(publicBase, message({ name: '内部地址' }), { origin: base, ...visitor(2) })).status).toBe(403);
  });

  it('reading is not a form: GETs from other sites pass; the internal endpoints keep their own guard', async () => {
    const res = await fetch(`${base}/api${ENDPOINT.banner}?lan=en`, { headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
    expect(res.status).toBe(200);
    const internal = await siteFor({ cachePurgeSecret: 'purge-secret-1' });
    const purge = await fetch(`${internal}/_internal/cache/purge`, {
      method: 'POST',
      headers: { authorization: 'Bearer purge-secret-1', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(purge.status).toBe(204);
  });
});

describe('a URL that does not decode is a bad request, wherever the escape is', () => {
  let base: string;
  const siteLog = logLines();
  beforeAll(async () => {
    base = await siteFor({ mediaUrl: '', logger: { ...logOptions('site'), stream: siteLog.stream } });
  });

  it.each([
    ['/api/index/index/banner?lan=zh&x=%E0', '请求格式不正确'],
    ['/api/index/index/banner?lan=en&x=%E0', 'The request is malformed'],
    ['/uploads/a.png?x=%E0', '请求格式不正确'],
    ['/uploads/%E0.png', '请求格式不正确'],
    ['/api/index/news/details?lan=en&id=%zz', 'The request is malformed'],
  ])('GET %s answers 400 in the envelope, logged at warn', async (path, msg) => {
    const before = siteLog.lines.length;
    const res = await rawRequest(base, 'GET', path);
    expect({ status: res.status, type: res.headers['content-type'], body: JSON.parse(res.body) }).toEqual({
      status: 400,
      type: 'application/json; charset=utf-8',
      body: { code: 1, msg, data: null },
    });
    expect(res.headers['content-security-policy']).toBeTruthy();
    const lines = siteLog.lines.slice(before);
    expect(lines.some((line) => line.level === 40 && line.msg === 'malformed escape in the URL')).toBe(true);
    expect(lines.filter((line) => Number(line.level) >= 50)).toEqual([]);
  });

  it.each([
    ['/news/%E0', 'zh-CN'],
    ['/en/news/%E0', 'en'],
    ['/product?keyword=%E0', 'zh-CN'],
    ['/about%zz', 'zh-CN'],
  ])("GET %s answers 400 with the site's error page in its language, never cached", async (path, lang) => {
    const before = siteLog.lines.length;
    const res = await rawRequest(base, 'GET', path);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toBeTruthy();
    expect(res.body).toContain(`<html lang="${lang}"`);
    expect(res.body).toContain('error-page');
    const lines = siteLog.lines.slice(before);
    expect(lines.some((line) => line.level === 40 && line.msg === 'malformed escape in the URL')).toBe(true);
    expect(lines.filter((line) => Number(line.level) >= 50)).toEqual([]);
  });
});

describe('server renders of new searches are budgeted per client', () => {
  let base: string;
  beforeAll(async () => {
    base = await siteFor({ trustProxy: ['127.0.0.1'] });
  });
  const search = (keyword: string, client: string) =>
    fetch(`${base}/product?keyword=${encodeURIComponent(keyword)}`, { headers: { 'x-forwarded-for': client } });

  it('a client that spends its budget on new keywords gets the shell with 503; another client, and searches in hand, still render', async () => {
    for (let i = 0; i < 10; i += 1) expect((await search(`无此产品-a${i}`, '203.0.113.50')).status).toBe(200);
    const refused = await search('无此产品-a10', '203.0.113.50');
    expect({ status: refused.status, retryAfter: refused.headers.get('retry-after'), cache: refused.headers.get('cache-control') }).toEqual({
      status: 503,
      retryAfter: '30',
      cache: 'no-store',
    });
    expect(await refused.text()).toContain('<div id="root">');
    // A search another client made is in hand: free. Another client has a budget of its own.
    expect((await search('无此产品-a3', '203.0.113.50')).status).toBe(200);
    expect((await search('无此产品-b0', '203.0.113.51')).status).toBe(200);
    expect((await search('无此产品-a10', '203.0.113.51')).status).toBe(200);
  });

  it("never counts the site's own category and page links: a client past its budget still gets each rendered", async () => {
    const client = '203.0.113.70';
    for (let i = 0; i < 10; i += 1) await search(`无此产品-c${i}`, client);
    expect((await search('无此产品-c10', client)).status).toBe(503);
    const asClient = (path: string) => fetch(`${base}${path}`, { headers: { 'x-forwarded-for': client } });
    const html = await (await asClient('/en/product')).text();
    const categories = [...new Set([...html.matchAll(/href="(\/en\/product\?category=[^"#]+)/g)].map(([, link]) => (link as string).replace(/&amp;/g, '&')))];
    expect(categories.length).toBeGreaterThan(1);
    // The staff list's pages as its pagination names them (two: /resources was never rendered
    // here, so the host renders its first page to learn that).
    for (const link of [...categories, '/resources?page=2']) {
      const answer = await asClient(link);
      expect({ link, status: answer.status, rendered: (await answer.text()).includes(STATE_ELEMENT_ID) }).toEqual({ link, status: 200, rendered: true });
    }
    expect((await asClient('/resources?page=3')).status).toBe(503); // a page the list does not have is typed
    expect((await search('无此产品-c11', client)).status).toBe(503); // searches still are
  });

  it('an IPv6 client is its /64: other addresses of that network share the budget', async () => {
    for (let i = 0; i < 10; i += 1) expect((await search(`无此产品-v6-${i}`, `2001:db8:5:6::${i + 1}`)).status).toBe(200);
    expect((await search('无此产品-v6-x', '2001:db8:5:6:ffff:1:2:3')).status).toBe(503);
    expect((await search('无此产品-v6-y', '2001:db8:5:7::1')).status).toBe(200);
  });
});
