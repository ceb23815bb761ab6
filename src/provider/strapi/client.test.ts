import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDocuments } from './documents';
import { createStrapiClient, StrapiRefused, StrapiUnavailable, type StrapiClientOptions } from './client';

type Mode = 'answer' | 'hang' | 'fail' | 'garbage' | 'refuse';

/** A stand-in for Strapi on a real port: counts the requests that reach it and misbehaves on demand. */
async function fakeStrapi() {
  const state = { mode: 'answer' as Mode, version: 1, requests: 0, padding: '', gone: false, url: '', server: undefined as unknown as Server };
  state.server = createServer((req, res) => {
    state.requests += 1;
    const path = (req.url ?? '').split('?')[0];
    switch (state.mode) {
      case 'hang':
        return; // accepted, never answered
      case 'fail':
        return void res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"status":500}}');
      case 'garbage':
        return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>proxy error</html>');
      case 'refuse':
        return void res.writeHead(403, { 'content-type': 'application/json' }).end('{"error":{"status":403}}');
      case 'answer':
        if (path === '/api/unpublished') return void res.writeHead(404).end('{"data":null}');
        // Every entry taken down: a collection lists none, a single type has nothing published.
        if (state.gone) return void res.writeHead(req.url?.includes('pagination') ? 200 : 404).end('{"data":[]}');
        {
          const entry = { address: req.url, version: state.version, text: state.padding };
          // A collection answers a list, a single type one document.
          const data = req.url?.includes('pagination') ? [entry] : entry;
          return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data }));
        }
    }
  });
  await new Promise<void>((resolve) => state.server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(state.server.address() as AddressInfo).port}`;
  return state;
}

// Long enough that a busy machine's first answer (a new connection, code not yet warm) never looks
// like a hang; each hang below costs it once.
const TIMEOUT_MS = 1000;
const COOL_DOWN_MS = 1500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let strapi: Awaited<ReturnType<typeof fakeStrapi>>;
let warnings: string[];

beforeEach(async () => {
  strapi = await fakeStrapi();
  warnings = [];
});

afterEach(async () => {
  strapi.server.closeAllConnections();
  await new Promise((resolve) => strapi.server.close(resolve));
});

const client = (options: Partial<StrapiClientOptions> = {}) =>
  createStrapiClient({ url: strapi.url, token: 't', timeoutMs: TIMEOUT_MS, coolDownMs: COOL_DOWN_MS, warn: (message) => warnings.push(message), ...options });
const version = async (answer: Promise<{ data: unknown } | null>) => {
  const data = (await answer)?.data as { version: number } | { version: number }[];
  return Array.isArray(data) ? data[0]!.version : data.version;
};

describe('the Strapi client in an outage', () => {
  it('answers from the last good content when Strapi hangs, and pays one timeout for the whole outage', async () => {
    const cms = client();
    expect(await version(cms.get('home-page', { locale: 'en' }, { pin: true }))).toBe(1);
    expect(await cms.get('unpublished', { locale: 'en' }, { missingIsEmpty: true, pin: true })).toBeNull();
    strapi.mode = 'hang';
    // The calls that find Strapi hanging wait for the timeout together.
    const first = await Promise.all([cms.get('home-page', { locale: 'en' }), cms.get('unpublished', { locale: 'en' }, { missingIsEmpty: true })]);
    expect([(first[0]?.data as { version: number }).version, first[1]]).toEqual([1, null]);
    expect(strapi.requests).toBe(4);

    // From then on the circuit is open: calls do not reach Strapi, so none of them waits.
    for (let i = 0; i < 20; i += 1) expect(await version(cms.get('home-page', { locale: 'en' }))).toBe(1);
    await expect(cms.get('news', { locale: 'en', pagination: { page: 2 } })).rejects.toBeInstanceOf(StrapiUnavailable);
    expect(strapi.requests).toBe(4);
    expect(warnings.filter((w) => w.startsWith('Strapi is failing'))).toHaveLength(1);
  });

  it('lets one trial call through after the cool-down, and closes when Strapi answers again', async () => {
    const cms = client();
    await cms.get('home-page', { locale: 'en' });
    strapi.mode = 'hang';
    await cms.get('home-page', { locale: 'en' });
    expect(strapi.requests).toBe(2);

    await sleep(COOL_DOWN_MS);
    const during = await Promise.all(Array.from({ length: 5 }, () => version(cms.get('home-page', { locale: 'en' }))));
    expect(during).toEqual([1, 1, 1, 1, 1]);
    expect(strapi.requests).toBe(3); // the one trial, which timed out: the circuit is open again
    await cms.get('home-page', { locale: 'en' });
    expect(strapi.requests).toBe(3);

    strapi.mode = 'answer';
    strapi.version = 2;
    await sleep(COOL_DOWN_MS);
    expect(await version(cms.get('home-page', { locale: 'en' }))).toBe(2);
    expect(await version(cms.get('news', { locale: 'en' }))).toBe(2);
    expect(strapi.requests).toBe(5);
    expect(warnings).toContain('Strapi answers again');
  });

  it('answers a 500 or garbage from the last good content, asking Strapi each time until most calls fail', async () => {
    const cms = client();
    await cms.get('home-page', { locale: 'en' });
    strapi.version = 2;
    strapi.mode = 'fail';
    expect(await version(cms.get('home-page', { locale: 'en' }))).toBe(1);
    strapi.mode = 'garbage';
    expect(await version(cms.get('home-page', { locale: 'en' }))).toBe(1);
    await expect(cms.get('news', { locale: 'en' })).rejects.toThrow('without data');
    expect(strapi.requests).toBe(4);
    expect(warnings.some((w) => w.includes('Strapi answered 500'))).toBe(true);

    // Quick failures cost no waiting: the circuit opens once they are more than half of ten calls or more.
    for (let i = 0; i < 6; i += 1) await cms.get('home-page', { locale: 'en' });
    expect(strapi.requests).toBe(10);
    strapi.mode = 'answer';
    expect(await version(cms.get('home-page', { locale: 'en' }))).toBe(1);
    expect(strapi.requests).toBe(10);
  });

  it('throws a refusal even with a last good answer, and never opens the circuit for one', async () => {
    const cms = client();
    await cms.get('home-page', { locale: 'en' });
    strapi.mode = 'refuse';
    for (let i = 0; i < 12; i += 1) await expect(cms.get('home-page', { locale: 'en' })).rejects.toBeInstanceOf(StrapiRefused);
    strapi.mode = 'answer';
    strapi.version = 2;
    expect(await version(cms.get('home-page', { locale: 'en' }))).toBe(2);
    expect(strapi.requests).toBe(14);
  });

  it("keeps what every page needs through a crawl of visitors' addresses, and counts what it keeps in bytes", async () => {
    // Each answer is about 3 kB of UTF-8 but 1 k characters: six of them overflow 16 kB only when counted in bytes.
    strapi.padding = '软膏'.repeat(500);
    const cms = client({ kept: { recentBytes: 16 * 1024 } });
    await cms.get('site-setting', { locale: 'zh' }, { missingIsEmpty: true, pin: true });
    for (let page = 1; page <= 6; page += 1) await cms.get('products', { locale: 'zh', pagination: { page } });
    strapi.mode = 'garbage';
    expect(await version(cms.get('site-setting', { locale: 'zh' }, { missingIsEmpty: true, pin: true }))).toBe(1);
    expect(await version(cms.get('products', { locale: 'zh', pagination: { page: 6 } }))).toBe(1);
    await expect(cms.get('products', { locale: 'zh', pagination: { page: 1 } })).rejects.toBeInstanceOf(StrapiUnavailable);
  });

  it('pins the documents queries fix (single types, whole collections, a page asked without a number), not pages and ids visitors ask for', async () => {
    strapi.padding = '软膏'.repeat(500);
    const documents = createDocuments(client({ kept: { recentBytes: 16 * 1024 } }));
    await documents.single('site-setting', 'zh', {});
    await documents.all('banner', 'banners', 'zh');
    await documents.page('page-banner', 'page-banners', 'zh', { filters: { page: { $eq: 'news' } }, pageSize: 1 });
    await documents.bySiteId('news-article', 'news', 'zh', 1);
    for (let page = 1; page <= 6; page += 1) await documents.page('product', 'products', 'zh', { page });
    strapi.mode = 'garbage';
    await expect(documents.single('site-setting', 'zh', {})).resolves.not.toBeNull();
    await expect(documents.all('banner', 'banners', 'zh')).resolves.toHaveLength(1);
    await expect(documents.page('page-banner', 'page-banners', 'zh', { filters: { page: { $eq: 'news' } }, pageSize: 1 })).resolves.toMatchObject({ total: 1 });
    await expect(documents.bySiteId('news-article', 'news', 'zh', 1)).rejects.toBeInstanceOf(StrapiUnavailable);
    await expect(documents.page('product', 'products', 'zh', { page: 1 })).rejects.toBeInstanceOf(StrapiUnavailable);
  });
});

describe('the Strapi client following Strapi when no webhook tells it', () => {
  const list = (cms: ReturnType<typeof client>) => cms.get('news-articles', { locale: 'zh', pagination: { page: 2 } });
  const home = (cms: ReturnType<typeof client>) => cms.get('home-page', { locale: 'zh' }, { missingIsEmpty: true, pin: true });

  it('asks Strapi again for what it keeps, so an entry taken down or edited without the provider told is not served in a later outage', async () => {
    const cms = client();
    expect([await version(list(cms)), await version(home(cms))]).toEqual([1, 1]);
    // An editor takes the list's article down and publishes the home page anew; no takedown reaches this provider.
    strapi.gone = true;
    await cms.recheck(0);
    strapi.mode = 'hang';
    expect([(await list(cms))?.data, await home(cms)]).toEqual([[], null]);

    // An edit over a text, equally: the answer kept is the new one.
    const edited = client();
    strapi.mode = 'answer';
    strapi.gone = false;
    await list(edited);
    strapi.version = 2;
    expect(await edited.recheck(0)).toEqual({ asked: 1, forgotten: 0, stopped: false });
    strapi.mode = 'hang';
    expect(await version(list(edited))).toBe(2);
  });

  it('asks nothing Strapi gave since the age asked, stops at the first failure, and forgets what Strapi now refuses', async () => {
    const cms = client();
    await list(cms);
    await home(cms);
    const asked = strapi.requests;
    expect(await cms.recheck(60_000)).toEqual({ asked: 0, forgotten: 0, stopped: false });
    expect(strapi.requests).toBe(asked);

    strapi.mode = 'fail';
    expect(await cms.recheck(0)).toEqual({ asked: 1, forgotten: 0, stopped: true });
    expect(strapi.requests).toBe(asked + 1);
    const stopping = new AbortController();
    stopping.abort();
    expect(await cms.recheck(0, stopping.signal)).toEqual({ asked: 0, forgotten: 0, stopped: true });

    strapi.mode = 'refuse';
    expect(await cms.recheck(0)).toEqual({ asked: 2, forgotten: 2, stopped: false });
    strapi.mode = 'fail';
    await expect(list(cms)).rejects.toBeInstanceOf(StrapiUnavailable);
  });
});
