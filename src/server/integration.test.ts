/**
 * The real pieces together over real HTTP: the embedded provider and the site server on free
 * ports, every content path of src/contracts/endpoints.ts through the /api proxy in both languages, and the
 * provider's media from the site's own origin.
 */
import { ENDPOINT } from '../contracts/endpoints';
import { startProvider } from '../provider/startProvider';
import { createSiteServer } from './app';
import { CHANGING_PICTURE, IMMUTABLE_PICTURE, versionOf } from '../http/mediaCaching';
import { CORRECTNESS_DEADLINE_MS, startSiteAndProvider } from './server.testing';

/** Each GET path with its query and the fields its data (or its first row) must have. */
const CALLS: [keyof typeof ENDPOINT, string, string[]][] = [
  ['banner', '', ['type', 'img', 'video_img', 'title', 'des']],
  ['homeProduct', '', ['pic', 'over_pic', 'title', 'des']],
  ['homeAbout', '', ['title', 'des']],
  ['homeNews', '', ['top', 'list']],
  ['main', '', ['company', 'logo', 'qrcode', 'copyright', 'icp', 'drug_certificate', 'links']],
  ['classifyList', '', ['id', 'name']],
  ['report', '', ['title', 'content']],
  ['pageBanner', '&type=2', ['name', 'des', 'webimg', 'img']],
  ['aboutUs', '', ['title', 'des']],
  ['develop', '', ['title', 'des']],
  ['business', '', ['pic', 'title', 'des']],
  ['social', '', ['des', 'imgList']],
  ['contactUs', '', ['phone', 'email', 'tel', 'zipcode', 'address', 'pic']],
  ['patientContent', '', ['title', 'des', 'confidentiality']],
  ['productContacts', '', ['name', 'val', 'val_en']],
  ['productList', '&classify_id=1&page=1&pageSize=6', ['rows', 'total']],
  ['productDetail', '&id=1', ['name', 'pics', 'des', 'product', 'character', 'sku', 'num', 'indication', 'taboo', 'business', 'classify_name']],
  ['sceneOverview', '', ['title', 'des', 'pic']],
  ['sceneTeam', '', ['title', 'des', 'pic']],
  ['sceneCooperation', '', ['title', 'des', 'pic']],
  ['sceneResearch', '', ['title', 'des', 'pic', 'over_pic']],
  ['newsList', '&page=1&pageSize=5', ['rows', 'total']],
  ['newsDetail', '&id=1', ['title', 'des', 'content']],
  ['noticeList', '', ['id', 'title']],
  ['notices', '', ['title', 'content']],
  ['publicationTop', '', ['title', 'pic', 'url']],
  ['publicationList', '', ['title', 'pic', 'url']],
  ['memberCulture', '&type=member_culture', ['list', 'val']],
  ['memberList', '&page=1&pageSize=10', ['rows', 'total']],
  ['hrPolicies', '', ['title', 'des']],
  ['jobs', '', ['id', 'title', 'type', 'num', 'area']],
  ['jobDetail', '&id=1', ['title', 'content', 'status', 'num', 'area', 'create_time']],
  ['checkLanguage', '', []],
];

let stack: Awaited<ReturnType<typeof startSiteAndProvider>>;
let site: Awaited<ReturnType<typeof createSiteServer>>;

async function startSiteFor(providerUrl: string, mediaUrl: string) {
  // A render waits a quarter of its deadline for each picture's version: production's 500 ms can
  // pass on a busy machine, and these tests check the versioned URLs, not the machine's speed.
  const app = await createSiteServer({ distDir: stack.dist, providerUrl, mediaUrl, variant: 'standard', renderDeadlineMs: CORRECTNESS_DEADLINE_MS });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

const url = (app: typeof site, path: string) => {
  const address = app.server.address() as { port: number };
  return `http://127.0.0.1:${address.port}${path}`;
};

beforeAll(async () => {
  stack = await startSiteAndProvider({ mediaFromProvider: true });
  site = stack.site;
}, 20_000);

// Closing waits for the proxy's keep-alive connections to the provider: more than Jest's 5 s default on a busy machine.
afterAll(() => stack.close(), 20_000);

describe('every provider path through the site proxy', () => {
  for (const lan of ['zh', 'en'] as const) {
    it.each(CALLS)(`%s in ${lan}`, async (name, query, fields) => {
      const res = await fetch(url(site, `/api${ENDPOINT[name]}?lan=${lan}${query}`));
      expect(res.status).toBe(200);
      const body = (await res.json()) as { code: number; msg: string; data: unknown };
      expect(body.code).toBe(0);
      const first = Array.isArray(body.data) ? body.data[0] : body.data;
      if (fields.length > 0) expect(Object.keys(first as object)).toEqual(expect.arrayContaining(fields));
    });
  }

  it('answers in the language asked for', async () => {
    const zh = (await (await fetch(url(site, '/api/index/index/banner?lan=zh'))).json()) as { data: { title: string }[] };
    const en = (await (await fetch(url(site, '/api/index/index/banner?lan=en'))).json()) as { data: { title: string }[] };
    expect(zh.data[0]?.title).toMatch(/[\u4e00-\u9fff]/);
    expect(en.data[0]?.title).toMatch(/^[\x20-\x7e]+$/);
  });

  it('refuses another language with code 1', async () => {
    const body = (await (await fetch(url(site, '/api/index/base/checkLanguage?lan=fr'))).json()) as { code: number };
    expect(body.code).toBe(1);
  });

  it('keeps a submission made through the proxy across a provider restart, and answers 502 while it is down', async () => {
    const res = await fetch(url(site, '/api/index/recruit/submitData?lan=zh'), {
      method: 'POST',
      body: new URLSearchParams({ name: 'Restart', phone: '13800000000', email: 'r@example.com', id: '1', consent: '2026-01' }),
    });
    expect(((await res.json()) as { code: number }).code).toBe(0);
    const port = Number(new URL(stack.provider.url).port);
    await stack.provider.close();

    const down = await fetch(url(site, '/api/index/index/banner?lan=zh'));
    expect(down.status).toBe(502);
    expect(((await down.json()) as { code: number }).code).toBe(1);

    stack.provider = await startProvider({ port, dataDir: stack.dataDir });
    const db = (await import('../provider/sqliteDriver')).default(`${stack.dataDir}/provider.sqlite`, { readonly: true });
    expect(db.prepare("SELECT email FROM applications WHERE name = 'Restart'").all()).toEqual([{ email: 'r@example.com' }]);
    db.close();
    const back = await fetch(url(site, '/api/index/index/banner?lan=zh'));
    expect(back.status).toBe(200);
  });
});

describe('media from the site itself (no media host set)', () => {
  let sameOrigin: typeof site;
  beforeAll(async () => {
    sameOrigin = await startSiteFor(stack.provider.url, '');
  });
  afterAll(() => sameOrigin.close(), 20_000);

  it('serves what the provider keeps under /uploads/, byte for byte, with its type and validators', async () => {
    const [own, original] = await Promise.all([fetch(url(sameOrigin, '/uploads/brand/logo.webp')), fetch(`${stack.provider.url}/uploads/brand/logo.webp`)]);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/webp');
    // Kept seconds under its plain URL ("Replace media" keeps the name), a year under its version's (pictures.test.ts).
    expect(own.headers.get('cache-control')).toBe(CHANGING_PICTURE);
    expect(own.headers.get('etag')).toBe(original.headers.get('etag'));
    expect(Buffer.from(await own.arrayBuffer()).equals(Buffer.from(await original.arrayBuffer()))).toBe(true);
  });

  it('passes ranges through, so the video can seek', async () => {
    const res = await fetch(url(sameOrigin, '/uploads/video/intro.mp4'), { headers: { range: 'bytes=0-99' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toMatch(/^bytes 0-99\/\d+$/);
    expect((await res.arrayBuffer()).byteLength).toBe(100);
  });

  it('answers 404 for media the provider does not have', async () => {
    expect((await fetch(url(sameOrigin, '/uploads/brand/missing.webp'))).status).toBe(404);
  });

  it('renders pages whose pictures point at the site, and a CSP without the provider', async () => {
    const res = await fetch(url(sameOrigin, '/product'));
    const html = await res.text();
    expect(html).toMatch(/<img class="page-banner__image" src="\/uploads\/banner\/[\w-]+\.webp\?v=[\w-]{12}"/);
    expect(html).not.toContain(stack.provider.url);
    expect(html).not.toContain('rel="preconnect"');
    expect(res.headers.get('content-security-policy')).toContain("img-src 'self' data:");
  });
});

describe('media from a media host (MEDIA_URL)', () => {
  it("names the site's pictures on that host, with their versions and copies, and serves /uploads/ too for a host that pulls from the site", async () => {
    const html = await (await fetch(url(site, '/product'))).text();
    const media = stack.provider.url.replace(/[.]/g, '\\.');
    const srcset = new RegExp(`srcSet="[^"]*${media}(/uploads/banner/[\\w-]+\\.webp)\\?v=([\\w-]{12})&amp;w=1920 1920w`, 'i').exec(html);
    expect(srcset).not.toBeNull();
    const [, path, version] = srcset as unknown as [string, string, string];
    // What a CDN pulling from the site asks it for: the path and query the page names.
    const copy = await fetch(url(site, `${path}?v=${version}&w=1920`), { headers: { accept: 'image/webp' } });
    expect({ status: copy.status, type: copy.headers.get('content-type'), cache: copy.headers.get('cache-control') }).toEqual({
      status: 200,
      type: 'image/webp',
      cache: IMMUTABLE_PICTURE,
    });
  });

  it('is kept a year by the provider too under the URL naming its version, and seconds under any other', async () => {
    const plain = await fetch(`${stack.provider.url}/uploads/brand/logo.webp`);
    expect({ status: plain.status, cache: plain.headers.get('cache-control'), etag: Boolean(plain.headers.get('etag')) }).toEqual({
      status: 200,
      cache: CHANGING_PICTURE,
      etag: true,
    });
    const version = versionOf(plain.headers);
    expect((await fetch(`${stack.provider.url}/uploads/brand/logo.webp?v=${version}`)).headers.get('cache-control')).toBe(IMMUTABLE_PICTURE);
    expect((await fetch(`${stack.provider.url}/uploads/brand/logo.webp?v=notthisone00`)).headers.get('cache-control')).toBe(CHANGING_PICTURE);
  });
});
