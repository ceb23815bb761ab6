/**
 * Node's environment (a real HTTP server; jsdom would send axios through XHR and CORS), with the
 * hook through which mutation testing learns which test ran which code (inert in plain jest runs).
 * @jest-environment @stryker-mutator/jest-runner/jest-env/node
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TIMING } from '../contracts/constants';
import { ENDPOINT } from '../contracts/endpoints';
import { createApi } from './api';
import { createApiClient, decodeEnvelope, toApiError } from './client';
import { PAYLOADS } from '../contracts/payloads';
import { mediaUrl, normalise } from '../contracts/schema/payload';

/** A real HTTP provider stand-in: each test sets how it answers. */
let answer: (req: IncomingMessage, body: string, res: ServerResponse) => void;
let server: Server;
let base: string;
const seen: { url: string; method: string; headers: IncomingMessage['headers']; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', method: req.method ?? '', headers: req.headers, body });
      answer(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => (seen.length = 0));

const json =
  (value: unknown, status = 200) =>
  (_req: IncomingMessage, _body: string, res: ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(value));
  };

const MEDIA = 'https://media.example.com';
// Production's wait: a slow answer on a busy machine is still an answer (the timeout test sets its own).
const api = (token: string | null = null, timeoutMs: number = TIMING.requestTimeoutMs) =>
  createApi(createApiClient({ baseURL: base, getToken: () => token, timeoutMs }), MEDIA);

describe('the api adapter', () => {
  it('sends lan and the token header, and normalises media paths', async () => {
    answer = json({ code: 0, msg: 'ok', data: [{ type: '图片', img: '/uploads/a.jpg', video_img: '', title: 'T', des: 'D' }] });
    const slides = await api('tok-1').banner('en');
    expect(seen[0]?.url).toBe('/index/index/banner?lan=en');
    expect(seen[0]?.headers.token).toBe('tok-1');
    expect(slides).toEqual([{ type: '图片', img: `${MEDIA}/uploads/a.jpg`, video_img: '', title: 'T', des: 'D', img_alt: '', video_img_alt: '' }]);
  });

  it('sends no token header without a token cookie', async () => {
    answer = json({ code: 0, msg: 'ok', data: {} });
    await api().homeAbout('zh');
    await api('').homeAbout('zh'); // a token cookie left empty
    expect(seen).toHaveLength(2);
    for (const request of seen) expect(request.headers.token).toBeUndefined();
  });

  it('splits pics on commas and pages product lists with classify_id and keyword', async () => {
    answer = json({ code: 0, msg: '', data: { rows: [{ id: '3', name: 'N', pics: '/p/1.png,/p/2.png' }], total: '7' } });
    const list = await api().productList('zh', { classifyId: 2, page: 3, pageSize: 6, keyword: '膏' });
    expect(new URL(seen[0]?.url ?? '', base).searchParams.toString()).toBe('lan=zh&classify_id=2&page=3&pageSize=6&keyword=%E8%86%8F');
    expect(list).toEqual({ rows: [{ id: 3, name: 'N', pics: [`${MEDIA}/p/1.png`, `${MEDIA}/p/2.png`], pics_alt: [] }], total: 7 });
  });

  it('reads product contacts: overseas from val_en, domestic from val', async () => {
    answer = json({
      code: 0,
      msg: '',
      data: [
        { name: 'phone', val: '400-1', val_en: '+86-1' },
        { name: 'email', val: 'cn@x.com', val_en: 'intl@x.com' },
      ],
    });
    expect(await api().productContacts('en')).toEqual({ domestic: { phone: '400-1', email: 'cn@x.com' }, abroad: { phone: '+86-1', email: 'intl@x.com' } });
  });

  it('reads a contact row the provider left out as empty', async () => {
    answer = json({ code: 0, msg: '', data: [{ name: 'phone', val: '400-1', val_en: '+86-1' }] });
    expect(await api().productContacts('zh')).toEqual({ domestic: { phone: '400-1', email: '' }, abroad: { phone: '+86-1', email: '' } });
    answer = json({ code: 0, msg: '', data: [{ name: 'email', val: 'cn@x.com', val_en: 'intl@x.com' }] });
    expect(await api().productContacts('zh')).toEqual({ domestic: { phone: '', email: 'cn@x.com' }, abroad: { phone: '', email: 'intl@x.com' } });
  });

  it('posts forms url-encoded and returns the msg', async () => {
    answer = json({ code: 0, msg: '提交成功', data: null });
    const msg = await api().submitApplication('zh', { name: '李 雷', phone: '1', email: 'a@b.com', id: '4' });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/index/recruit/submitData?lan=zh', body: 'name=%E6%9D%8E+%E9%9B%B7&phone=1&email=a%40b.com&id=4' });
    expect(seen[0]?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(msg).toBe('提交成功');
  });

  it('turns envelope codes into typed errors', async () => {
    answer = json({ code: 403, msg: '登录过期', data: null });
    await expect(api().report('zh')).rejects.toEqual({ kind: 'envelope', code: 403, msg: '登录过期' });
    answer = json({ code: 'weird', msg: 5 });
    await expect(api().report('zh')).rejects.toEqual({ kind: 'envelope', code: 1, msg: '' });
  });

  it('reads the envelope of the site proxy when the provider is down (502)', async () => {
    answer = json({ code: 1, msg: '内容服务暂时不可用' }, 502);
    await expect(api().report('zh')).rejects.toEqual({ kind: 'envelope', code: 1, msg: '内容服务暂时不可用' });
  });

  it('reads a too-long submission (413) as the envelope, so the form shows its message', async () => {
    answer = json({ code: 1, msg: '提交内容过长，请缩短后再试' }, 413);
    const form = {
      category: 'other',
      medication: 'x',
      reason: '',
      name: '',
      phone: '13800000000',
      email: '',
      description: '',
      consent: 'v1',
      health_consent: 'v1',
    };
    await expect(api().submitPatient('zh', form)).rejects.toEqual({ kind: 'envelope', code: 1, msg: '提交内容过长，请缩短后再试' });
  });

  it('tells a network failure, a timeout and garbage apart from envelope errors', async () => {
    answer = () => {};
    await expect(api(null, 100).report('zh')).rejects.toEqual({ kind: 'network', code: null, msg: 'timeout' });
    answer = (_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>oops</html>');
    };
    await expect(api().report('zh')).rejects.toEqual({ kind: 'network', code: null, msg: 'malformed answer' });
    answer = json({ code: 1, msg: 'x' }, 500);
    await expect(api().report('zh')).rejects.toEqual({ kind: 'envelope', code: 1, msg: 'x' });
    answer = (_req, _body, res) => {
      res.writeHead(500);
      res.end('down');
    };
    await expect(api().report('zh')).rejects.toEqual({ kind: 'network', code: null, msg: 'Request failed with status code 500' });
    answer = json(null, 500);
    await expect(api().report('zh')).rejects.toEqual({ kind: 'network', code: null, msg: 'Request failed with status code 500' });
  });

  it('says a dropped connection in its own words, not as a timeout', async () => {
    answer = (_req, _body, res) => res.destroy();
    const error = await api()
      .report('zh')
      .catch((rejected: unknown) => rejected);
    expect(error).toEqual({ kind: 'network', code: null, msg: expect.any(String) });
    expect((error as { msg: string }).msg).not.toMatch(/^(timeout|network error|)$/);
  });

  it('marks an envelope answered with 404 as "no such id", and only that one', async () => {
    answer = json({ code: 1, msg: '内容不存在' }, 404);
    await expect(api().newsDetail('zh', '99999')).rejects.toEqual({ kind: 'envelope', code: 1, msg: '内容不存在', notFound: true });
    answer = json({ code: 1, msg: '内容服务暂时不可用' }, 503);
    await expect(api().newsDetail('zh', '1')).rejects.toEqual({ kind: 'envelope', code: 1, msg: '内容服务暂时不可用' });
  });

  it('checks a language and logs out through the provider', async () => {
    answer = json({ code: 0, msg: '退出登录', data: null });
    await api().checkLanguage('en');
    expect(await api().logout()).toBe('退出登录');
    expect(seen.map((s) => s.url)).toEqual(['/index/base/checkLanguage?lan=en', '/login/loginOut']);
  });
});

describe('every provider path', () => {
  const LOCALE_ONLY = [
    'main',
    'classifyList',
    'banner',
    'homeProduct',
    'homeAbout',
    'homeNews',
    'report',
    'aboutUs',
    'develop',
    'business',
    'social',
    'contactUs',
    'patientContent',
    'sceneOverview',
    'sceneTeam',
    'sceneCooperation',
    'sceneResearch',
    'noticeList',
    'publicationTop',
    'publicationList',
    'hrPolicies',
    'jobs',
    'privacyNotice',
  ] as const;

  it.each(LOCALE_ONLY)('%s asks its path with lan and answers in its shape', async (name) => {
    answer = json({ code: 0, msg: '', data: null });
    const data = await api()[name]('en');
    expect(seen[0]?.url).toBe(`${ENDPOINT[name]}?lan=en`);
    expect(data).toEqual(normalise(PAYLOADS[name], null, MEDIA));
  });

  it('the calls with parameters send them', async () => {
    answer = json({ code: 0, msg: '', data: null });
    const client = api();
    await client.pageBanner('zh', 4);
    await client.productDetail('zh', '9');
    await client.newsList('zh', { page: 2, pageSize: 5 });
    await client.newsDetail('zh', '3');
    await client.notices('zh');
    await client.notices('zh', '2');
    await client.memberCulture('zh');
    await client.memberList('zh', { page: 1, pageSize: 10 });
    await client.jobDetail('zh', '5');
    await client.submitPatient('zh', { category: 'other', medication: 'm', reason: '', name: '', phone: '1', email: '', description: '' });
    expect(seen.map((s) => s.url)).toEqual([
      '/index/picture/pageBanner?lan=zh&type=4',
      '/index/product/details?lan=zh&id=9',
      '/index/news/lists?lan=zh&page=2&pageSize=5',
      '/index/news/details?lan=zh&id=3',
      '/index/notice/lists?lan=zh',
      '/index/notice/lists?lan=zh&id=2',
      '/index/member/memberCulture?lan=zh&type=member_culture',
      '/index/member/memberList?lan=zh&page=1&pageSize=10',
      '/index/join/applyBusiness?lan=zh&id=5',
      '/index/patient/submitData?lan=zh',
    ]);
    expect(seen.at(-1)?.body).toBe('category=other&medication=m&reason=&name=&phone=1&email=&description=');
  });

  it('reads the case reference of a patient message, and none from a provider that gives none', async () => {
    answer = json({ code: 0, msg: '提交成功！', data: { reference: 'PS-2026-000007' } });
    const form = { category: 'other', medication: 'm', reason: '', name: '', phone: '1', email: '', description: '', consent: 'v1', health_consent: 'v1' };
    expect(await api().submitPatient('zh', form)).toEqual({ msg: '提交成功！', reference: 'PS-2026-000007' });
    expect(seen.at(-1)?.body).toContain('consent=v1&health_consent=v1');
    answer = json({ code: 0, msg: 'ok', data: null });
    expect(await api().submitPatient('zh', form)).toEqual({ msg: 'ok', reference: '' });
  });
});

describe('loading axios', () => {
  afterEach(() => jest.dontMock('axios'));

  it('waits for the first request, rejects with the chunk error when axios would not download, and loads it again on the next request', async () => {
    let loads = 0;
    jest.doMock('axios', () => {
      loads += 1;
      if (loads === 1) throw Object.assign(new Error('Loading chunk axios failed.'), { name: 'ChunkLoadError' });
      return jest.requireActual('axios');
    });
    let client!: typeof import('./client');
    jest.isolateModules(() => {
      client = jest.requireActual('./client');
    });
    const http = client.createApiClient({ baseURL: base, getToken: () => null, timeoutMs: TIMING.requestTimeoutMs });
    expect(loads).toBe(0);

    answer = json({ code: 0, msg: '', data: { ok: 1 } });
    await expect(http.get('/a', {})).rejects.toMatchObject({ name: 'ChunkLoadError', message: 'Loading chunk axios failed.' });
    expect(seen).toEqual([]);
    await expect(http.get('/a', {})).resolves.toEqual({ ok: 1 });
    await expect(http.get('/b', {})).resolves.toEqual({ ok: 1 });
    expect(loads).toBe(2);
    expect(seen.map((request) => request.url)).toEqual(['/a', '/b']);
  });
});

describe("the client's defaults", () => {
  afterEach(() => jest.dontMock('axios'));

  it("asks the site's /api unless told otherwise, and calls a failure axios gives no words for a network error", async () => {
    const created: unknown[] = [];
    // Node's refused connection reaches axios as an AggregateError: an axios error with an empty message.
    const wordless = { isAxiosError: true, code: 'ECONNREFUSED', message: '' };
    jest.resetModules(); // axios is required when the first request goes, from the registry of the test before
    jest.doMock('axios', () => ({
      __esModule: true,
      default: {
        create: (config: unknown) => {
          created.push(config);
          return { interceptors: { request: { use: () => 0 } }, get: () => Promise.reject(wordless) };
        },
      },
    }));
    let client!: typeof import('./client');
    jest.isolateModules(() => {
      client = jest.requireActual('./client');
    });
    const http = client.createApiClient({ getToken: () => null });
    await expect(http.get('/index/index/main', {})).rejects.toEqual({ kind: 'network', code: null, msg: 'network error' });
    expect(created).toEqual([expect.objectContaining({ baseURL: '/api' })]);
  });
});

describe('decoding helpers', () => {
  const thrownBy = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return error;
    }
    throw new Error('did not throw');
  };

  it('decodeEnvelope accepts code 0 as number or string, and calls anything without a code malformed', () => {
    expect(decodeEnvelope({ code: '0', msg: 'm', data: 1 })).toEqual({ data: 1, msg: 'm' });
    for (const body of ['nope', null, {}]) expect(thrownBy(() => decodeEnvelope(body))).toEqual({ kind: 'network', code: null, msg: 'malformed answer' });
  });

  it('toApiError keeps ApiErrors and wraps anything else', () => {
    expect(toApiError({ kind: 'envelope', code: 1, msg: 'a' })).toEqual({ kind: 'envelope', code: 1, msg: 'a' });
    expect(toApiError(new Error('bad'))).toEqual({ kind: 'network', code: null, msg: 'bad' });
    for (const other of [42, null, undefined, { msg: 'half an ApiError' }]) {
      expect(toApiError(other)).toEqual({ kind: 'network', code: null, msg: 'network error' });
    }
  });

  it('toApiError reads an HTTP answer and a timeout only from axios errors', () => {
    const answered = { code: 'ETIMEDOUT', message: 'm', response: { status: 404, data: { code: 1, msg: 'gone' } } };
    expect(toApiError(answered)).toEqual({ kind: 'network', code: null, msg: 'network error' });
    expect(toApiError({ ...answered, isAxiosError: true })).toEqual({ kind: 'envelope', code: 1, msg: 'gone', notFound: true });
    expect(toApiError({ ...answered, isAxiosError: true, response: undefined })).toEqual({ kind: 'network', code: null, msg: 'timeout' });
    expect(toApiError({ ...answered, isAxiosError: true, response: undefined, code: 'ECONNABORTED' })).toEqual({ kind: 'network', code: null, msg: 'm' });
  });

  it('mediaUrl keeps absolute http(s), prefixes paths, drops anything else', () => {
    expect(mediaUrl(`${MEDIA}/`, '/a.png')).toBe(`${MEDIA}/a.png`);
    expect(mediaUrl(MEDIA, 'https://cdn.example.com/b.png')).toBe('https://cdn.example.com/b.png');
    for (const bad of ['javascript:alert(1)', '//evil.example.com/x', 'data:text/html,x', '', null, 3]) expect(mediaUrl(MEDIA, bad)).toBe('');
  });

  it('normalise survives nulls, wrong types and missing fields', () => {
    expect(normalise(PAYLOADS.homeNews, { top: 'x', list: null }, MEDIA)).toEqual({ top: null, list: [] });
    expect(normalise(PAYLOADS.homeNews, { top: { id: '2', title: null, pic: '/n.png' } }, MEDIA)).toEqual({
      top: { id: 2, pic: `${MEDIA}/n.png`, title: '', des: '', create_time: '', pic_alt: '' },
      list: [],
    });
    expect(normalise(PAYLOADS.productDetail, null, MEDIA)).toMatchObject({ pics: [], reminder: '', classify_id: 0 });
    expect(normalise(PAYLOADS.productList, { rows: [{ pics: ['/a.png', 7] }], total: 'NaN' }, MEDIA)).toEqual({
      rows: [{ id: 0, name: '', pics: [`${MEDIA}/a.png`], pics_alt: [] }],
      total: 0,
    });
  });

  it('normalise keeps a closed set of values closed, and drops fields nobody declared', () => {
    const [slide] = normalise(PAYLOADS.banner, [{ type: '<script>', img: '/v.mp4', extra: 'x' }], MEDIA);
    expect(slide).toEqual({ type: '图片', img: `${MEDIA}/v.mp4`, video_img: '', title: '', des: '', img_alt: '', video_img_alt: '' });
    expect(normalise(PAYLOADS.banner, [{ type: '视频' }], MEDIA)[0]?.type).toBe('视频');
  });
});
