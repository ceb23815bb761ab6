/**
 * Strapi as the content source, end to end: the real Strapi of cms/ (installed if missing,
 * started on its own SQLite, seeded from the content pack through its APIs), the provider
 * reading it with the read-only token, and the site. Every route of the route table, in zh and
 * en, must show the same main content and head tags as with the content pack; a change published
 * through Strapi's API shows at once (its webhook; the time is printed); with Strapi stopped, the site keeps serving.
 * What an editor can leave out (unpublished, deleted, emptied, a missing en) is editorActions.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadContentPack } from '../../src/provider/content/loadPack';
import { ENDPOINT, POST_ENDPOINTS, type EndpointName } from '../../src/contracts/endpoints';
import { LOCALES } from '../../src/contracts/locale';
import { localizedPath, pathTo, ROUTES } from '../../src/contracts/routes';
import type { openDatabase } from '../../src/provider/sqliteDatabase';
import type { RunningCms } from '../../config/cms/cms';
import { fakeDist, freePort } from '../../src/server/server.testing';
import { CARRIED_BY_WEBHOOK_MS } from './bounds';
import { cmsStack, comparable, mediaStems, type Provider, type Site } from './stack';
import { adminLogin, cmsCall, newAdminUser, startSeededCms } from './strapi';

/** The calls whose parameters change the answer, each with the values that exercise them. */
const PARAMETERS: Record<string, string[]> = {
  pageBanner: ['type=1', 'type=2', 'type=3', 'type=4', 'type=5', 'type=6', 'type=9'],
  productList: ['', 'classify_id=CATEGORY', 'keyword=%E8%BD%AF%E8%86%8F', 'keyword=Ointment', 'page=2', 'page=2&pageSize=4&classify_id=CATEGORY', 'page=99'],
  productDetail: ['id=1', 'id=7', 'id=99999'],
  newsList: ['', 'page=2', 'page=2&pageSize=3'],
  newsDetail: ['id=1', 'id=3', 'id=99999'],
  notices: ['', 'id=1', 'id=99999'],
  jobDetail: ['id=1', 'id=99999'],
  memberList: ['', 'page=2&pageSize=3'],
};

/** JSON with its keys in one order: the two sources build objects field by field differently. */
const sorted = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(sorted)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
        )
      : value;

const pack = loadContentPack();
let secrets: Record<string, string>;
const work = mkdtempSync(join(tmpdir(), 'cms-parity-'));
const dist = fakeDist();
const stack = cmsStack({ work, pack, dist });
let cms: RunningCms;
let packSite: Site;
let strapiSite: Site;
let strapiProvider: Provider;
let packProvider: Provider;
let strapiDb: Awaited<ReturnType<typeof openDatabase>>;
const timings: Record<string, number> = {};

/** Every page of the route table, each detail page once per id the pack has. */
const PAGES: string[] = ROUTES.flatMap((route) => {
  if (route.id === 'login') return [];
  const ids = { newsDetail: pack.news, productDetail: pack.products, jobDetail: pack.jobs, noticeDetail: pack.notices }[route.id as string];
  const bare = route.id === 'noticeDetail' ? [pathTo(route.id)] : []; // its id is optional: all notices
  return ids ? [...bare, ...ids.map((item) => pathTo(route.id, { id: item.id }))] : [pathTo(route.id)];
}).flatMap((path) => LOCALES.map((locale) => localizedPath(path, locale)));

async function page(app: Site, url: string) {
  const response = await app.inject({ url });
  return { status: response.statusCode, ...comparable(response.body) };
}

beforeAll(async () => {
  // Strapi's webhook names the site, so the site's port is chosen first.
  const strapiSitePort = await freePort();
  const seeded = await startSeededCms({ work, siteUrl: `http://127.0.0.1:${strapiSitePort}` });
  ({ cms, secrets } = seeded);
  Object.assign(timings, seeded.timings);

  const withPack = await stack.provider();
  packProvider = withPack.app;
  // Fresh for a minute, as in production: only the webhook can show a change sooner.
  packSite = await stack.site(withPack.url);

  const withStrapi = await stack.provider({ url: cms.url, token: seeded.siteToken });
  strapiProvider = withStrapi.app;
  strapiDb = withStrapi.db;
  strapiSite = await stack.site(withStrapi.url, { cmsWebhookSecret: secrets.CMS_WEBHOOK_SECRET, port: strapiSitePort });
}, 15 * 60_000);

afterAll(async () => {
  await stack.close();
  await cms?.stop();
  rmSync(work, { recursive: true, force: true });
  rmSync(dist, { recursive: true, force: true });
  console.log(
    `Strapi: seeded once in ${timings.seed} ms, copied in ${timings.copy} ms, started in ${timings.start} ms; ${PAGES.length} pages compared; publish to page ${timings.publish} ms`,
  );
}, 60_000);

describe('Strapi as the content source', () => {
  it(
    'shows every route of the route table in zh and en as the content pack does',
    async () => {
      expect(PAGES).toEqual(expect.arrayContaining(['/', '/en/', '/news/noticedetail', '/en/product/1', `/news/${pack.news.at(-1)!.id}`, '/en/privacy']));
      const differences: string[] = [];
      for (const url of PAGES) {
        const [expected, actual] = await Promise.all([page(packSite, url), page(strapiSite, url)]);
        // What is compared is the page itself: its title and description, and a whole rendered main.
        expect({
          url,
          status: expected.status,
          head: /<title>[^<]+<\/title>[\s\S]*name="description"/.test(expected.head),
          main: expected.main.length > 2000,
        }).toEqual({ url, status: 200, head: true, main: true });
        if (actual.status !== expected.status) differences.push(`${url}: status ${actual.status}, not ${expected.status}`);
        if (actual.head !== expected.head) differences.push(`${url}: head differs\n${actual.head}\n---\n${expected.head}`);
        if (actual.main !== expected.main) {
          let at = 0;
          while (actual.main[at] === expected.main[at]) at += 1;
          differences.push(
            `${url}: main content differs at ${at}: «${actual.main.slice(at - 60, at + 120)}» instead of «${expected.main.slice(at - 60, at + 120)}»`,
          );
        }
      }
      expect(differences).toEqual([]);
    },
    5 * 60_000,
  );

  it(
    'answers every provider call as the content pack does, lists, filters, pages and unknown ids included',
    async () => {
      const category = pack.categories[1]!.id;
      const calls = Object.entries(ENDPOINT)
        .filter(([name]) => !POST_ENDPOINTS.includes(name as EndpointName))
        .flatMap(([name, path]) => (PARAMETERS[name] ?? ['']).map((query) => `${path}?${query.replace('CATEGORY', String(category))}`));
      const differences: string[] = [];
      for (const locale of LOCALES) {
        for (const call of calls) {
          const [expected, actual] = await Promise.all([packProvider, strapiProvider].map((app) => app.inject({ url: `${call}&lan=${locale}` })));
          const same =
            actual!.statusCode === expected!.statusCode &&
            mediaStems(JSON.stringify(sorted(actual!.json()))) === mediaStems(JSON.stringify(sorted(expected!.json())));
          if (!same)
            differences.push(
              `${locale} ${call}: ${actual!.statusCode} ${actual!.body.slice(0, 200)} instead of ${expected!.statusCode} ${expected!.body.slice(0, 200)}`,
            );
        }
      }
      expect(calls.length).toBeGreaterThan(Object.keys(ENDPOINT).length);
      expect(differences).toEqual([]);
    },
    2 * 60_000,
  );

  it('keeps a saved draft off the site, and shows it on Publish, through the webhook', async () => {
    const original = pack.news.find((n) => n.id === 1)!;
    expect((await strapiSite.inject({ url: '/en/news/1' })).body).toContain(original.en.title);
    const admin = async (method: string, path: string, body?: unknown, token?: string) => {
      const response = await fetch(`${cms.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await response.json()) as Record<string, unknown> & { data: { token: string }; results: { documentId: string }[] };
      expect({ path, ok: response.ok, error: json.error }).toEqual({ path, ok: true, error: undefined });
      return json;
    };
    // What the admin panel does for an editor: save the draft, later press Publish.
    const jwt = (await admin('POST', '/admin/login', { email: secrets.CMS_ADMIN_EMAIL, password: secrets.CMS_ADMIN_PASSWORD })).data.token;
    const news = '/content-manager/collection-types/api::news-article.news-article';
    const [entry] = (await admin('GET', `${news}?locale=en&filters[site_id][$eq]=1`, undefined, jwt)).results;
    const title = 'Production hall passes its GMP inspection, edited in Strapi';
    await admin('PUT', `${news}/${entry!.documentId}?locale=en`, { title }, jwt);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await strapiSite.inject({ url: '/en/news/1' })).body).toContain(original.en.title);

    const published = Date.now();
    await admin('POST', `${news}/${entry!.documentId}/actions/publish?locale=en`, { title }, jwt);
    let shown = false;
    while (!shown && Date.now() - published < CARRIED_BY_WEBHOOK_MS) {
      shown = (await strapiSite.inject({ url: '/en/news/1' })).body.includes(title);
      if (!shown) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    timings.publish = Date.now() - published;
    expect(shown).toBe(true);
    expect((await strapiSite.inject({ url: '/en/news' })).body).toContain(title);
    // The other language keeps its own title.
    expect((await strapiSite.inject({ url: '/news/1' })).body).toContain(original.zh.title);
  }, 60_000);

  it("lets an editor edit content but neither the site settings nor Strapi's settings", async () => {
    const call = (method: string, path: string, token: string, body?: unknown) => cmsCall(cms.url, method, path, token, body);
    const jwt = await adminLogin(cms.url, secrets.CMS_ADMIN_EMAIL!, secrets.CMS_ADMIN_PASSWORD!);
    const editor = await newAdminUser(cms.url, jwt, 'strapi-editor', 'editor@example.com');

    const content = await call('GET', '/content-manager/collection-types/api::news-article.news-article?locale=en', editor);
    expect(content.status).toBe(200);
    const settings = await call('GET', '/content-manager/single-types/api::site-setting.site-setting?locale=zh', editor);
    expect(settings.status).toBe(403);
    for (const [method, path] of [
      ['GET', '/admin/api-tokens'],
      ['GET', '/admin/webhooks'],
      ['GET', '/admin/users'],
      ['GET', '/admin/roles'],
      ['POST', '/i18n/locales'],
    ] as const) {
      expect({ method, path, status: (await call(method, path, editor, method === 'POST' ? { code: 'fr', name: 'French' } : undefined)).status }).toEqual({
        method,
        path,
        status: 403,
      });
    }
  }, 60_000);

  it(
    'keeps serving its pages with Strapi stopped',
    async () => {
      const before: Awaited<ReturnType<typeof page>>[] = [];
      for (const url of PAGES) before.push(await page(strapiSite, url));
      await cms.stop();
      expect((await fetch(`${cms.url}/_health`).catch(() => null))?.ok ?? false).toBe(false);
      // Every page rendered again (as after a publish), so nothing comes from the page cache.
      const purge = await strapiSite.inject({
        method: 'POST',
        url: '/_internal/cms/webhook',
        headers: { authorization: `Bearer ${secrets.CMS_WEBHOOK_SECRET}` },
        payload: { event: 'media.update', media: {} },
      });
      expect(purge.statusCode).toBe(204);
      for (const [i, url] of PAGES.entries()) {
        const after = await page(strapiSite, url);
        expect({ url, status: after.status, main: after.main }).toEqual({ url, status: 200, main: before[i]!.main });
      }
      // The provider still answers its API from the last good answers.
      const api = await strapiProvider.inject({ url: '/index/news/details?id=1&lan=en' });
      expect(api.json()).toMatchObject({ code: 0, data: { id: 1 } });
      // And an application to a job whose title it never read is still stored, by the job's id.
      const job = pack.jobs.at(-1)!.id;
      const application = await strapiProvider.inject({
        method: 'POST',
        url: ENDPOINT.recruitSubmit,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ name: '李明', phone: '13800000000', email: 'liming@example.com', id: String(job + 100), consent: '2026-01' }).toString(),
      });
      expect(application.json()).toMatchObject({ code: 0 });
      expect(strapiDb.prepare('SELECT job_id, job_title FROM applications').all()).toEqual([{ job_id: job + 100, job_title: '' }]);
    },
    5 * 60_000,
  );
});
