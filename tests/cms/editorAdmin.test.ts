/**
 * The admin panel as an editor meets it, in the real Strapi of cms/: every field of every content
 * type and component has a label and a description (cms/src/adminLabels.json, applied at start);
 * the number in a page's address (site_id) is given by the CMS whatever a person sends, one per
 * document across languages, never twice (not even after its document is deleted, nor across a
 * restart), and an import's own is kept once published; a product's category set
 * in one language is its category in the other.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadContentPack } from '../../src/provider/content/loadPack';
import { CMS_DIR, startCms } from '../../config/cms/cms';
import { freePort } from '../../src/server/server.testing';
import { adminLogin, cmsCall, newAdminUser, startSeededCms, type SeededCms } from './strapi';

interface Schema {
  attributes: Record<string, { type: string; component?: string }>;
}
const readSchema = (...path: string[]) => JSON.parse(readFileSync(join(CMS_DIR, 'src', ...path), 'utf8')) as Schema;
const CONTENT_TYPES = readdirSync(join(CMS_DIR, 'src', 'api'))
  // An API without content types (picture-texts) is a route, not content.
  .filter((api) => existsSync(join(CMS_DIR, 'src', 'api', api, 'content-types')))
  .flatMap((api) =>
    readdirSync(join(CMS_DIR, 'src', 'api', api, 'content-types')).map((name) => ({
      uid: `api::${api}.${name}`,
      schema: readSchema('api', api, 'content-types', name, 'schema.json'),
    })),
  );
const COMPONENTS = readdirSync(join(CMS_DIR, 'src', 'components')).flatMap((category) =>
  readdirSync(join(CMS_DIR, 'src', 'components', category)).map((file) => ({
    uid: `${category}.${file.replace(/\.json$/, '')}`,
    schema: readSchema('components', category, file),
  })),
);
const NEWS = 'api::news-article.news-article';
const PRODUCT = 'api::product.product';

interface Metadata {
  edit: { label?: string; description?: string; editable?: boolean };
}

const pack = loadContentPack();
const work = mkdtempSync(join(tmpdir(), 'cms-editor-admin-'));
let strapi: SeededCms;
let jwt: string;
let siteUrl: string;
const admin = (method: string, path: string, body?: unknown) => cmsCall(strapi.cms.url, method, path, jwt, body);
const entries = (uid: string) => `/content-manager/collection-types/${uid}`;
/** The category documentIds a product's draft or published version points at, in one language. */
async function categoryOf(documentId: string, locale: string, status: 'draft' | 'published'): Promise<string[]> {
  const { body } = await admin('GET', `/content-manager/relations/${PRODUCT}/${documentId}/category?locale=${locale}&status=${status}`);
  return (body.results as { documentId: string }[]).map((category) => category.documentId);
}

beforeAll(async () => {
  siteUrl = `http://127.0.0.1:${await freePort()}`;
  strapi = await startSeededCms({ work, siteUrl });
  jwt = await adminLogin(strapi.cms.url, strapi.secrets.CMS_ADMIN_EMAIL!, strapi.secrets.CMS_ADMIN_PASSWORD!);
}, 15 * 60_000);

afterAll(async () => {
  await strapi?.cms.stop();
  rmSync(work, { recursive: true, force: true });
}, 60_000);

describe('the edit view', () => {
  it('labels and describes every field of every content type and of the components they use', async () => {
    expect(CONTENT_TYPES).toHaveLength(16);
    const unlabelled: string[] = [];
    const check = (uid: string, schema: Schema, metadatas: Record<string, Metadata>) => {
      for (const field of Object.keys(schema.attributes)) {
        const edit = metadatas[field]?.edit ?? {};
        if (!edit.label?.trim() || edit.label === field || !edit.description?.trim()) unlabelled.push(`${uid}.${field}`);
      }
    };
    const seen = new Set<string>();
    for (const { uid, schema } of CONTENT_TYPES) {
      const { status, body } = await admin('GET', `/content-manager/content-types/${uid}/configuration`);
      expect({ uid, status }).toEqual({ uid, status: 200 });
      check(uid, schema, body.data.contentType.metadatas);
      for (const [component, configuration] of Object.entries(body.data.components as Record<string, { metadatas: Record<string, Metadata> }>)) {
        seen.add(component);
        check(component, COMPONENTS.find((candidate) => candidate.uid === component)!.schema, configuration.metadatas);
      }
    }
    expect(unlabelled).toEqual([]);
    expect([...seen].sort()).toEqual(COMPONENTS.map(({ uid }) => uid).sort());

    const news = (await admin('GET', `/content-manager/content-types/${NEWS}/configuration`)).body.data;
    expect(news.contentType.metadatas.des.edit).toMatchObject({ label: 'Summary', editable: true });
    expect(news.contentType.metadatas.site_id.edit).toMatchObject({ label: 'Number in the address', editable: false });
    expect(news.components['page.scene']).toBeUndefined();
    const home = (await admin('GET', '/content-manager/content-types/api::home-page.home-page/configuration')).body.data;
    expect(home.components['page.scene'].metadatas.over_pic.edit.label).toBe('Picture on hover');
  }, 60_000);
});

describe("a page's number (site_id)", () => {
  const highest = Math.max(...pack.news.map((article) => article.id));

  it('is the next free one for an article created without it, the same in its other language, and a copy gets a new one', async () => {
    const created = await admin('POST', `${entries(NEWS)}?locale=zh`, { title: '新文章', date: '2024-05-01T08:00:00.000Z' });
    expect({ status: created.status, site_id: created.body.data?.site_id }).toEqual({ status: 201, site_id: highest + 1 });
    const { documentId } = created.body.data as { documentId: string };
    const english = await admin('PUT', `${entries(NEWS)}/${documentId}?locale=en`, { title: 'A new article' });
    expect({ status: english.status, site_id: english.body.data?.site_id }).toEqual({ status: 200, site_id: highest + 1 });

    // The panel's "Duplicate" sends the form, number included.
    const copy = await admin('POST', `${entries(NEWS)}/clone/${documentId}?locale=zh`, {
      title: '新文章（副本）',
      date: '2024-05-01T08:00:00.000Z',
      site_id: highest + 1,
    });
    expect({ status: copy.status, site_id: copy.body.data?.site_id }).toEqual({ status: 200, site_id: highest + 2 });

    // A number sent by a person is no number: the CMS's stays, on create and on every edit.
    const sent = await admin('POST', `${entries(NEWS)}?locale=zh`, { title: '自带编号的文章', date: '2024-05-01T08:00:00.000Z', site_id: highest + 40 });
    expect({ status: sent.status, site_id: sent.body.data?.site_id }).toEqual({ status: 201, site_id: highest + 3 });
    expect((await admin('PUT', `${entries(NEWS)}/${documentId}?locale=zh`, { site_id: highest + 10 })).body.data?.site_id).toBe(highest + 1);
    expect((await admin('PUT', `${entries(NEWS)}/${documentId}?locale=zh`, { title: '新文章', site_id: null })).body.data?.site_id).toBe(highest + 1);
  }, 60_000);

  it('is one per document across languages, however many are created at once', async () => {
    const created = await Promise.all(
      ['zh', 'en', 'zh', 'en', 'en', 'zh'].map((locale, n) =>
        admin('POST', `${entries(NEWS)}?locale=${locale}`, { title: `同时创建 ${n}`, date: '2024-05-02T08:00:00.000Z' }),
      ),
    );
    const numbers = created.map(({ body }) => body.data?.site_id as number);
    expect(created.map(({ status }) => status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(new Set(numbers).size).toBe(numbers.length);
  }, 60_000);

  it('cannot be given or changed by an Editor, an Author or a Super Admin through the admin API', async () => {
    const [article] = (await admin('GET', `${entries(NEWS)}?locale=zh&sort=site_id:ASC&pageSize=1`)).body.results as { documentId: string; site_id: number }[];
    expect(article!.site_id).toBe(Math.min(...pack.news.map((item) => item.id)));
    for (const role of ['strapi-editor', 'strapi-author']) {
      const token = await newAdminUser(strapi.cms.url, jwt, role, `${role}@example.com`);
      const own = await cmsCall(strapi.cms.url, 'POST', `${entries(NEWS)}?locale=zh`, token, {
        title: `${role} 的文章`,
        date: '2024-05-03T08:00:00.000Z',
        site_id: article!.site_id,
      });
      expect({ role, status: own.status, taken: pack.news.some((item) => item.id === own.body.data?.site_id) }).toEqual({ role, status: 201, taken: false });
      const edited = await cmsCall(strapi.cms.url, 'PUT', `${entries(NEWS)}/${own.body.data.documentId}?locale=zh`, token, { site_id: 9999 });
      expect({ role, site_id: edited.body.data?.site_id }).toEqual({ role, site_id: own.body.data.site_id });
    }
    expect((await admin('PUT', `${entries(NEWS)}/${article!.documentId}?locale=zh`, { site_id: 9999 })).status).toBe(200);
    expect((await admin('GET', `${entries(NEWS)}/${article!.documentId}?locale=en`)).body.data.site_id).toBe(article!.site_id);
  }, 60_000);

  it('given by an import (a full-access token) is kept, and refused a change once published', async () => {
    const importer = (await admin('POST', '/admin/api-tokens', { name: 'import', type: 'full-access', lifespan: null })).body.data.accessKey as string;
    const imported = await cmsCall(strapi.cms.url, 'POST', '/api/news?locale=zh', importer, {
      data: { title: '导入的文章', date: '2024-05-04T08:00:00.000Z', site_id: highest + 30 },
    });
    expect({ status: imported.status, site_id: imported.body.data?.site_id }).toEqual({ status: 201, site_id: highest + 30 });
    const [article] = (await admin('GET', `${entries(NEWS)}?locale=zh&sort=site_id:ASC&pageSize=1`)).body.results as { documentId: string; site_id: number }[];
    const changed = await cmsCall(strapi.cms.url, 'PUT', `/api/news/${article!.documentId}?locale=zh`, importer, { data: { site_id: 9999 } });
    expect({ status: changed.status, message: changed.body.error?.message }).toEqual({ status: 400, message: expect.stringContaining('site_id') });
  }, 60_000);

  it(
    'is never given again once its document is deleted, nor one an imported document had',
    async () => {
      const create = async (data: Record<string, unknown> = {}) => {
        const created = await admin('POST', `${entries(NEWS)}?locale=zh`, { title: '将删除的文章', date: '2024-06-01T08:00:00.000Z', ...data });
        expect(created.status).toBe(201);
        return created.body.data as { documentId: string; site_id: number };
      };
      const remove = async (documentId: string) => expect((await admin('DELETE', `${entries(NEWS)}/${documentId}?locale=zh`)).status).toBe(200);

      // The newest article deleted: its address (/news/<number>) is not given to the next one.
      const deleted = await create();
      await remove(deleted.documentId);
      const next = await create();
      expect(next.site_id).toBe(deleted.site_id + 1);

      // A number given by an import counts too once it is gone, and the mark is kept in the
      // database: a restarted CMS goes on from it (a restart takes a few seconds).
      const importer = (await admin('POST', '/admin/api-tokens', { name: 'import again', type: 'full-access', lifespan: null })).body.data.accessKey as string;
      const imported = (
        await cmsCall(strapi.cms.url, 'POST', '/api/news?locale=zh', importer, {
          data: { title: '导入后删除', date: '2024-06-01T08:00:00.000Z', site_id: next.site_id + 50 },
        })
      ).body.data as { documentId: string; site_id: number };
      expect(imported.site_id).toBe(next.site_id + 50);
      await remove(imported.documentId);
      await strapi.cms.stop();
      strapi = {
        ...strapi,
        cms: await startCms({ port: await freePort(), dataDir: strapi.dataDir, serveAdmin: false, secrets: strapi.secrets, siteUrl, output: 'ignore' }),
      };
      jwt = await adminLogin(strapi.cms.url, strapi.secrets.CMS_ADMIN_EMAIL!, strapi.secrets.CMS_ADMIN_PASSWORD!);
      expect((await create()).site_id).toBe(next.site_id + 51);
    },
    3 * 60_000,
  );
});

describe("a product's category", () => {
  it('set in Chinese is the category of the English version too, in the draft and once published', async () => {
    const [product] = (await admin('GET', `${entries(PRODUCT)}?locale=zh&pageSize=1`)).body.results as { documentId: string }[];
    const [before] = await categoryOf(product!.documentId, 'zh', 'draft');
    const categories = (await admin('GET', `${entries('api::product-category.product-category')}?locale=zh&pageSize=100`)).body.results as {
      documentId: string;
    }[];
    const other = categories.find((category) => category.documentId !== before)!.documentId;

    const moved = await admin('PUT', `${entries(PRODUCT)}/${product!.documentId}?locale=zh`, { category: { connect: [{ documentId: other, locale: 'zh' }] } });
    expect(moved.status).toBe(200);
    expect({ zh: await categoryOf(product!.documentId, 'zh', 'draft'), en: await categoryOf(product!.documentId, 'en', 'draft') }).toEqual({
      zh: [other],
      en: [other],
    });
    // Published versions change when published, in either language.
    expect(await categoryOf(product!.documentId, 'en', 'published')).toEqual([before]);

    expect((await admin('POST', `${entries(PRODUCT)}/${product!.documentId}/actions/publish?locale=zh`, {})).status).toBe(200);
    const read = await cmsCall(strapi.cms.url, 'GET', `/api/products/${product!.documentId}?locale=en&populate[category]=true`, strapi.siteToken);
    expect(read.body.data.category).toMatchObject({ documentId: other, locale: 'en' });
  }, 60_000);

  it('is taken by a language added later', async () => {
    const categories = (await admin('GET', `${entries('api::product-category.product-category')}?locale=zh&pageSize=1`)).body.results as {
      documentId: string;
    }[];
    const category = categories[0]!.documentId;
    const created = await admin('POST', `${entries(PRODUCT)}?locale=zh`, { name: '新产品', category: { connect: [{ documentId: category, locale: 'zh' }] } });
    expect(created.status).toBe(201);
    const { documentId } = created.body.data as { documentId: string };
    expect((await admin('PUT', `${entries(PRODUCT)}/${documentId}?locale=en`, { name: 'A new product' })).status).toBe(200);
    expect(await categoryOf(documentId, 'en', 'draft')).toEqual([category]);
  }, 60_000);
});
