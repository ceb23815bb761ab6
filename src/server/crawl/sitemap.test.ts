/**
 * /sitemap.xml and /robots.txt over real HTTP against the embedded provider: every static
 * route and every provider item in both languages, valid against the sitemaps.org schema
 * (plus the XHTML link element of hreflang alternates) as xmllint reads it.
 */
import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { ENDPOINT } from '../../contracts/endpoints';
import { startProvider, type RunningProvider } from '../../provider/startProvider';
import { tempDataDir } from '../../provider/provider.testing';
import { createSiteServer } from '../app';
import { registerCrawlerRoutes } from './crawlerRoutes';
import { createProviderApi } from '../render/serverDeps';
import { staticPaths } from './sitemap';
import { CORRECTNESS_DEADLINE_MS, fakeDist } from '../server.testing';

const XSD = join(__dirname, '..', '..', '..', 'config', 'xsd', 'sitemap-xhtml.xsd');

/** xmllint's verdict; a missing xmllint fails the test (CI installs libxml2-utils). */
function schemaErrors(xml: string): string {
  try {
    execFileSync('xmllint', ['--noout', '--nonet', '--schema', XSD, '-'], { input: xml, stdio: ['pipe', 'pipe', 'pipe'] });
    return '';
  } catch (error) {
    const failure = error as { code?: string; stderr?: Buffer };
    if (failure.code === 'ENOENT') throw new Error('xmllint is missing: apt-get install -y libxml2-utils', { cause: error });
    return String(failure.stderr);
  }
}

let provider: RunningProvider;
let data: ReturnType<typeof tempDataDir>;
let dist: string;

beforeAll(async () => {
  data = tempDataDir();
  dist = fakeDist();
  provider = await startProvider({ port: 0, dataDir: data.dir });
});

afterAll(async () => {
  await provider.close();
  data.remove();
  rmSync(dist, { recursive: true, force: true });
});

async function site(publicUrl?: string) {
  return createSiteServer({
    distDir: dist,
    providerUrl: provider.url,
    mediaUrl: provider.url,
    variant: 'standard',
    publicUrl,
    renderDeadlineMs: CORRECTNESS_DEADLINE_MS,
  });
}

async function providerIds(path: string, lan: string, query = ''): Promise<number[]> {
  const response = await fetch(`${provider.url}${path}?lan=${lan}${query}`);
  const { data: answer } = (await response.json()) as { data: { id: number }[] | { rows: { id: number }[] } };
  return (Array.isArray(answer) ? answer : answer.rows).map((row) => row.id);
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe('/sitemap.xml', () => {
  it('lists every route and provider item in both languages, valid against the schema', async () => {
    const app = await site('https://www.example.com');
    const res = await app.inject({ url: '/sitemap.xml' });
    await app.close();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(schemaErrors(res.body)).toBe('');
    // The schema check itself bites: a broken language code and date are reported.
    const broken = res.body.replace('hreflang="en"', 'hreflang="en us"').replace(/<lastmod>\d{4}/, '<lastmod>20x6');
    expect(schemaErrors(broken)).toMatch(/hreflang[\s\S]*lastmod|lastmod[\s\S]*hreflang/);

    const urls = new Set(locs(res.body));
    for (const path of staticPaths()) {
      expect(urls).toContain(`https://www.example.com${path}`);
      expect(urls).toContain(`https://www.example.com/en${path}`);
    }
    const lists: [string, string, string][] = [
      [ENDPOINT.productList, '/product/', '&page=1&pageSize=50'],
      [ENDPOINT.newsList, '/news/', '&page=1&pageSize=50'],
      [ENDPOINT.noticeList, '/news/noticedetail/', ''],
      [ENDPOINT.jobs, '/resources/', ''],
    ];
    for (const [endpoint, prefix, query] of lists) {
      for (const [lan, base] of [
        ['zh', ''],
        ['en', '/en'],
      ] as const) {
        const ids = await providerIds(endpoint, lan, query);
        expect(ids.length).toBeGreaterThan(0);
        for (const id of ids) expect(urls).toContain(`https://www.example.com${base}${prefix}${id}`);
      }
    }
    expect(urls).not.toContain('https://www.example.com/login');
    expect(urls.size).toBe(locs(res.body).length);
  });

  it('gives each page its alternates and the provider date as lastmod', async () => {
    const app = await site('https://www.example.com');
    const { body } = await app.inject({ url: '/sitemap.xml' });
    await app.close();
    const about = /<url><loc>https:\/\/www\.example\.com\/en\/about<\/loc>(.*?)<\/url>/.exec(body)?.[1] ?? '';
    expect(about).toContain('<xhtml:link rel="alternate" hreflang="zh-CN" href="https://www.example.com/about"/>');
    expect(about).toContain('<xhtml:link rel="alternate" hreflang="en" href="https://www.example.com/en/about"/>');
    expect(about).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://www.example.com/about"/>');

    const [job] = (await (await fetch(`${provider.url}${ENDPOINT.jobs}?lan=zh`)).json()).data as { id: number; create_time: string }[];
    const jobUrl = new RegExp(`<url><loc>https://www\\.example\\.com/resources/${job!.id}</loc><lastmod>([^<]+)</lastmod>`).exec(body);
    // The provider's time is China Standard Time.
    expect(new Date(jobUrl![1]!).getTime()).toBe(new Date(`${job!.create_time.replace(' ', 'T')}+08:00`).getTime());
  });

  it('uses the request origin when PUBLIC_URL is unset', async () => {
    const app = await site();
    const res = await app.inject({ url: '/sitemap.xml', headers: { host: 'shop.example.org:8080' } });
    await app.close();
    expect(locs(res.body)[0]).toBe('http://shop.example.org:8080/');
  });
});

describe('/sitemap.xml when the provider fails', () => {
  /** In front of the real provider: passes requests through, answers 500, or never answers. */
  let mode: 'pass' | 'fail' | 'hang' = 'pass';
  let front: Server;
  let frontUrl: string;

  beforeAll(async () => {
    front = createServer(async (req, res) => {
      if (mode === 'hang') return;
      if (mode === 'fail') return void res.writeHead(500).end();
      const upstream = await fetch(`${provider.url}${req.url}`);
      res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(await upstream.text());
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    frontUrl = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    front.closeAllConnections();
    await new Promise((resolve) => front.close(resolve));
  });

  /** The provider's answers wait `timeoutMs` at most, the sitemap `deadlineMs`. */
  async function crawlerApp(freshMs: number, { timeoutMs = 300, deadlineMs = 300 } = {}) {
    const app = Fastify();
    registerCrawlerRoutes(app, { api: createProviderApi(frontUrl, frontUrl, timeoutMs), publicUrl: 'https://www.example.com', deadlineMs, freshMs });
    await app.ready();
    return app;
  }

  it('answers 503 within the deadline when it has never had the lists', async () => {
    mode = 'hang';
    const app = await crawlerApp(0);
    const started = Date.now();
    const res = await app.inject({ url: '/sitemap.xml' });
    await app.close();
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('60');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('keeps serving the last good sitemap while the provider fails or hangs', async () => {
    mode = 'pass';
    // Never fresh: every request asks the provider again. A deadline a busy machine's first build of
    // the sitemap cannot miss; a hang still ends at the provider's timeout.
    const app = await crawlerApp(0, { timeoutMs: 1000, deadlineMs: 10_000 });
    const good = await app.inject({ url: '/sitemap.xml' });
    expect(good.statusCode).toBe(200);
    for (const failure of ['fail', 'hang'] as const) {
      mode = failure;
      const res = await app.inject({ url: '/sitemap.xml' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(good.body);
    }
    await app.close();
  });
});

describe('/robots.txt', () => {
  it('names the sitemap with an absolute URL', async () => {
    const app = await site('https://www.example.com');
    const res = await app.inject({ url: '/robots.txt' });
    await app.close();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toMatch(/^User-agent: \*$/m);
    expect(res.body).toMatch(/^Sitemap: https:\/\/www\.example\.com\/sitemap\.xml$/m);
  });
});

describe('/share.png', () => {
  it('serves the 1200×630 default share picture', async () => {
    const app = await site();
    const res = await app.inject({ url: '/share.png' });
    await app.close();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const png = res.rawPayload;
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });
});
