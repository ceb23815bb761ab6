/**
 * The CMS's previews through the real site server, in front of a provider whose drafts differ
 * from what is published by one news title for the admin who may read that draft (EDITOR), and
 * not for another (AUTHOR): a signed address shows the draft its admin may read, marked,
 * uncached and framed by the CMS alone; the public page never shows it; an address that was
 * changed (its admin too), signed with another secret or past its time is refused with a page
 * that says so.
 */
import { rmSync } from 'node:fs';
import Fastify from 'fastify';
import type { Locale } from '../../contracts/locale';
import { loadContentPack } from '../../provider/content/loadPack';
import type { ContentSource } from '../../provider/content/contentSource';
import { registerContentRoutes } from '../../provider/content/contentRoutes';
import { openDatabase, type ProviderDatabase } from '../../provider/sqliteDatabase';
import { createRepository } from '../../provider/content/repository';
import { PREVIEW_API_PREFIX, previewAccessKey, previewApiPrefix } from '../../http/previewAccess';
import { registerDraftRoutes } from '../../provider/strapi/preview';
import { tempDataDir } from '../../provider/provider.testing';
import { ENDPOINT } from '../../contracts/endpoints';
import { createSiteServer } from '../app';
import { readConfig } from '../config';
import { readPreviewQuery, signPreview, type PreviewStatus } from './previewSignature';
import { CORRECTNESS_DEADLINE_MS, fakeDist } from '../server.testing';

const SECRET = 'preview-secret-for-tests';
const CMS = 'https://cms.example.com';
const pack = loadContentPack();
const article = pack.news[0]!;
/** The draft's title, as an editor has just saved it; changed by the tests. */
const draftTitle: Record<Locale, string> = { zh: '草稿标题一', en: 'Draft title one' };
/** The CMS admins: the draft is the editor's to read, not the author's. */
const EDITOR = 3;
const AUTHOR = 4;
/** The admins the provider was asked for drafts on behalf of. */
const askedFor: number[] = [];

const data = tempDataDir();
let db: ProviderDatabase;
const dist = fakeDist();
const provider = Fastify();
let site: Awaited<ReturnType<typeof createSiteServer>>;
let providerUrl: string;

beforeAll(async () => {
  db = await openDatabase(data.dir, pack);
  const published = createRepository(db);
  const drafts: ContentSource = {
    ...published,
    newsDetail: async (id, locale) => {
      const detail = await published.newsDetail(id, locale);
      return detail && id === article.id ? { ...detail, title: draftTitle[locale] } : detail;
    },
  };
  registerContentRoutes(provider, published);
  await registerDraftRoutes(
    provider,
    (admin) => {
      askedFor.push(admin);
      return admin === EDITOR ? drafts : published;
    },
    SECRET,
  );
  providerUrl = await provider.listen({ port: 0, host: '127.0.0.1' });
  site = await createSiteServer({
    distDir: dist,
    providerUrl,
    mediaUrl: '',
    variant: 'standard',
    renderDeadlineMs: CORRECTNESS_DEADLINE_MS,
    preview: { secret: SECRET, cmsOrigin: CMS },
  });
});

afterAll(async () => {
  await site.close();
  await provider.close();
  db.close();
  data.remove();
  rmSync(dist, { recursive: true, force: true });
});

const seconds = () => Math.floor(Date.now() / 1000);

function previewAddress(path: string, { expires = seconds() + 300, secret = SECRET, status = 'draft' as PreviewStatus, admin = EDITOR } = {}): string {
  return `/preview?${new URLSearchParams({ status, path, expires: String(expires), admin: String(admin), signature: signPreview(status, path, expires, admin, secret) })}`;
}

const newsPath = (locale: Locale) => `${locale === 'en' ? '/en' : ''}/news/${article.id}`;

describe('the preview address', () => {
  const now = Date.now();
  const expires = Math.floor(now / 1000) + 60;
  const signed = {
    status: 'draft',
    path: '/en/news/1',
    expires: String(expires),
    admin: '12',
    signature: signPreview('draft', '/en/news/1', expires, 12, SECRET),
  };

  it('names its page, version and admin when signed with the secret and not yet expired', () => {
    expect(readPreviewQuery(signed, SECRET, now)).toEqual({ status: 'draft', path: '/en/news/1', admin: 12 });
    const published = { ...signed, status: 'published', signature: signPreview('published', '/en/news/1', expires, 12, SECRET) };
    expect(readPreviewQuery(published, SECRET, now)).toEqual({ status: 'published', path: '/en/news/1', admin: 12 });
  });

  it('signs the admin: another id, or one written otherwise, is forged', () => {
    for (const admin of ['13', '1', '012', '12 ', '+12', '12.0'])
      expect({ admin, ask: readPreviewQuery({ ...signed, admin }, SECRET, now) }).toEqual({ admin, ask: { refused: 'forged' } });
    // The signature of "<status>\n<path>\n<expires>\n<admin>": no field can borrow from its neighbour.
    expect(signPreview('draft', '/en/news/1', expires, 12, SECRET)).not.toBe(signPreview('draft', '/en/news/1', Number(`${expires}1`), 2, SECRET));
  });

  it('is forged without an admin, or with one that is no id, even signed', () => {
    const { admin: _admin, ...unnamed } = signed;
    expect(readPreviewQuery(unnamed, SECRET, now)).toEqual({ refused: 'forged' });
    for (const admin of ['0', '-1', 'admin', '1234567890123']) {
      const query = { ...signed, admin, signature: signPreview('draft', signed.path, expires, admin as unknown as number, SECRET) };
      expect({ admin, ask: readPreviewQuery(query, SECRET, now) }).toEqual({ admin, ask: { refused: 'forged' } });
    }
  });

  it('is forged when its version, path, expiry or signature was changed, or another secret signed it', () => {
    expect(readPreviewQuery({ ...signed, status: 'published' }, SECRET, now)).toEqual({ refused: 'forged' });
    expect(readPreviewQuery({ ...signed, path: '/en/news/2' }, SECRET, now)).toEqual({ refused: 'forged' });
    expect(readPreviewQuery({ ...signed, expires: String(expires + 3600) }, SECRET, now)).toEqual({ refused: 'forged' });
    expect(readPreviewQuery({ ...signed, signature: `${signed.signature.slice(0, 63)}${signed.signature.endsWith('0') ? '1' : '0'}` }, SECRET, now)).toEqual({
      refused: 'forged',
    });
    expect(readPreviewQuery(signed, 'another-secret', now)).toEqual({ refused: 'forged' });
  });

  it('is forged when a part is missing, given twice, or not of its form', () => {
    const unknownStatus = { ...signed, status: 'archived', signature: signPreview('archived' as PreviewStatus, signed.path, expires, 12, SECRET) };
    for (const query of [
      {},
      unknownStatus,
      { ...signed, signature: undefined },
      { ...signed, path: [signed.path, '/'] },
      { ...signed, expires: '1e12' },
      { ...signed, signature: signed.signature.toUpperCase() },
    ]) {
      expect(readPreviewQuery(query, SECRET, now)).toEqual({ refused: 'forged' });
    }
  });

  it('names a path of the site only, even signed', () => {
    for (const path of ['//evil.example/news/1', '/\\evil.example', 'https://evil.example/', 'news/1', '/news/1 x']) {
      const query = { status: 'draft', path, expires: String(expires), admin: '12', signature: signPreview('draft', path, expires, 12, SECRET) };
      expect({ path, ask: readPreviewQuery(query, SECRET, now) }).toEqual({ path, ask: { refused: 'forged' } });
    }
  });

  it('expires at its second: a genuine address past it is expired, not forged', () => {
    expect(readPreviewQuery(signed, SECRET, expires * 1000 - 1)).toEqual({ status: 'draft', path: '/en/news/1', admin: 12 });
    expect(readPreviewQuery(signed, SECRET, expires * 1000)).toEqual({ refused: 'expired' });
  });
});

describe('GET /preview', () => {
  it.each(['zh', 'en'] as const)('shows the %s draft, marked as a preview, without the app, uncached, framed by the CMS alone', async (locale) => {
    const response = await site.inject({ url: previewAddress(newsPath(locale)) });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(draftTitle[locale]);
    expect(response.body).not.toContain(article[locale].title);
    expect(response.body).toMatch(locale === 'zh' ? /<div class="preview-banner"[^>]*>预览：/ : /<div class="preview-banner"[^>]*>Preview:/);
    expect(response.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(response.body).not.toContain('data-entry=');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['content-security-policy']).toContain(`frame-ancestors ${CMS};`);
    expect(response.headers['content-security-policy']).not.toContain("'none'; form-action");
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.headers.etag).toBeUndefined();
  });

  it.each(['zh', 'en'] as const)("shows the %s published version for the panel's Published tab, marked as such", async (locale) => {
    const response = await site.inject({ url: previewAddress(newsPath(locale), { status: 'published' }) });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(article[locale].title);
    expect(response.body).not.toContain(draftTitle[locale]);
    expect(response.body).toMatch(
      locale === 'zh' ? /<div class="preview-banner"[^>]*>预览：已发布/ : /<div class="preview-banner"[^>]*>Preview: the published/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-security-policy']).toContain(`frame-ancestors ${CMS};`);
  });

  it("shows an admin the drafts they may read and no other: another admin's draft is the published version", async () => {
    askedFor.length = 0;
    for (const locale of ['zh', 'en'] as const) {
      const response = await site.inject({ url: previewAddress(newsPath(locale), { admin: AUTHOR }) });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(article[locale].title);
      expect(response.body).not.toContain(draftTitle[locale]);
      expect(response.body).toMatch(/<div class="preview-banner"/);
    }
    expect(new Set(askedFor)).toEqual(new Set([AUTHOR]));
  });

  it('renders again for every request: a draft saved since shows at once', async () => {
    expect((await site.inject({ url: previewAddress(newsPath('zh')) })).body).toContain(draftTitle.zh);
    draftTitle.zh = '草稿标题二';
    expect((await site.inject({ url: previewAddress(newsPath('zh')) })).body).toContain('草稿标题二');
  });

  it('leaves the public page as published, still refusing to be framed', async () => {
    for (const locale of ['zh', 'en'] as const) {
      const response = await site.inject({ url: newsPath(locale) });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(article[locale].title);
      expect(response.body).not.toContain(draftTitle[locale]);
      expect(response.body).not.toContain('preview-banner');
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  it('refuses a changed, foreign or expired address with a page that says so, in both languages', async () => {
    // Signed for the about page, sent for the article.
    const changed = previewAddress('/about').replace('path=%2Fabout', `path=${encodeURIComponent(newsPath('zh'))}`);
    expect(changed).toContain(encodeURIComponent(newsPath('zh')));
    // Signed for the published version, sent for the drafts.
    const promoted = previewAddress(newsPath('en'), { status: 'published' }).replace('status=published', 'status=draft');
    expect(promoted).toContain('status=draft');
    // Signed for the author, sent as the editor's.
    const borrowed = previewAddress(newsPath('en'), { admin: AUTHOR }).replace(`admin=${AUTHOR}`, `admin=${EDITOR}`);
    expect(borrowed).toContain(`admin=${EDITOR}`);
    const cases = [
      [changed, 403, 'not valid'],
      [promoted, 403, 'not valid'],
      [borrowed, 403, 'not valid'],
      [previewAddress(newsPath('en'), { secret: 'another-secret' }), 403, 'not valid'],
      [previewAddress(newsPath('en'), { expires: seconds() - 1 }), 410, 'expired'],
      ['/preview', 403, 'not valid'],
    ] as const;
    for (const [url, status, words] of cases) {
      const response = await site.inject({ url });
      expect({ url, status: response.statusCode }).toEqual({ url, status });
      expect(response.body).toContain(words);
      expect(response.body).toContain('预览');
      expect(response.body).not.toContain(draftTitle.en);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['content-security-policy']).toContain(`frame-ancestors ${CMS};`);
    }
  });

  it('answers 503 with a page that says so when the provider does not answer', async () => {
    const cut = await createSiteServer({
      distDir: dist,
      providerUrl: 'http://127.0.0.1:1',
      mediaUrl: '',
      variant: 'standard',
      renderDeadlineMs: 2_000,
      preview: { secret: SECRET, cmsOrigin: CMS },
    });
    try {
      const response = await cut.inject({ url: previewAddress(newsPath('en')) });
      expect(response.statusCode).toBe(503);
      expect(response.body).toContain('could not be rendered');
      expect(response.headers['cache-control']).toBe('no-store');
    } finally {
      await cut.close();
    }
  });

  it('answers 404 for a path that is no page, and for an id the drafts do not have', async () => {
    for (const path of ['/nowhere', '/en/news/999999']) {
      const response = await site.inject({ url: previewAddress(path) });
      expect({ path, status: response.statusCode }).toEqual({ path, status: 404 });
      expect(response.body).toContain('no such page');
    }
  });
});

describe("the provider's drafts", () => {
  const address = (prefix = previewApiPrefix(EDITOR)) => `${providerUrl}${prefix}${ENDPOINT.newsDetail}?lan=en&id=${article.id}`;

  it('answer the site, which sends the key derived from the secret', async () => {
    const response = await fetch(address(), { headers: { authorization: `Bearer ${previewAccessKey(SECRET)}` } });
    expect(((await response.json()) as { data: { title: string } }).data.title).toBe(draftTitle.en);
  });

  it('answer for an admin named by id only', async () => {
    for (const prefix of [PREVIEW_API_PREFIX, `${PREVIEW_API_PREFIX}/0`, `${PREVIEW_API_PREFIX}/editor`, `${PREVIEW_API_PREFIX}/03`]) {
      const response = await fetch(address(prefix), { headers: { authorization: `Bearer ${previewAccessKey(SECRET)}` } });
      expect({ prefix, status: response.status }).toEqual({ prefix, status: 404 });
      expect(await response.text()).not.toContain(draftTitle.en);
    }
  });

  it("answer nobody else: no key, the secret itself, another secret's key", async () => {
    for (const authorization of [undefined, `Bearer ${SECRET}`, `Bearer ${previewAccessKey('another-secret')}`]) {
      const response = await fetch(address(), { headers: authorization ? { authorization } : {} });
      expect({ authorization, status: response.status }).toEqual({ authorization, status: 404 });
      expect(await response.text()).not.toContain(draftTitle.en);
    }
  });

  it("are not reachable through the site's /api", async () => {
    const response = await site.inject({
      url: `/api${previewApiPrefix(EDITOR)}${ENDPOINT.newsDetail}?lan=en&id=${article.id}`,
      headers: { authorization: `Bearer ${previewAccessKey(SECRET)}` },
    });
    expect(response.body).not.toContain(draftTitle.en);
  });
});

describe('the configuration', () => {
  const read = (env: NodeJS.ProcessEnv) => readConfig({ NODE_ENV: 'test', ...env }).preview;

  it('enables previews with PREVIEW_SECRET, framed by CMS_PUBLIC_URL, else by STRAPI_URL', () => {
    expect(read({})).toBeNull();
    expect(read({ PREVIEW_SECRET: 's', CMS_PUBLIC_URL: 'https://cms.example.com/admin' })).toEqual({ secret: 's', cmsOrigin: 'https://cms.example.com' });
    const strapi = { CONTENT_SOURCE: 'strapi', STRAPI_URL: 'http://127.0.0.1:1337', STRAPI_TOKEN: 't', STRAPI_PREVIEW_TOKEN: 'p', PREVIEW_SECRET: 's' };
    expect(read(strapi)).toEqual({ secret: 's', cmsOrigin: 'http://127.0.0.1:1337' });
    expect(read({ ...strapi, CMS_PUBLIC_URL: 'https://cms.example.com' })).toEqual({ secret: 's', cmsOrigin: 'https://cms.example.com' });
  });

  it('refuses PREVIEW_SECRET without a CMS to frame it, or a CMS that is no http(s) origin', () => {
    expect(() => read({ PREVIEW_SECRET: 's' })).toThrow('PREVIEW_SECRET needs CMS_PUBLIC_URL');
    expect(() => read({ PREVIEW_SECRET: 's', CMS_PUBLIC_URL: 'javascript:alert(1)' })).toThrow('CMS_PUBLIC_URL must be an http(s) origin');
  });
});
