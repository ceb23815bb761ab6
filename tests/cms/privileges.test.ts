/**
 * Least privilege in the real Strapi of cms/: the site's token reads the published content of the
 * site's content types and nothing else; the webhook's secret comes from Strapi's environment,
 * never from its database, and still reaches the site; Editors and Authors have no hand on Site
 * settings, and the rest is theirs in both languages: Editors publish, delete and take back
 * anyone's, Authors write their own and never publish. A plain HTTP server stands in for the site
 * and records what Strapi sends it.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CMS_DIR, startCms, type RunningCms } from '../../config/cms/cms';
import { SITE_TOKEN } from '../../src/provider/strapi/seed/seedStrapi';
import { freePort } from '../../src/server/server.testing';
import { cmsRows, cmsTables } from './database';
import { adminLogin, cmsCall, newAdminUser, startSeededCms, type SeededCms } from './strapi';

/** The read of the media library's texts of named pictures (cms/src/api/picture-text). */
const PICTURE_TEXTS = 'api::picture-text.picture-text.find';

interface ContentType {
  uid: string;
  kind: 'singleType' | 'collectionType';
  /** Its Content API path: the plural of a collection type, the singular of a single type. */
  path: string;
}

/** The site's content types, as cms/src/api declares them. */
const CONTENT_TYPES: ContentType[] = readdirSync(join(CMS_DIR, 'src', 'api'))
  // An API without content types (picture-texts) is a route, not content.
  .filter((api) => existsSync(join(CMS_DIR, 'src', 'api', api, 'content-types')))
  .flatMap((api) =>
    readdirSync(join(CMS_DIR, 'src', 'api', api, 'content-types')).map((name) => {
      const schema = JSON.parse(readFileSync(join(CMS_DIR, 'src', 'api', api, 'content-types', name, 'schema.json'), 'utf8')) as {
        kind: ContentType['kind'];
        info: { singularName: string; pluralName: string };
      };
      return { uid: `api::${api}.${name}`, kind: schema.kind, path: schema.kind === 'singleType' ? schema.info.singularName : schema.info.pluralName };
    }),
  );
const NEWS = CONTENT_TYPES.find((type) => type.uid === 'api::news-article.news-article')!;
const SETTINGS = 'api::site-setting.site-setting';

interface Delivery {
  url: string;
  headers: IncomingHttpHeaders;
  body: { event?: string; uid?: string; entry?: { documentId?: string; title?: string } };
}

/** The site's stand-in: answers every webhook call with 204 and keeps it. */
const deliveries: Delivery[] = [];
const waiting = new Set<() => void>();
const receiver = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    deliveries.push({ url: request.url ?? '', headers: request.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Delivery['body'] });
    response.writeHead(204).end();
    for (const wake of waiting) wake();
  });
});

/** The first delivery that matches, now or when it arrives (the test's timeout bounds the wait). */
function delivered(matches: (delivery: Delivery) => boolean): Promise<Delivery> {
  return new Promise((resolve) => {
    const look = () => {
      const found = deliveries.find(matches);
      if (!found) return;
      waiting.delete(look);
      resolve(found);
    };
    waiting.add(look);
    look();
  });
}

const work = mkdtempSync(join(tmpdir(), 'cms-privileges-'));
let strapi: SeededCms;
let cms: RunningCms;
let siteUrl: string;
let jwt: string;
const api = (method: string, path: string, token: string, body?: unknown) => cmsCall(cms.url, method, path, token, body);
const admin = (method: string, path: string, body?: unknown) => cmsCall(cms.url, method, path, jwt, body);
const newsEntries = `/content-manager/collection-types/${NEWS.uid}`;

/** Every table of Strapi's database with `secret` in one of its texts. */
async function tablesHolding(secret: string): Promise<string[]> {
  const holding: string[] = [];
  for (const name of await cmsTables(strapi.dataDir))
    if (JSON.stringify(await cmsRows(strapi.dataDir, `SELECT * FROM "${name}"`)).includes(secret)) holding.push(name);
  return holding;
}

/** The webhook rows, headers as JSON text (PostgreSQL keeps them as jsonb). */
async function webhookRows(): Promise<{ name: string; url: string; headers: string }[]> {
  const rows = await cmsRows<{ name: string; url: string; headers: unknown }>(strapi.dataDir, 'SELECT name, url, headers FROM strapi_webhooks');
  return rows.map((row) => ({ ...row, headers: typeof row.headers === 'string' ? row.headers : JSON.stringify(row.headers) }));
}

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  strapi = await startSeededCms({ work, siteUrl });
  cms = strapi.cms;
  jwt = await adminLogin(cms.url, strapi.secrets.CMS_ADMIN_EMAIL!, strapi.secrets.CMS_ADMIN_PASSWORD!);
}, 15 * 60_000);

afterAll(async () => {
  await cms?.stop();
  await new Promise((resolve) => receiver.close(resolve));
  rmSync(work, { recursive: true, force: true });
}, 60_000);

describe("the site's token", () => {
  it("is a custom token allowed find and findOne of the 16 content types, the library's texts of named pictures, and nothing else", async () => {
    expect(CONTENT_TYPES).toHaveLength(16);
    const tokens = (await admin('GET', '/admin/api-tokens')).body.data as { id: number; name: string }[];
    const site = tokens.find((token) => token.name === SITE_TOKEN)!;
    const { body } = await admin('GET', `/admin/api-tokens/${site.id}`);
    // Single types have no findOne: their one document is what find answers.
    const expected = [
      ...CONTENT_TYPES.flatMap(({ uid, kind }) => (kind === 'collectionType' ? [`${uid}.find`, `${uid}.findOne`] : [`${uid}.find`])),
      PICTURE_TEXTS,
    ];
    expect({ type: body.data.type, permissions: [...body.data.permissions].sort() }).toEqual({ type: 'custom', permissions: expected.sort() });
  });

  it('reads every content type, each document of a collection by its id, and what the site populates', async () => {
    const answers: string[] = [];
    for (const { kind, path } of CONTENT_TYPES) {
      const found = await api('GET', `/api/${path}?locale=en`, strapi.siteToken);
      answers.push(`${path} ${found.status}`);
      if (kind === 'singleType') continue;
      const { documentId } = found.body.data[0];
      const one = await api('GET', `/api/${path}/${documentId}?locale=en`, strapi.siteToken);
      answers.push(`${path}/:id ${one.status} ${one.body.data?.documentId === documentId}`);
    }
    expect(answers).toEqual(CONTENT_TYPES.flatMap(({ kind, path }) => (kind === 'singleType' ? [`${path} 200`] : [`${path} 200`, `${path}/:id 200 true`])));
    // A relation is kept only for a token that may find its target; pictures come with their entry.
    const products = await api('GET', '/api/products?locale=en&populate[category]=true&populate[pic]=true&pagination[pageSize]=1', strapi.siteToken);
    expect(products.body.data[0]).toMatchObject({ category: { documentId: expect.any(String) }, pic: { url: expect.stringMatching(/^\/uploads\//) } });
  });

  it('is refused the upload library and the other plugins', async () => {
    const statuses: Record<string, number> = {};
    for (const path of ['/api/upload/files', '/api/upload/files/1', '/api/i18n/locales', '/api/content-type-builder/content-types'])
      statuses[path] = (await api('GET', path, strapi.siteToken)).status;
    expect(statuses).toEqual({
      '/api/upload/files': 403,
      '/api/upload/files/1': 403,
      '/api/i18n/locales': 403,
      '/api/content-type-builder/content-types': 403,
    });
  });

  it("reads the library's alternative texts of the uploads it names only, at most 50 at a time", async () => {
    const news = await api('GET', `/api/${NEWS.path}?locale=zh&populate[pic]=true&pagination[pageSize]=1`, strapi.siteToken);
    const pic = news.body.data[0].pic as { url: string; alternativeText: string | null };
    const texts = await api('GET', `/api/picture-texts?url=${encodeURIComponent(pic.url)}&url=/uploads/no-such-file.jpg&url=/etc/passwd`, strapi.siteToken);
    expect({ status: texts.status, body: texts.body }).toEqual({ status: 200, body: { data: { [pic.url]: pic.alternativeText ?? '' } } });
    expect((await api('GET', '/api/picture-texts', strapi.siteToken)).body).toEqual({ data: {} });
    const tooMany = Array.from({ length: 51 }, (_, i) => `url=/uploads/${i}.jpg`).join('&');
    expect((await api('GET', `/api/picture-texts?${tooMany}`, strapi.siteToken)).status).toBe(400);
    expect((await api('GET', `/api/picture-texts?url=${encodeURIComponent(pic.url)}`, '')).status).toBe(401);
  });

  it('is refused drafts, which a full-access token reads', async () => {
    const [entry] = (await admin('GET', `${newsEntries}?locale=en&pagination[pageSize]=1`)).body.results as { documentId: string; title: string }[];
    const draft = 'A saved draft, not for the site yet';
    expect((await admin('PUT', `${newsEntries}/${entry!.documentId}?locale=en`, { title: draft })).status).toBe(200);
    const full = (await admin('POST', '/admin/api-tokens', { name: 'full access, for the test', type: 'full-access', lifespan: null })).body.data as {
      id: number;
      accessKey: string;
    };
    try {
      // Without the guard the draft is there to read: this is what the site's token must not get.
      const withFull = await api('GET', `/api/${NEWS.path}/${entry!.documentId}?locale=en&status=draft`, full.accessKey);
      expect({ status: withFull.status, title: withFull.body.data?.title }).toEqual({ status: 200, title: draft });
    } finally {
      await admin('DELETE', `/admin/api-tokens/${full.id}`);
    }
    for (const path of [
      `/api/${NEWS.path}?locale=en&status=draft`,
      `/api/${NEWS.path}/${entry!.documentId}?locale=en&status=draft`,
      '/api/site-setting?status=draft',
      '/api/home-page?locale=en&status=draft',
    ]) {
      const answer = await api('GET', path, strapi.siteToken);
      expect({ path, status: answer.status, draft: JSON.stringify(answer.body).includes(draft) }).toEqual({ path, status: 403, draft: false });
    }
    const published = await api('GET', `/api/${NEWS.path}/${entry!.documentId}?locale=en`, strapi.siteToken);
    expect({ status: published.status, title: published.body.data.title }).toEqual({ status: 200, title: entry!.title });
  });

  it('is refused every write, and the content stays as it was', async () => {
    const [entry] = (await api('GET', `/api/${NEWS.path}?locale=zh&pagination[pageSize]=1`, strapi.siteToken)).body.data as {
      documentId: string;
      title: string;
    }[];
    const form = new FormData();
    form.append('files', new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/svg+xml' }), 'x.svg');
    const writes: [string, string, unknown][] = [
      ['POST', `/api/${NEWS.path}?locale=zh`, { data: { title: 'Written with the site token' } }],
      ['PUT', `/api/${NEWS.path}/${entry!.documentId}?locale=zh`, { data: { title: 'Written with the site token' } }],
      ['DELETE', `/api/${NEWS.path}/${entry!.documentId}?locale=zh`, undefined],
      ['PUT', '/api/site-setting?locale=zh', { data: { company_name: 'Written with the site token' } }],
      ['DELETE', '/api/site-setting?locale=zh', undefined],
    ];
    for (const [method, path, body] of writes) {
      expect({ method, path, status: (await api(method, path, strapi.siteToken, body)).status }).toEqual({ method, path, status: 403 });
    }
    const upload = await fetch(`${cms.url}/api/upload`, { method: 'POST', headers: { authorization: `Bearer ${strapi.siteToken}` }, body: form });
    expect(upload.status).toBe(403);
    const after = await api('GET', `/api/${NEWS.path}/${entry!.documentId}?locale=zh`, strapi.siteToken);
    expect(after.body.data.title).toBe(entry!.title);
  });
});

describe('Site settings', () => {
  it("are no Editor's or Author's to change: their roles keep every other content type", async () => {
    const roles = (await admin('GET', '/admin/roles')).body.data as { id: number; code: string }[];
    const subjects: Record<string, string[]> = {};
    for (const code of ['strapi-editor', 'strapi-author']) {
      const role = roles.find((candidate) => candidate.code === code)!;
      const permissions = (await admin('GET', `/admin/roles/${role.id}/permissions`)).body.data as { action: string; subject: string | null }[];
      subjects[code] = [
        ...new Set(permissions.map((permission) => permission.subject).filter((subject): subject is string => subject?.startsWith('api::') ?? false)),
      ].sort();
    }
    const others = CONTENT_TYPES.map((type) => type.uid)
      .filter((uid) => uid !== SETTINGS)
      .sort();
    expect(subjects).toEqual({ 'strapi-editor': others, 'strapi-author': others });

    // What an Author sees in the admin panel: their drafts, and no Site settings.
    const author = await newAdminUser(cms.url, jwt, 'strapi-author', 'author@example.com');
    expect((await api('GET', `${newsEntries}?locale=en`, author)).status).toBe(200);
    expect((await api('GET', `/content-manager/single-types/${SETTINGS}?locale=zh`, author)).status).toBe(403);
  }, 60_000);
});

describe('Editors and Authors', () => {
  /** A role's permissions on the site's content types, one line each: action, type, locales, conditions. */
  async function contentPermissions(code: string): Promise<string[]> {
    const roles = (await admin('GET', '/admin/roles')).body.data as { id: number; code: string }[];
    const role = roles.find((candidate) => candidate.code === code)!;
    const permissions = (await admin('GET', `/admin/roles/${role.id}/permissions`)).body.data as {
      action: string;
      subject: string | null;
      properties: { locales?: string[] };
      conditions: string[];
    }[];
    return permissions
      .filter((permission) => permission.subject?.startsWith('api::'))
      .map(
        ({ action, subject, properties, conditions }) =>
          `${action.split('.').pop()} ${subject} ${[...(properties.locales ?? [])].sort().join(',')} ${conditions.join(',')}`,
      )
      .sort();
  }
  /** A new panel user of `role`, the admin API as they call it, and a Chinese article they drafted. */
  async function drafting(role: string, email: string, title: string) {
    const token = await newAdminUser(cms.url, jwt, role, email);
    const as = (method: string, path: string, body?: unknown) => api(method, path, token, body);
    const created = await as('POST', `${newsEntries}?locale=zh`, { title, date: '2024-07-01T08:00:00.000Z' });
    expect(created.status).toBe(201);
    return { as, documentId: (created.body.data as { documentId: string }).documentId };
  }
  const others = CONTENT_TYPES.map((type) => type.uid).filter((uid) => uid !== SETTINGS);
  const expected = (actions: string[], conditions: string) => actions.flatMap((action) => others.map((uid) => `${action} ${uid} en,zh ${conditions}`)).sort();

  it('have the content permissions of their roles in both languages, Site settings aside', async () => {
    expect(await contentPermissions('strapi-editor')).toEqual(expected(['create', 'read', 'update', 'delete', 'publish'], ''));
    expect(await contentPermissions('strapi-author')).toEqual(expected(['create', 'read', 'update', 'delete'], 'admin::is-creator'));
  });

  it('an Editor writes an article in both languages, publishes it for the site, takes it back and deletes it', async () => {
    const { as: asEditor, documentId } = await drafting('strapi-editor', 'editor@example.com', '编辑的文章');
    expect((await asEditor('PUT', `${newsEntries}/${documentId}?locale=en`, { title: "An Editor's article" })).status).toBe(200);
    // Everyone's articles, not only theirs.
    const listed = await asEditor('GET', `${newsEntries}?locale=en&pageSize=1`);
    expect({ status: listed.status, total: listed.body.pagination?.total }).toEqual({
      status: 200,
      total: (await admin('GET', `${newsEntries}?locale=en&pageSize=1`)).body.pagination.total,
    });

    const statuses: Record<string, number> = {};
    const step = async (name: string, method: string, path: string) => {
      statuses[name] = (await asEditor(method, path, method === 'POST' ? {} : undefined)).status;
    };
    const onSite = async () => ({
      zh: (await api('GET', `/api/${NEWS.path}/${documentId}?locale=zh`, strapi.siteToken)).body.data?.title ?? null,
      en: (await api('GET', `/api/${NEWS.path}/${documentId}?locale=en`, strapi.siteToken)).body.data?.title ?? null,
    });
    await step('publish zh', 'POST', `${newsEntries}/${documentId}/actions/publish?locale=zh`);
    await step('publish en', 'POST', `${newsEntries}/${documentId}/actions/publish?locale=en`);
    const published = await onSite();
    await step('unpublish en', 'POST', `${newsEntries}/${documentId}/actions/unpublish?locale=en`);
    const unpublished = await onSite();
    await step('delete zh', 'DELETE', `${newsEntries}/${documentId}?locale=zh`);
    await step('delete en', 'DELETE', `${newsEntries}/${documentId}?locale=en`);
    expect({ statuses, published, unpublished, deleted: await onSite(), left: (await admin('GET', `${newsEntries}/${documentId}?locale=en`)).status }).toEqual({
      statuses: { 'publish zh': 200, 'publish en': 200, 'unpublish en': 200, 'delete zh': 200, 'delete en': 200 },
      published: { zh: '编辑的文章', en: "An Editor's article" },
      unpublished: { zh: '编辑的文章', en: null },
      deleted: { zh: null, en: null },
      left: 404,
    });
  }, 60_000);

  it('an Author writes an article in both languages but may not publish it, nor change one of someone else', async () => {
    const { as: asAuthor, documentId } = await drafting('strapi-author', 'writer@example.com', '作者的文章');
    const [seeded] = (await admin('GET', `${newsEntries}?locale=zh&pageSize=1`)).body.results as { documentId: string }[];
    const statuses = {
      english: (await asAuthor('PUT', `${newsEntries}/${documentId}?locale=en`, { title: "An Author's article" })).status,
      publish: (await asAuthor('POST', `${newsEntries}/${documentId}/actions/publish?locale=zh`, {})).status,
      someoneElses: (await asAuthor('PUT', `${newsEntries}/${seeded!.documentId}?locale=zh`, { title: 'Changed by an Author' })).status,
      onSite: (await api('GET', `/api/${NEWS.path}/${documentId}?locale=zh`, strapi.siteToken)).status,
      delete: (await asAuthor('DELETE', `${newsEntries}/${documentId}?locale=zh`)).status,
    };
    expect(statuses).toEqual({ english: 200, publish: 403, someoneElses: 403, onSite: 404, delete: 200 });
  }, 60_000);
});

describe("the webhook's secret", () => {
  it("is nowhere in Strapi's database, and the site still receives it with every change", async () => {
    const secret = strapi.secrets.CMS_WEBHOOK_SECRET!;
    expect(await webhookRows()).toEqual([{ name: 'site pages', url: `${siteUrl}/_internal/cms/webhook`, headers: '{}' }]);
    expect(await tablesHolding(secret)).toEqual([]);
    // The search does find what the database holds.
    expect(await tablesHolding(strapi.secrets.CMS_ADMIN_EMAIL!)).toContain('admin_users');

    const [entry] = (await admin('GET', `${newsEntries}?locale=zh&pagination[pageSize]=1`)).body.results as { documentId: string }[];
    const title = 'Changed to call the site';
    expect((await admin('PUT', `${newsEntries}/${entry!.documentId}?locale=zh`, { title })).status).toBe(200);
    const call = await delivered((delivery) => delivery.body.event === 'entry.update' && delivery.body.entry?.title === title);
    expect({ url: call.url, authorization: call.headers.authorization, event: call.headers['x-strapi-event'], model: call.body.uid }).toEqual({
      url: '/_internal/cms/webhook',
      authorization: `Bearer ${secret}`,
      event: 'entry.update',
      model: NEWS.uid,
    });
  }, 60_000);
});

// One restart for what a start must do to a database an older CMS left: each start costs seconds of CPU.
describe('at its next start, Strapi', () => {
  it(
    "gives a site token made before the picture-texts route that route, keeps the roles' permission rows, and takes the webhook's secret out of a row an older CMS wrote it into",
    async () => {
      const secret = strapi.secrets.CMS_WEBHOOK_SECRET!;
      const site = ((await admin('GET', '/admin/api-tokens')).body.data as { id: number; name: string }[]).find((token) => token.name === SITE_TOKEN)!;
      const granted = (await admin('GET', `/admin/api-tokens/${site.id}`)).body.data.permissions as string[];
      const older = granted.filter((permission) => permission !== PICTURE_TEXTS);
      expect((await admin('PUT', `/admin/api-tokens/${site.id}`, { permissions: older })).status).toBe(200);
      expect((await api('GET', '/api/picture-texts?url=/uploads/a.jpg', strapi.siteToken)).status).toBe(403);
      const permissionRows = () =>
        cmsRows(
          strapi.dataDir,
          "SELECT p.id, p.action, p.subject, p.properties, p.conditions FROM admin_permissions p JOIN admin_permissions_role_lnk l ON l.permission_id = p.id JOIN admin_roles r ON r.id = l.role_id WHERE r.code IN ('strapi-editor', 'strapi-author') ORDER BY p.id",
        );
      const rowsBefore = await permissionRows();
      expect(rowsBefore).toHaveLength(2 * 6 + 15 * 9);

      await cms.stop();
      await cmsRows(strapi.dataDir, 'UPDATE strapi_webhooks SET headers = ?', [JSON.stringify({ Authorization: `Bearer ${secret}` })]);
      expect(await tablesHolding(secret)).toEqual(['strapi_webhooks']);
      cms = await startCms({ port: await freePort(), dataDir: strapi.dataDir, serveAdmin: false, secrets: strapi.secrets, siteUrl, output: 'ignore' });
      jwt = await adminLogin(cms.url, strapi.secrets.CMS_ADMIN_EMAIL!, strapi.secrets.CMS_ADMIN_PASSWORD!);

      expect(((await admin('GET', `/admin/api-tokens/${site.id}`)).body.data.permissions as string[]).sort()).toEqual([...granted].sort());
      expect((await api('GET', '/api/picture-texts?url=/uploads/a.jpg', strapi.siteToken)).status).toBe(200);
      expect(await permissionRows()).toEqual(rowsBefore);
      expect(await webhookRows()).toEqual([{ name: 'site pages', url: `${siteUrl}/_internal/cms/webhook`, headers: '{}' }]);
      expect(await tablesHolding(secret)).toEqual([]);
    },
    3 * 60_000,
  );
});
