/**
 * A preview shows what the admin who opened it may read, with the real Strapi of cms/ and the site
 * in front of its provider: an Author and an Editor each write a news article, never published,
 * and the Editor saves a draft of a published article. The Author's previews (the news list, the
 * Editor's article, the article the Editor changed) show the Author's own draft and what is
 * published, never the Editor's drafts; the Editor's show every draft, the Author's too. The
 * address names its admin under its signature: one changed to name another admin, or past its
 * time, is refused. Strapi's permissions decide (cms/src/previewRights.js), not the roles' names:
 * Site settings, which only the Super Admin may read, show as drafts to the Super Admin alone.
 */
import { loadContentPack } from '../../src/provider/content/loadPack';
import { signPreview } from '../../src/server/preview/previewSignature';
import { freePort } from '../../src/server/server.testing';
import { cmsTestFile } from './stack';
import { adminLogin, cmsCall, newAdminUser, type SeededCms } from './strapi';

const pack = loadContentPack();
/** The published article the Editor saves a draft of; the newest, so on the first page of the list. */
const article = [...pack.news].sort((a, b) => b.create_time.localeCompare(a.create_time) || b.id - a.id)[0]!;
const NEWS = 'api::news-article.news-article';
const entries = `/content-manager/collection-types/${NEWS}`;
const { stack, seed } = cmsTestFile('cms-preview-rights-', pack);
let seeded: SeededCms;
let siteUrl: string;
let adminJwt: string;

interface Writer {
  jwt: string;
  /** The admin's id in Strapi. */
  id: number;
  /** Their article, never published: its title and the number in its address. */
  title: string;
  siteId: number;
  documentId: string;
}
const writers: Record<'author' | 'editor', Writer> = {} as Record<'author' | 'editor', Writer>;
const editorsChange = '编辑尚未发布的修改';
/** What the provider logs at warn and above: why a preview failed, when one does. */
const warnings: string[] = [];

beforeAll(async () => {
  const sitePort = await freePort();
  siteUrl = `http://127.0.0.1:${sitePort}`;
  seeded = await seed(siteUrl);
  const secret = seeded.secrets.PREVIEW_SECRET!;
  const provider = await stack.provider({ url: seeded.cms.url, token: seeded.siteToken, preview: { token: seeded.previewToken, secret } }, warnings);
  await stack.site(provider.url, { port: sitePort, cmsWebhookSecret: seeded.secrets.CMS_WEBHOOK_SECRET, preview: { secret, cmsOrigin: seeded.cms.url } });
  adminJwt = await adminLogin(seeded.cms.url, seeded.secrets.CMS_ADMIN_EMAIL!, seeded.secrets.CMS_ADMIN_PASSWORD!);
  const [existing] = (await cmsCall(seeded.cms.url, 'GET', `${entries}?locale=zh&filters[site_id][$eq]=${article.id}`, adminJwt)).body.results as {
    documentId: string;
    pic: { id: number } | null;
  }[];
  const full = await cmsCall(seeded.cms.url, 'GET', `${entries}/${existing!.documentId}?locale=zh`, adminJwt);
  const pic = full.body.data.pic.id as number;
  // Dated after every article of the pack: both open the news list.
  for (const [name, role, date] of [
    ['author', 'strapi-author', '2030-01-02T08:00:00.000Z'],
    ['editor', 'strapi-editor', '2030-01-01T08:00:00.000Z'],
  ] as const) {
    const jwt = await newAdminUser(seeded.cms.url, adminJwt, role, `${name}@example.com`);
    const me = await cmsCall(seeded.cms.url, 'GET', '/admin/users/me', jwt);
    const title = `${name === 'author' ? '作者' : '编辑'}的未发布草稿`;
    const created = await cmsCall(seeded.cms.url, 'POST', `${entries}?locale=zh`, jwt, {
      title,
      des: title,
      content: `<p>${title}</p>`,
      date,
      pic,
      locale: 'zh',
    });
    expect({ name, status: created.status, error: created.body?.error }).toEqual({ name, status: 201, error: undefined });
    writers[name] = {
      jwt,
      id: me.body.data.id as number,
      title,
      siteId: created.body.data.site_id as number,
      documentId: created.body.data.documentId as string,
    };
  }
  // The Editor saves a change to a published article of someone else's (the seed's), not published.
  const saved = await cmsCall(seeded.cms.url, 'PUT', `${entries}/${existing!.documentId}?locale=zh`, writers.editor.jwt, {
    title: editorsChange,
    locale: 'zh',
  });
  expect({ status: saved.status, error: saved.body?.error }).toEqual({ status: 200, error: undefined });
}, 15 * 60_000);

/** The address Strapi's Preview panel opens for `jwt`'s admin (its admin API, as the panel asks). */
async function previewUrl(jwt: string, uid: string, query: string): Promise<URL> {
  const { status, body } = await cmsCall(seeded.cms.url, 'GET', `/content-manager/preview/url/${uid}?${query}`, jwt);
  expect({ uid, status }).toEqual({ uid, status: 200 });
  return new URL(body.data.url as string);
}

/** The preview of the news list, as `writer` opens it: the page of the publications, which the news page shows. */
async function newsListPreview(writer: Writer): Promise<URL> {
  const [publication] = (await cmsCall(seeded.cms.url, 'GET', '/content-manager/collection-types/api::publication.publication?locale=zh&pageSize=1', adminJwt))
    .body.results as { documentId: string }[];
  const url = await previewUrl(writer.jwt, 'api::publication.publication', `documentId=${publication!.documentId}&locale=zh&status=draft`);
  expect(url.searchParams.get('path')).toBe('/news');
  return url;
}

async function shown(url: URL): Promise<{ status: number; html: string }> {
  const logged = warnings.length;
  const response = await fetch(url);
  const html = await response.text();
  // A failed render says why in the provider's log: shown with the status the test expects.
  if (response.status >= 500) throw new Error(`${response.status} for ${url.searchParams.get('path')}: ${warnings.slice(logged).join(' | ')}`);
  return { status: response.status, html };
}

describe('A preview shows what its admin may read', () => {
  it('names the admin who opened it, under its signature', async () => {
    for (const writer of Object.values(writers)) {
      const url = await previewUrl(writer.jwt, NEWS, `documentId=${writer.documentId}&locale=zh&status=draft`);
      expect({ admin: url.searchParams.get('admin'), path: url.searchParams.get('path') }).toEqual({
        admin: String(writer.id),
        path: `/news/${writer.siteId}`,
      });
    }
  }, 60_000);

  it("an Author's news list: their own draft and what is published, not the Editor's drafts", async () => {
    const { status, html } = await shown(await newsListPreview(writers.author));
    expect(status).toBe(200);
    expect({
      own: html.includes(writers.author.title),
      editors: html.includes(writers.editor.title),
      editorsChange: html.includes(editorsChange),
      published: html.includes(article.zh.title),
    }).toEqual({ own: true, editors: false, editorsChange: false, published: true });
  }, 60_000);

  it("an Editor's news list: every draft, the Author's too", async () => {
    const { status, html } = await shown(await newsListPreview(writers.editor));
    expect(status).toBe(200);
    expect({
      author: html.includes(writers.author.title),
      editor: html.includes(writers.editor.title),
      editorsChange: html.includes(editorsChange),
      published: html.includes(article.zh.title),
    }).toEqual({ author: true, editor: true, editorsChange: true, published: false });
  }, 60_000);

  it("an Author's preview of the Editor's article is no page, and of the article the Editor changed, its published version", async () => {
    const never = await shown(await previewUrl(writers.author.jwt, NEWS, `documentId=${writers.editor.documentId}&locale=zh&status=draft`));
    expect({ status: never.status, shown: never.html.includes(writers.editor.title) }).toEqual({ status: 404, shown: false });
    const [changed] = (await cmsCall(seeded.cms.url, 'GET', `${entries}?locale=zh&filters[site_id][$eq]=${article.id}`, adminJwt)).body.results as {
      documentId: string;
    }[];
    const published = await shown(await previewUrl(writers.author.jwt, NEWS, `documentId=${changed!.documentId}&locale=zh&status=draft`));
    expect({ status: published.status, draft: published.html.includes(editorsChange), published: published.html.includes(article.zh.title) }).toEqual({
      status: 200,
      draft: false,
      published: true,
    });
    const own = await shown(await previewUrl(writers.author.jwt, NEWS, `documentId=${writers.author.documentId}&locale=zh&status=draft`));
    expect({ status: own.status, shown: own.html.includes(writers.author.title) }).toEqual({ status: 200, shown: true });
  }, 60_000);

  it("an Author's preview of someone else's product is its published version, with its category", async () => {
    const product = pack.products[0]!;
    const [entry] = (
      await cmsCall(seeded.cms.url, 'GET', `/content-manager/collection-types/api::product.product?locale=zh&filters[site_id][$eq]=${product.id}`, adminJwt)
    ).body.results as { documentId: string }[];
    const { status, html } = await shown(
      await previewUrl(writers.author.jwt, 'api::product.product', `documentId=${entry!.documentId}&locale=zh&status=draft`),
    );
    // The page's state names the category the published version links to, as the public page's does.
    const publicPage = await (await fetch(`${siteUrl}/product/${product.id}`)).text();
    expect(publicPage).toContain(`"classify_id":${product.classify_id}`);
    expect({ status, name: html.includes(product.zh.name), category: html.includes(`"classify_id":${product.classify_id}`) }).toEqual({
      status: 200,
      name: true,
      category: true,
    });
  }, 60_000);

  it("an Editor's preview of either article shows its draft", async () => {
    for (const writer of Object.values(writers)) {
      const { status, html } = await shown(await previewUrl(writers.editor.jwt, NEWS, `documentId=${writer.documentId}&locale=zh&status=draft`));
      expect({ title: writer.title, status, shown: html.includes(writer.title) }).toEqual({ title: writer.title, status: 200, shown: true });
    }
  }, 60_000);

  it('shows Site settings as drafts to whoever may read them: the Super Admin, neither the Editor nor the Author', async () => {
    const company = '尚未发布的公司名称';
    const saved = await cmsCall(seeded.cms.url, 'PUT', '/content-manager/single-types/api::site-setting.site-setting?locale=zh', adminJwt, {
      company,
      locale: 'zh',
    });
    expect({ status: saved.status, error: saved.body?.error }).toEqual({ status: 200, error: undefined });
    const seen: Record<string, boolean> = {};
    for (const [name, jwt] of [
      ['super admin', adminJwt],
      ['editor', writers.editor.jwt],
      ['author', writers.author.jwt],
    ] as const) {
      const { status, html } = await shown(await previewUrl(jwt, 'api::home-page.home-page', 'locale=zh&status=draft'));
      expect({ name, status }).toEqual({ name, status: 200 });
      seen[name] = html.includes(company);
    }
    expect(seen).toEqual({ 'super admin': true, editor: false, author: false });
  }, 60_000);

  it("refuses an Author's address changed to name the Editor, or past its time", async () => {
    const url = await newsListPreview(writers.author);
    const borrowed = new URL(url);
    borrowed.searchParams.set('admin', String(writers.editor.id));
    const expired = new URL(url);
    const past = Math.floor(Date.now() / 1000) - 1;
    expired.searchParams.set('expires', String(past));
    expired.searchParams.set('signature', signPreview('draft', '/news', past, writers.author.id, seeded.secrets.PREVIEW_SECRET!));
    for (const [address, status] of [
      [borrowed, 403],
      [expired, 410],
    ] as const) {
      const response = await shown(address);
      expect({ address: address.search, status: response.status }).toEqual({ address: address.search, status });
      expect(response.html).not.toContain(writers.editor.title);
      expect(response.html).not.toContain(writers.author.title);
    }
  }, 60_000);

  it("answers the preview token only for an admin it names, with that admin's drafts", async () => {
    const path = `/api/news?locale=zh&status=draft&sort=date:desc&pagination[pageSize]=3`;
    const read = async (admin?: number) => {
      const response = await fetch(`${seeded.cms.url}${path}`, {
        headers: { authorization: `Bearer ${seeded.previewToken}`, ...(admin ? { 'x-preview-admin': String(admin) } : {}) },
      });
      const body = (await response.json()) as { data?: { title: string }[] };
      return { status: response.status, titles: (body.data ?? []).map((entry) => entry.title) };
    };
    expect((await read()).status).toBe(403);
    expect(await read(writers.author.id)).toEqual({ status: 200, titles: [writers.author.title, article.zh.title, expect.any(String)] });
    expect((await read(writers.editor.id)).titles.slice(0, 3)).toEqual([writers.author.title, writers.editor.title, editorsChange]);
  }, 60_000);

  it("follows a change of the admin's rights within seconds, through a preview address signed before it", async () => {
    const url = await newsListPreview(writers.author);
    expect((await shown(url)).html).toContain(writers.author.title);
    // The Super Admin deactivates the Author: their preview, still signed, shows what is published only.
    const deactivated = await cmsCall(seeded.cms.url, 'PUT', `/admin/users/${writers.author.id}`, adminJwt, { isActive: false });
    expect({ status: deactivated.status, error: deactivated.body?.error }).toEqual({ status: 200, error: undefined });
    const started = Date.now();
    let html = (await shown(url)).html;
    while (html.includes(writers.author.title) && Date.now() - started < 30_000) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      html = (await shown(url)).html;
    }
    console.log(`An Author deactivated: their preview stopped showing their draft ${Date.now() - started} ms later`);
    expect({ own: html.includes(writers.author.title), published: html.includes(article.zh.title) }).toEqual({ own: false, published: true });
  }, 60_000);
});
