/**
 * Strapi's Preview with the real Strapi of cms/ and the site in front of its provider: an editor
 * saves a draft of a published news article in zh and en (not published), the Preview panel asks
 * Strapi for the address (cms/config/admin.js's handler), and the site shows the draft there,
 * marked as a preview, uncached and framed by the CMS alone, while the public pages keep the
 * published text. An address changed by hand or past its time is refused. The site's own token
 * still reads no drafts; the preview token does, for the admin it names.
 */
import { LOCALES, type Locale } from '../../src/contracts/locale';
import { loadContentPack } from '../../src/provider/content/loadPack';
import { signPreview } from '../../src/server/preview/previewSignature';
import { freePort } from '../../src/server/server.testing';
import { cmsTestFile } from './stack';
import { adminLogin, cmsCall, type SeededCms } from './strapi';

const pack = loadContentPack();
const article = pack.news[0]!;
const NEWS = 'api::news-article.news-article';
const draftTitle: Record<Locale, string> = { zh: '尚未发布的草稿标题', en: 'A draft title not yet published' };
const { stack, seed } = cmsTestFile('cms-preview-', pack);
let seeded: SeededCms;
let siteUrl: string;
let jwt: string;
let documentId: string;

beforeAll(async () => {
  // Strapi names the site in its webhook and its preview addresses: the site's port comes first.
  const sitePort = await freePort();
  siteUrl = `http://127.0.0.1:${sitePort}`;
  seeded = await seed(siteUrl);
  const secret = seeded.secrets.PREVIEW_SECRET!;
  const provider = await stack.provider({ url: seeded.cms.url, token: seeded.siteToken, preview: { token: seeded.previewToken, secret } });
  await stack.site(provider.url, { port: sitePort, cmsWebhookSecret: seeded.secrets.CMS_WEBHOOK_SECRET, preview: { secret, cmsOrigin: seeded.cms.url } });
  jwt = await adminLogin(seeded.cms.url, seeded.secrets.CMS_ADMIN_EMAIL!, seeded.secrets.CMS_ADMIN_PASSWORD!);
  const found = await cmsCall(seeded.cms.url, 'GET', `/content-manager/collection-types/${NEWS}?locale=zh&filters[site_id][$eq]=${article.id}`, jwt);
  documentId = found.body.results[0].documentId as string;
  // What an editor's Save does: the draft changes, the published version stays.
  for (const locale of LOCALES) {
    const saved = await cmsCall(seeded.cms.url, 'PUT', `/content-manager/collection-types/${NEWS}/${documentId}?locale=${locale}`, jwt, {
      title: draftTitle[locale],
      locale,
    });
    expect({ locale, status: saved.status, error: saved.body?.error }).toEqual({ locale, status: 200, error: undefined });
  }
}, 15 * 60_000);

/** The address Strapi's Preview panel opens for the entry (its admin API, as the panel asks). */
async function previewUrl(uid: string, query: string): Promise<URL> {
  const { status, body } = await cmsCall(seeded.cms.url, 'GET', `/content-manager/preview/url/${uid}?${query}`, jwt);
  expect({ uid, status }).toEqual({ uid, status: 200 });
  return new URL(body.data.url as string);
}

const pathOf = (locale: Locale, path: string) => (locale === 'en' ? `/en${path}` : path);

describe("Strapi's Preview panel", () => {
  it.each(LOCALES)(
    'shows the %s draft on the site, marked, uncached, framed by the CMS alone',
    async (locale) => {
      const url = await previewUrl(NEWS, `documentId=${documentId}&locale=${locale}&status=draft`);
      expect({ origin: url.origin, pathname: url.pathname, status: url.searchParams.get('status'), path: url.searchParams.get('path') }).toEqual({
        origin: siteUrl,
        pathname: '/preview',
        status: 'draft',
        path: pathOf(locale, `/news/${article.id}`),
      });
      const response = await fetch(url);
      const html = await response.text();
      expect(response.status).toBe(200);
      expect(html).toContain(draftTitle[locale]);
      expect(html).toMatch(locale === 'zh' ? /class="preview-banner"[^>]*>预览/ : /class="preview-banner"[^>]*>Preview/);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-robots-tag')).toContain('noindex');
      expect(response.headers.get('content-security-policy')).toContain(`frame-ancestors ${seeded.cms.url};`);
      expect(response.headers.get('x-frame-options')).toBeNull();
    },
    60_000,
  );

  it("shows the published version from the panel's Published tab", async () => {
    const url = await previewUrl(NEWS, `documentId=${documentId}&locale=en&status=published`);
    expect(url.searchParams.get('status')).toBe('published');
    const html = await (await fetch(url)).text();
    expect(html).toContain(article.en.title);
    expect(html).not.toContain(draftTitle.en);
    expect(html).toMatch(/class="preview-banner"[^>]*>Preview: the published version/);
  }, 60_000);

  it('lets the admin panel frame the site', async () => {
    const policy = (await fetch(`${seeded.cms.url}/_health`)).headers.get('content-security-policy') ?? '';
    expect(/frame-src ([^;]*)/.exec(policy)?.[1]?.split(' ')).toContain(siteUrl);
  }, 60_000);

  it('leaves the public pages as published', async () => {
    for (const locale of LOCALES) {
      const response = await fetch(`${siteUrl}${pathOf(locale, `/news/${article.id}`)}`);
      const html = await response.text();
      expect({ locale, status: response.status }).toEqual({ locale, status: 200 });
      expect(html).toContain(article[locale].title);
      expect(html).not.toContain(draftTitle[locale]);
      expect(html).not.toContain('preview-banner');
    }
  }, 60_000);

  it('shows a new entry never published, which the public site does not have', async () => {
    const existing = await cmsCall(seeded.cms.url, 'GET', `/content-manager/collection-types/${NEWS}/${documentId}?locale=zh`, jwt);
    const title = '一篇从未发布的新闻';
    const created = await cmsCall(seeded.cms.url, 'POST', `/content-manager/collection-types/${NEWS}?locale=zh`, jwt, {
      title,
      des: title,
      content: `<p>${title}</p>`,
      date: '2026-11-27T08:00:00.000Z',
      pic: existing.body.data.pic.id,
      locale: 'zh',
    });
    expect({ status: created.status, error: created.body?.error }).toEqual({ status: 201, error: undefined });
    const { documentId: newId, site_id: siteId } = created.body.data as { documentId: string; site_id: number };
    const url = await previewUrl(NEWS, `documentId=${newId}&locale=zh&status=draft`);
    expect(url.searchParams.get('path')).toBe(`/news/${siteId}`);
    const preview = await fetch(url);
    expect({ status: preview.status, shown: (await preview.text()).includes(title) }).toEqual({ status: 200, shown: true });
    const visitor = await fetch(`${siteUrl}/news/${siteId}`);
    expect({ status: visitor.status, shown: (await visitor.text()).includes(title) }).toEqual({ status: 404, shown: false });
  }, 60_000);

  it('names the page of each kind of entry: a single type, a page banner, a product', async () => {
    const documentOf = async (uid: string, filter: string) =>
      (await cmsCall(seeded.cms.url, 'GET', `/content-manager/collection-types/${uid}?locale=en&${filter}`, jwt)).body.results[0].documentId as string;
    const product = pack.products[0]!;
    const cases: [string, string, string][] = [
      ['api::home-page.home-page', 'locale=en', '/en/'],
      ['api::about-page.about-page', 'locale=zh', '/about'],
      ['api::page-banner.page-banner', `documentId=${await documentOf('api::page-banner.page-banner', 'filters[page][$eq]=news')}&locale=en`, '/en/news'],
      [
        'api::product.product',
        `documentId=${await documentOf('api::product.product', `filters[site_id][$eq]=${product.id}`)}&locale=zh`,
        `/product/${product.id}`,
      ],
    ];
    for (const [uid, query, path] of cases) {
      const url = await previewUrl(uid, query);
      expect({ uid, path: url.searchParams.get('path') }).toEqual({ uid, path });
      const response = await fetch(url);
      expect({ uid, status: response.status, marked: (await response.text()).includes('preview-banner') }).toEqual({ uid, status: 200, marked: true });
    }
  }, 120_000);

  it('refuses an address changed by hand or past its time', async () => {
    const url = await previewUrl(NEWS, `documentId=${documentId}&locale=en&status=draft`);
    const signature = url.searchParams.get('signature')!;
    const tampered = new URL(url);
    tampered.searchParams.set('signature', `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`);
    const otherPage = new URL(url);
    otherPage.searchParams.set('path', '/en/news');
    const expired = new URL(url);
    const past = Math.floor(Date.now() / 1000) - 1;
    expired.searchParams.set('expires', String(past));
    expired.searchParams.set(
      'signature',
      signPreview('draft', url.searchParams.get('path')!, past, Number(url.searchParams.get('admin')), seeded.secrets.PREVIEW_SECRET!),
    );
    for (const [address, status] of [
      [tampered, 403],
      [otherPage, 403],
      [expired, 410],
    ] as const) {
      const response = await fetch(address);
      const html = await response.text();
      expect({ address: address.search, status: response.status, cacheControl: response.headers.get('cache-control') }).toEqual({
        address: address.search,
        status,
        cacheControl: 'no-store',
      });
      expect(html).not.toContain(draftTitle.en);
    }
  }, 60_000);

  it("keeps drafts from the site's token; its preview token reads them for an admin it names", async () => {
    const path = `/api/news?locale=en&status=draft&filters[site_id][$eq]=${article.id}`;
    expect((await cmsCall(seeded.cms.url, 'GET', path, seeded.siteToken)).status).toBe(403);
    expect((await cmsCall(seeded.cms.url, 'GET', path, seeded.previewToken)).status).toBe(403);
    const me = (await cmsCall(seeded.cms.url, 'GET', '/admin/users/me', jwt)).body.data.id as number;
    const response = await fetch(`${seeded.cms.url}${path}`, { headers: { authorization: `Bearer ${seeded.previewToken}`, 'x-preview-admin': String(me) } });
    const read = { status: response.status, body: (await response.json()) as { data?: { title: string }[] } };
    expect({ status: read.status, title: read.body.data?.[0]?.title }).toEqual({ status: 200, title: draftTitle.en });
  }, 60_000);
});
