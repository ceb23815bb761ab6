import { ENDPOINT, POST_ENDPOINTS, type EndpointName } from '../contracts/endpoints';
import { LOCALES } from '../contracts/locale';
import { providerWithFreshDatabase } from './provider.testing';

type Provider = Awaited<ReturnType<typeof providerWithFreshDatabase>>;
let provider: Provider;
beforeAll(async () => {
  provider = await providerWithFreshDatabase();
});
afterAll(() => provider.close());

const get = async (path: string) => {
  const res = await provider.app.inject({ method: 'GET', url: path });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: any } };
};

/** Extra query each content call needs to find something. */
const QUERY: Partial<Record<EndpointName, string>> = {
  pageBanner: '&type=2',
  productDetail: '&id=3',
  newsDetail: '&id=2',
  jobDetail: '&id=1',
  memberList: '&page=1&pageSize=10',
};

const contentCalls = (Object.keys(ENDPOINT) as EndpointName[]).filter((name) => !POST_ENDPOINTS.includes(name));

describe('content calls', () => {
  it.each(LOCALES)('answers every GET path with code 0 in %s', async (lan) => {
    for (const name of contentCalls) {
      const { status, body } = await get(`${ENDPOINT[name]}?lan=${lan}${QUERY[name] ?? ''}`);
      expect({ name, status, code: body.code }).toEqual({ name, status: 200, code: 0 });
      expect(body.data).not.toBeNull();
    }
  });

  it('answers each language in its own words', async () => {
    const zh = await get(`${ENDPOINT.productDetail}?lan=zh&id=3`);
    const en = await get(`${ENDPOINT.productDetail}?lan=en&id=3`);
    expect(zh.body.data.name).toMatch(/[\u4e00-\u9fff]/);
    expect(en.body.data.name).toMatch(/^[A-Za-z]/);
    expect(en.body.data).toEqual(
      expect.objectContaining({ id: 3, classify_name: expect.any(String), indication: expect.any(String), pics: expect.stringContaining(',') }),
    );
  });

  it('rejects a missing or unknown language with code 1', async () => {
    for (const query of ['', '?lan=fr', '?lan=EN']) {
      const { body } = await get(`${ENDPOINT.banner}${query}`);
      expect(body.code).toBe(1);
      expect(body.msg).toBeTruthy();
    }
  });

  it('pages, filters and counts products', async () => {
    const all = await get(`${ENDPOINT.productList}?lan=en&page=1&pageSize=6`);
    expect(all.body.data.rows).toHaveLength(6);
    expect(all.body.data.total).toBeGreaterThanOrEqual(30);
    const creams = await get(`${ENDPOINT.productList}?lan=en&classify_id=2&page=2&pageSize=6`);
    expect(creams.body.data.total).toBe(9);
    expect(creams.body.data.rows).toHaveLength(3);
    const hit = await get(`${ENDPOINT.productList}?lan=en&keyword=iodine`);
    expect(hit.body.data.rows.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(['Yuechuan Iodine Tincture']));
    const miss = await get(`${ENDPOINT.productList}?lan=en&keyword=${encodeURIComponent('%_nothing')}`);
    expect(miss.body.data).toEqual({ rows: [], total: 0 });
  });

  it('pages news and staff with totals', async () => {
    const page3 = await get(`${ENDPOINT.newsList}?lan=zh&page=3&pageSize=5`);
    expect(page3.body.data.total).toBe(12);
    expect(page3.body.data.rows).toHaveLength(2);
    const staff = await get(`${ENDPOINT.memberList}?lan=zh&page=2&pageSize=10`);
    expect(staff.body.data.rows).toHaveLength(6);
    expect(staff.body.data.total).toBe(16);
  });

  it('answers a detail that does not exist with a readable code 1', async () => {
    for (const path of [`${ENDPOINT.productDetail}?lan=en&id=999`, `${ENDPOINT.newsDetail}?lan=en&id=abc`, `${ENDPOINT.pageBanner}?lan=en&type=9`]) {
      const { body } = await get(path);
      expect(body).toEqual({ code: 1, msg: 'This content does not exist', data: null });
    }
  });

  it('answers a section the content lacks with its empty value, so its page renders without it', async () => {
    const keys = ['homeAbout', 'develop', 'pageBanner:4', 'publicationTop', 'privacyNotice'];
    const rows = provider.db.prepare(`SELECT key, locale, json FROM content WHERE key IN (${keys.map(() => '?').join(', ')})`).all(...keys) as {
      key: string;
      locale: string;
      json: string;
    }[];
    expect(rows).toHaveLength(keys.length * LOCALES.length);
    provider.db.prepare(`DELETE FROM content WHERE key IN (${keys.map(() => '?').join(', ')})`).run(...keys);
    try {
      for (const lan of LOCALES) {
        const calls = [`${ENDPOINT.homeAbout}?`, `${ENDPOINT.develop}?`, `${ENDPOINT.pageBanner}?type=4&`, `${ENDPOINT.publicationTop}?`];
        const answers = await Promise.all(calls.map((call) => get(`${call}lan=${lan}`)));
        expect(answers).toEqual([
          { status: 200, body: { code: 0, msg: expect.any(String), data: null } },
          { status: 200, body: { code: 0, msg: expect.any(String), data: [] } },
          { status: 200, body: { code: 0, msg: expect.any(String), data: { name: '', des: '', webimg: '', img: '' } } },
          { status: 200, body: { code: 0, msg: expect.any(String), data: null } },
        ]);
        // The privacy notice is no section: a consent must name a version.
        expect((await get(`${ENDPOINT.privacyNotice}?lan=${lan}`)).status).toBe(404);
      }
    } finally {
      const restore = provider.db.prepare('INSERT INTO content (key, locale, json) VALUES (?, ?, ?)');
      for (const row of rows) restore.run(row.key, row.locale, row.json);
    }
  });

  it('keeps the product contacts quirk: domestic in val, overseas in val_en', async () => {
    const { body } = await get(`${ENDPOINT.productContacts}?lan=en`);
    expect(body.data).toEqual([
      { name: 'phone', val: '400-000-2001', val_en: '+86 0000 8800 2003' },
      { name: 'email', val: 'sales@yuechuan.example.com', val_en: 'export@yuechuan.example.com' },
    ]);
  });

  it('checks languages: en and zh pass, others fail', async () => {
    expect((await get(`${ENDPOINT.checkLanguage}?lan=en`)).body.code).toBe(0);
    expect((await get(`${ENDPOINT.checkLanguage}?lan=de`)).body.code).toBe(1);
  });

  it('answers an unknown path with a 404 envelope and a wrong method with 405', async () => {
    expect(await get('/index/nothing/here?lan=en')).toEqual({ status: 404, body: { code: 1, msg: 'Unknown API path', data: null } });
    const res = await provider.app.inject({ method: 'DELETE', url: `${ENDPOINT.banner}?lan=en` });
    expect(res.statusCode).toBe(405);
    expect(res.json().code).toBe(1);
  });

  it('serves media with cross-origin resource policy and the video with ranges', async () => {
    const logo = await provider.app.inject({ method: 'GET', url: '/uploads/brand/logo.webp' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/webp');
    expect(logo.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const video = await provider.app.inject({ method: 'GET', url: '/uploads/video/intro.mp4', headers: { range: 'bytes=0-99' } });
    expect(video.statusCode).toBe(206);
    expect(video.headers['content-type']).toBe('video/mp4');
  });
});

describe('compliance content', () => {
  it.each([
    ['zh', '个人信息保护政策', /敏感个人信息/],
    ['en', 'Privacy Notice', /sensitive personal information/],
  ])('serves the privacy notice in %s with its version and date', async (lan, title, text) => {
    const { body } = await get(`${ENDPOINT.privacyNotice}?lan=${lan}`);
    expect(body.data).toMatchObject({ title, version: '2026-01', update_time: '2026-01-15 09:00:00' });
    expect(body.data.content).toMatch(text);
  });

  it("gives the filing numbers bare, the same in both languages, labels being the UI's", async () => {
    const zh = (await get(`${ENDPOINT.main}?lan=zh`)).body.data;
    const en = (await get(`${ENDPOINT.main}?lan=en`)).body.data;
    for (const field of ['icp', 'drug_certificate', 'police_filing']) expect(en[field]).toBe(zh[field]);
    expect(zh).toMatchObject({ icp: '青ICP备00000000号-1', drug_certificate: '（青）-非经营性-2001-0000', police_filing: '青公网安备63010002000001号' });
  });
});
