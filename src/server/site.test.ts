import sharp from 'sharp';
import { Agent, createServer, type IncomingMessage, type Server } from 'node:http';
import { ENDPOINT } from '../contracts/endpoints';
import { copyFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { ROUTES } from '../contracts/routes';
import { createSiteServer } from './app';
import { FAKE_BOOT_SOURCE, fakeDist, rawRequest } from './server.testing';
import { inlineScriptHash } from './render/document';

/** A real upstream that echoes what reached it, or misbehaves on request. */
let upstream: Server;
let upstreamUrl: string;
/**
 * Headers some backends take as another method or another path than the one asked for, and
 * headers naming the visitor or their credentials that a CDN or a browser may add.
 */
const OVERRIDE_HEADERS = [
  'x-http-method-override',
  'x-http-method',
  'x-method-override',
  'x-original-url',
  'x-rewrite-url',
  'x-forwarded-port',
  'x-forwarded-prefix',
  'x-forwarded-server',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'authorization',
];
const echo = (req: IncomingMessage, body: string) => ({
  method: req.method,
  url: req.url,
  token: req.headers.token,
  cookie: req.headers.cookie,
  forwardedFor: req.headers['x-forwarded-for'],
  requestId: req.headers['x-request-id'],
  overrides: OVERRIDE_HEADERS.filter((name) => req.headers[name] !== undefined),
  body,
});

let dist: string;
let app: Awaited<ReturnType<typeof createSiteServer>>;

beforeAll(async () => {
  dist = fakeDist();
  upstream = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.headers.token === 'hang') return; // accepts and never answers
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 0, msg: 'ok', data: echo(req, body) }));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  app = await createSiteServer({ distDir: dist, providerUrl: upstreamUrl, mediaUrl: 'https://media.example.com', variant: 'shop' });
});

afterAll(async () => {
  await app.close();
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
  rmSync(dist, { recursive: true, force: true });
});

const SECURITY_HEADERS = ['content-security-policy', 'strict-transport-security', 'x-content-type-options', 'referrer-policy', 'permissions-policy'];

function expectSecurityHeaders(headers: Record<string, unknown>) {
  for (const name of SECURITY_HEADERS) expect(headers[name]).toBeTruthy();
  expect(headers['x-powered-by']).toBeUndefined();
  expect(headers['x-content-type-options']).toBe('nosniff');
  const csp = String(headers['content-security-policy']);
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain('frame-ancestors');
  expect(csp).toContain('https://media.example.com');
  const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
  // Our origin, and the one inline script the pages carry, by its hash.
  expect(scriptSrc.trim()).toBe(`script-src 'self' ${inlineScriptHash(FAKE_BOOT_SOURCE)}`);
}

describe('the site server', () => {
  it.each([
    '/',
    '/about',
    '/innovation',
    '/news',
    '/patient',
    '/product',
    '/report',
    '/resources',
    '/news/notice',
    '/news/noticedetail',
    '/news/noticedetail/3',
    '/news/12',
    '/product/7',
    '/resources/2',
    '/login',
    '/privacy',
  ])('answers %s and its /en twin with the page (200)', async (url) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    if (url === '/') {
      // The one URL that follows the language cookie: private, and shared caches keep it apart.
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers.vary).toContain('Cookie');
    } else {
      // Every other URL is one language: a CDN may keep it.
      expect(res.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+/);
      expect(res.headers.vary).toBe('Accept-Encoding');
    }
    const en = await app.inject({ url: `/en${url === '/' ? '/' : url}` });
    expect(en.statusCode).toBe(200);
    expect(en.headers['cache-control']).toMatch(/^public/);
    expect(en.body).toMatch(/<html lang="en"/);
    expect(res.body).toContain('<div id="root">');
    expectSecurityHeaders(res.headers);
  });

  it('covers every route of the route table', () => {
    expect(ROUTES.length).toBe(15);
  });

  it.each(['/nope', '/news/abc', '/product/1x', '/resources/-1', '/about/extra'])('answers %s with the shell and 404', async (url) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root">');
  });

  it('sends a visitor whose cookie says English from / to /en/, query kept; every other URL is one language', async () => {
    const redirect = await app.inject({ url: '/?utm_source=x', cookies: { locale: 'en' } });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('/en/?utm_source=x');
    expect(redirect.headers.vary).toContain('Cookie');
    expect(redirect.headers.vary).toContain('Sec-Fetch-Site');
    expect(redirect.headers['cache-control']).toBe('private, no-cache');
    // A link followed from one of the site's own pages (the language menu's 中文) is taken as chosen.
    const chosen = await app.inject({ url: '/', cookies: { locale: 'en' }, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.body).toMatch(/<html lang="?zh-CN"?/);
    expect(chosen.headers.vary).toBe('Cookie, Sec-Fetch-Site, Accept-Encoding');
    for (const site of ['cross-site', 'none']) {
      const arrival = await app.inject({ url: '/', cookies: { locale: 'en' }, headers: { 'sec-fetch-site': site } });
      expect(arrival.headers.location).toBe('/en/');
    }
    // Anywhere else the URL alone says the language, whatever the cookie.
    const product = await app.inject({ url: '/product?keyword=%E8%86%8F', cookies: { locale: 'en' } });
    expect(product.statusCode).toBe(200);
    expect(product.body).toMatch(/<html lang="?zh-CN"?/);
    expect(product.headers.vary).toBe('Accept-Encoding');
    const en = await app.inject({ url: '/en/about', cookies: { locale: 'zh' } });
    expect(en.statusCode).toBe(200);
    expect(en.body).toMatch(/<html lang="en"/);
    expect(en.body).toContain('Yuechuan Pharmaceutical');
    expect(en.body).toContain('<link rel="canonical" href="http://localhost:80/en/about">');
    for (const cookie of [undefined, 'fr', 'en']) {
      const zh = await app.inject({ url: '/about', cookies: cookie ? { locale: cookie } : {} });
      expect(zh.body).toMatch(/<html lang="?zh-CN"?/);
      expect(zh.body).toContain('岳川药业有限公司');
    }
  });

  it("carries the site's icon in every page, and gives the home pages a PNG of it at a URL search engines fetch", async () => {
    const linksOf = async (url: string) => {
      const { body } = await app.inject({ url });
      return { icon: /<link rel="icon" href="([^"]*)"/.exec(body)?.[1], touch: /<link rel="apple-touch-icon" href="([^"]*)"/.exec(body)?.[1] };
    };
    for (const url of ['/', '/en/', '/about', '/en/news/notice', '/product/7']) expect((await linksOf(url)).icon).toMatch(/^data:image\/svg\+xml,/);
    expect((await linksOf('/')).touch).toBe('/apple-touch-icon.png');
    expect((await linksOf('/en/')).touch).toBe('/apple-touch-icon.png');
    for (const url of ['/about', '/en/news/notice']) expect((await linksOf(url)).touch).toBeUndefined();
    const png = await app.inject({ url: '/apple-touch-icon.png' });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    const { width, height, format, hasAlpha } = await sharp(png.rawPayload).metadata();
    expect({ width, height, format, hasAlpha }).toEqual({ width: 192, height: 192, format: 'png', hasAlpha: false });
    // drawn from the icon, not blank: the middle of the circle is the icon's own teal
    const { data } = await sharp(png.rawPayload).extract({ left: 40, top: 40, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    expect([...data]).toEqual([0x0b, 0x6e, 0x6e]);
    expect((await app.inject({ url: '/favicon.svg' })).statusCode).toBe(200);
  });

  it('answers a touch icon it could not make uncached, and makes it on a later request', async () => {
    const broken = fakeDist();
    const site = await createSiteServer({ distDir: broken, providerUrl: upstreamUrl, mediaUrl: '', variant: 'standard' });
    try {
      writeFileSync(join(broken, 'favicon.svg'), 'not a picture');
      const failed = await site.inject({ url: '/apple-touch-icon.png' });
      expect(failed.statusCode).toBe(500);
      expect(failed.headers['cache-control'] ?? '').not.toMatch(/max-age/);
      copyFileSync(join(__dirname, '..', '..', 'public', 'favicon.svg'), join(broken, 'favicon.svg'));
      const made = await site.inject({ url: '/apple-touch-icon.png' });
      expect(made.statusCode).toBe(200);
      expect(made.headers['cache-control']).toBe('public, max-age=86400');
    } finally {
      await site.close();
      rmSync(broken, { recursive: true, force: true });
    }
  });

  it('injects the runtime configuration as data, with no inline script', async () => {
    const res = await app.inject({ url: '/' });
    const meta = /<meta name="?app-config"? content="([^"]*)"/.exec(res.body)?.[1] ?? '';
    expect(JSON.parse(meta.replace(/&quot;/g, '"'))).toEqual({ mediaUrl: 'https://media.example.com', variant: 'shop' });
    expect(res.body).not.toMatch(/<script>(?!<\/script>)/);
    expect(res.body).toContain('<link rel="preconnect" href="https://media.example.com">');
  });

  it('serves hashed assets for a year, compressed, and nothing else from /assets', async () => {
    const asset = await app.inject({ url: '/assets/main.0123456789.js', headers: { 'accept-encoding': 'gzip' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('gzip');
    expectSecurityHeaders(asset.headers);
    // A dotfile at the root is just an unknown route: the shell with 404, never the file.
    expect((await app.inject({ url: '/.env' })).statusCode).toBe(404);
    for (const url of ['/assets/missing.js', '/assets/main.0123456789.js.map', '/assets/.secret', '/assets/']) {
      const res = await app.inject({ url });
      // 404 for what is not there; a dotfile is refused (403). Neither serves content.
      expect({ url, refused: [403, 404].includes(res.statusCode) }).toEqual({ url, refused: true });
      expect(res.body).not.toContain('<div id="root">');
      expect(res.body).not.toBe('no');
    }
  });

  it('rejects methods a path does not take', async () => {
    for (const [method, url] of [
      ['DELETE', '/about'],
      ['PUT', '/'],
      ['POST', '/assets/main.0123456789.js'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect({ method, url, status: res.statusCode }).toEqual({ method, url, status: 405 });
      expectSecurityHeaders(res.headers);
    }
  });

  it('answers /healthz', async () => {
    const res = await app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('the /api proxy', () => {
  it("strips /api and passes the query, the form body, the token header, the address it resolved and a request id; never cookies or the visitor's forwarding headers", async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/index/recruit/submitData?lan=en',
      headers: { 'content-type': 'application/x-www-form-urlencoded', token: 't-1', 'x-forwarded-for': '6.6.6.6', 'x-request-id': 'forged' },
      cookies: { locale: 'en', session: 'secret' },
      payload: 'name=Li&phone=1&email=a%40b.com&id=4',
    });
    expect(res.statusCode).toBe(200);
    const reached = res.json().data;
    expect(reached).toEqual({
      method: 'POST',
      url: '/index/recruit/submitData?lan=en',
      token: 't-1',
      forwardedFor: '127.0.0.1',
      requestId: expect.any(String),
      overrides: [],
      body: 'name=Li&phone=1&email=a%40b.com&id=4',
    });
    expect(reached.requestId).not.toBe('forged');
    expect(reached).not.toHaveProperty('cookie');
    expectSecurityHeaders(res.headers);
  });

  it('answers a path it cannot decode, or a method it does not know, with an envelope under /api and the error page elsewhere', async () => {
    const zh = await app.inject({ url: '/api/%zz' });
    expect({ status: zh.statusCode, type: zh.headers['content-type'], body: zh.json() }).toEqual({
      status: 400,
      type: 'application/json; charset=utf-8',
      body: { code: 1, msg: '请求格式不正确', data: null },
    });
    const en = await app.inject({ url: '/api/index/news/%E0%A4%A?lan=en' });
    expect({ status: en.statusCode, body: en.json() }).toEqual({ status: 400, body: { code: 1, msg: 'The request is malformed', data: null } });
    for (const method of ['PROPFIND', 'PURGE', 'LINK'] as const) {
      const res = await app.inject({ method, url: '/api/index/index/banner' });
      expect({ method, status: res.statusCode, body: res.json() }).toEqual({ method, status: 404, body: { code: 1, msg: '接口不存在', data: null } });
    }
    // A page: the site's error page, with 400.
    const page = await app.inject({ url: '/about%zz' });
    expect({ status: page.statusCode, type: page.headers['content-type'] }).toEqual({ status: 400, type: 'text/html; charset=utf-8' });
    expect(page.body).toContain('error-page');
  });

  it('forwards only the query keys the endpoint takes, each once, as written', async () => {
    const asked = [
      [
        `${ENDPOINT.productList}?lan=en&classify_id=2&page=1&pageSize=6&keyword=%E8%86%8F&s=/admin/user&lan=zh&_method=DELETE`,
        `${ENDPOINT.productList}?lan=en&classify_id=2&page=1&pageSize=6&keyword=%E8%86%8F`,
      ],
      [`${ENDPOINT.banner}?s=%2Fadmin%2Fuser&lan=zh&id=3`, `${ENDPOINT.banner}?lan=zh`],
      [`${ENDPOINT.newsDetail}?id=3&lan=en&id[]=4&%69d=5`, `${ENDPOINT.newsDetail}?id=3&lan=en`],
      [`${ENDPOINT.banner}?s=/admin/user`, ENDPOINT.banner],
      [`${ENDPOINT.memberCulture}?lan=zh&type=member_culture&callback=x`, `${ENDPOINT.memberCulture}?lan=zh&type=member_culture`],
    ];
    for (const [path, forwarded] of asked) {
      const res = await app.inject({ url: `/api${path}` });
      expect({ path, reached: res.json().data.url }).toEqual({ path, reached: forwarded });
    }
    const post = await app.inject({
      method: 'POST',
      url: `/api${ENDPOINT.recruitSubmit}?lan=en&s=/admin`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Li',
    });
    expect(post.json().data.url).toBe(`${ENDPOINT.recruitSubmit}?lan=en`);
  });

  it('forwards an allow list of headers: no method or path override, no address a CDN adds, no Authorization', async () => {
    const overrides = Object.fromEntries(
      OVERRIDE_HEADERS.map((name) => [name, name.includes('url') ? '/admin/user' : name.includes('ip') ? '192.0.2.1' : 'DELETE']),
    );
    const get = await app.inject({ url: `/api${ENDPOINT.banner}?lan=zh`, headers: overrides });
    expect(get.json().data).toMatchObject({ method: 'GET', url: `${ENDPOINT.banner}?lan=zh`, overrides: [] });
    const post = await app.inject({
      method: 'POST',
      url: `/api${ENDPOINT.patientSubmit}?lan=zh`,
      headers: { ...overrides, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Li',
    });
    expect(post.json().data).toMatchObject({ method: 'POST', overrides: [] });
  });

  it('tells a request that arrives while the server closes 503 in the envelope under /api', async () => {
    const closing = await createSiteServer({ distDir: dist, providerUrl: upstreamUrl, mediaUrl: '', variant: 'standard', upstreamTimeoutMs: 400 });
    await closing.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(closing.server.address() as AddressInfo).port}`;
    // One kept-alive connection: busy (its request hangs upstream) when close begins, then asked again.
    const connection = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const proxied = new Promise((resolve) => upstream.once('request', resolve));
      const first = rawRequest(base, 'GET', '/api/index/index/banner', { token: 'hang' }, connection);
      await Promise.race([proxied, first]); // answered without reaching the provider: the check below says so
      const closed = closing.close();
      expect((await first).status).toBe(504);
      const second = await rawRequest(base, 'GET', '/api/index/index/banner?lan=en', {}, connection);
      expect(second).toMatchObject({ status: 503, headers: { connection: 'close', 'content-type': 'application/json; charset=utf-8' } });
      expect(JSON.parse(second.body)).toEqual({ code: 1, msg: 'The server is busy, please try again later', data: null });
      await closed;
    } finally {
      connection.destroy();
    }
  });

  it('answers a provider that never answers with 504 and a readable envelope in the visitor language', async () => {
    // Its own site: the shared one waits production's time, so that a slow answer is never taken for none.
    const impatient = await createSiteServer({ distDir: dist, providerUrl: upstreamUrl, mediaUrl: '', variant: 'standard', upstreamTimeoutMs: 300 });
    try {
      const zh = await impatient.inject({ url: '/api/index/index/banner', headers: { token: 'hang' } });
      expect(zh.statusCode).toBe(504);
      expect(zh.json()).toMatchObject({ code: 1 });
      expect(zh.json().msg).toMatch(/[\u4e00-\u9fff]/);
      const en = await impatient.inject({ url: '/api/index/index/banner', headers: { token: 'hang' }, cookies: { locale: 'en' } });
      expect(en.json().msg).toMatch(/^[\x20-\x7e]+$/);
    } finally {
      await impatient.close();
    }
  });

  it("asks for a picture with the file request's headers only: no cookie, token, authorization, address or user agent", async () => {
    let reached: IncomingMessage['headers'] = {};
    const media = createServer((req, res) => {
      reached = req.headers;
      res.writeHead(206, { 'content-type': 'video/mp4', 'content-range': 'bytes 0-3/100' }).end('mp4!');
    });
    await new Promise<void>((resolve) => media.listen(0, '127.0.0.1', resolve));
    const site = await createSiteServer({
      distDir: dist,
      providerUrl: `http://127.0.0.1:${(media.address() as AddressInfo).port}`,
      mediaUrl: '',
      variant: 'standard',
    });
    try {
      const res = await site.inject({
        url: '/uploads/video/intro.mp4',
        headers: {
          range: 'bytes=0-3',
          'if-range': '"v1"',
          authorization: 'Basic c2VjcmV0',
          token: 't-1',
          'x-forwarded-for': '6.6.6.6',
          'user-agent': 'Visitor/1.0',
          referer: 'https://elsewhere.example/',
        },
        cookies: { locale: 'en', session: 'secret' },
      });
      expect(res.statusCode).toBe(206);
      expect(res.body).toBe('mp4!');
      // The hop's own: the upstream's host and the keep-alive of the site's connection pool.
      const { host, connection: _hop, ...rest } = reached;
      expect(host).toMatch(/^127\.0\.0\.1:\d+$/);
      expect(rest).toEqual({ range: 'bytes=0-3', 'if-range': '"v1"', 'x-request-id': expect.any(String) });
    } finally {
      await site.close();
      media.closeAllConnections();
      await new Promise((resolve) => media.close(resolve));
    }
  });

  it('answers a provider that is down with 502, leaking no host, port or stack, for content and media', async () => {
    const down = await createSiteServer({ distDir: dist, providerUrl: 'http://127.0.0.1:9', mediaUrl: '', variant: 'standard' });
    try {
      const res = await down.inject({ url: '/api/index/index/banner?lan=zh', cookies: { locale: 'en' } });
      expect(res.statusCode).toBe(502);
      const body = res.json();
      expect(body.code).toBe(1);
      expect(body.msg.length).toBeGreaterThan(5);
      expect(res.body).not.toMatch(/127\.0\.0\.1|:9\b|ECONNREFUSED|at .*\.js/);
      const media = await down.inject({ url: '/uploads/banner/page-2.webp' });
      expect(media.statusCode).toBe(502);
      expect(media.body).toBe('Media unavailable');
    } finally {
      await down.close();
    }
  });
});
