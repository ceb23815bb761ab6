/**
 * What an editor does in Strapi's admin (through the admin API, as the panel does), end to end
 * with the real Strapi of cms/: unpublish a single type, delete a page banner, empty an optional
 * component, leave no publication featured, delete an entry's en version. After each, every page
 * it touches answers 200 from the server render with the rest of its content, the part is left
 * out (or shown in zh inside lang="zh"), and the provider's log names the entry. Where the
 * content pack can lose the same part (a row of its content table), the page is the pack's own.
 * The cases run in order: each leaves Strapi as the next expects.
 */
import { JSDOM } from 'jsdom';
import { LOCALES, type Locale } from '../../src/contracts/locale';
import { loadContentPack } from '../../src/provider/content/loadPack';
import type { openDatabase } from '../../src/provider/sqliteDatabase';
import { freePort } from '../../src/server/server.testing';
import { CARRIED_BY_WEBHOOK_MS } from './bounds';
import { cmsTestFile, comparable, type Site } from './stack';
import { adminLogin, cmsCall, type SeededCms } from './strapi';

const pack = loadContentPack();
const newest = [...pack.news].sort((a, b) => b.create_time.localeCompare(a.create_time))[0]!;
const { stack, seed } = cmsTestFile('cms-editor-', pack);
/** What the Strapi-fed provider logs at warn. */
const warnings: string[] = [];
let seeded: SeededCms;
let strapiSite: Site;
let packSite: Site;
let packDb: Awaited<ReturnType<typeof openDatabase>>;
let jwt: string;

beforeAll(async () => {
  // Strapi's webhook names the site, so the site's port is chosen first.
  const strapiSitePort = await freePort();
  seeded = await seed(`http://127.0.0.1:${strapiSitePort}`);
  const withPack = await stack.provider();
  packDb = withPack.db;
  // No page cache: the pack loses its parts under the site, which no webhook tells.
  packSite = await stack.site(withPack.url, { pageCache: { freshMs: 0, staleWhileRevalidateMs: 0, staleIfErrorMs: 0 } });
  const withStrapi = await stack.provider({ url: seeded.cms.url, token: seeded.siteToken }, warnings);
  // Pages fresh for a minute, as in production: the webhook of each action makes them out of date.
  strapiSite = await stack.site(withStrapi.url, { cmsWebhookSecret: seeded.secrets.CMS_WEBHOOK_SECRET, port: strapiSitePort });
  jwt = await adminLogin(seeded.cms.url, seeded.secrets.CMS_ADMIN_EMAIL!, seeded.secrets.CMS_ADMIN_PASSWORD!);
}, 15 * 60_000);

/** One call of the admin panel's content manager; anything but 200 fails the test. */
async function admin(method: string, path: string, body?: unknown) {
  const answer = await cmsCall(seeded.cms.url, method, `/content-manager${path}`, jwt, body);
  expect({ method, path, status: answer.status, error: answer.body?.error }).toEqual({ method, path, status: 200, error: undefined });
  return answer.body;
}
const singleType = (uid: string) => `/single-types/api::${uid}.${uid}`;
const collectionType = (uid: string) => `/collection-types/api::${uid}.${uid}`;
// The panel names the locale in the query; the single-type controllers read it from the body.
const publish = (path: string, locale: Locale, data: object = {}) => admin('POST', `${path}/actions/publish?locale=${locale}`, { ...data, locale });
const unpublish = (path: string, locale: Locale) => admin('POST', `${path}/actions/unpublish?locale=${locale}`, { locale });
const deleteLocale = (path: string, locale: Locale) => admin('DELETE', `${path}?locale=${locale}`);

/** The media library's Save of a file's alternative text ('': none). */
async function describePicture(file: number, alternativeText: string) {
  const form = new FormData();
  form.append('fileInfo', JSON.stringify({ alternativeText }));
  const response = await fetch(`${seeded.cms.url}/upload?id=${file}`, { method: 'POST', headers: { authorization: `Bearer ${jwt}` }, body: form });
  expect({ file, status: response.status }).toEqual({ file, status: 200 });
}

/**
 * Puts an unpublished document back as an editor does: the seed's pictures have no alternative
 * text, so the CMS may ask for one for each picture the publish would show again
 * (cms/src/describedPictures.js); the editor gives them, and Publish passes. The texts are then
 * emptied again and the entry published once more, so the pages are the pack's again for the
 * tests that compare them.
 */
async function republish(path: string, locale: Locale) {
  const refused = await cmsCall(seeded.cms.url, 'POST', `/content-manager${path}/actions/publish?locale=${locale}`, jwt, { locale });
  if (refused.status === 200) return;
  expect({ status: refused.status, name: refused.body?.error?.name }).toEqual({ status: 400, name: 'ValidationError' });
  const files = [...new Set((refused.body.error.details.pictures as { id: number }[]).map((picture) => picture.id))];
  for (const file of files) await describePicture(file, `图片 ${file}`);
  await publish(path, locale);
  for (const file of files) await describePicture(file, '');
  // An alternative text changed alone re-renders no page; the next Publish of the entry does.
  await publish(path, locale);
}
async function documentId(uid: string, filter: string): Promise<string> {
  const { results } = await admin('GET', `${collectionType(uid)}?locale=zh&${filter}`);
  expect(results).toHaveLength(1);
  return results[0].documentId as string;
}

/** The same parts gone from the content pack, by its content table's keys; returns the undo. */
function packWithout(keys: string[], locales: readonly Locale[] = LOCALES): () => void {
  const where = `key IN (${keys.map(() => '?').join(', ')}) AND locale IN (${locales.map(() => '?').join(', ')})`;
  const rows = packDb.prepare(`SELECT key, locale, json FROM content WHERE ${where}`).all(...keys, ...locales) as {
    key: string;
    locale: string;
    json: string;
  }[];
  expect(rows).toHaveLength(keys.length * locales.length);
  packDb.prepare(`DELETE FROM content WHERE ${where}`).run(...keys, ...locales);
  return () => {
    const insert = packDb.prepare('INSERT INTO content (key, locale, json) VALUES (?, ?, ?)');
    for (const row of rows) insert.run(row.key, row.locale, row.json);
  };
}

interface Rendered {
  status: number;
  main: string;
  doc: Document;
}

async function render(site: Site, url: string): Promise<Rendered> {
  const response = await site.inject({ url });
  const { main } = comparable(response.body);
  let doc: Document | undefined;
  // Parsed when read: most polls compare `main` only, and a parse costs more than the cached render.
  return {
    status: response.statusCode,
    main,
    get doc() {
      return (doc ??= new JSDOM(response.body).window.document);
    },
  };
}

/** The Strapi site's page once `ready` holds (the action's webhook has reached the site), or at the bound. */
async function once(url: string, ready: (page: Rendered) => boolean): Promise<Rendered> {
  const started = Date.now();
  for (;;) {
    const page = await render(strapiSite, url);
    if (ready(page) || Date.now() - started > CARRIED_BY_WEBHOOK_MS) return page;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A server-rendered page: 200 and a whole #root, not the client shell. */
const served = (page: Rendered) => page.status === 200 && page.main.length > 2000;

/** Each url on the Strapi site answers the server render the pack's site gives without the same parts. */
async function expectSameAsPack(urls: string[]) {
  for (const url of urls) {
    const expected = await render(packSite, url);
    const actual = await once(url, (page) => page.main === expected.main);
    expect({ url, served: served(expected) }).toEqual({ url, served: true });
    expect({ url, status: actual.status, same: actual.main === expected.main }).toEqual({ url, status: 200, same: true });
  }
}

const text = (doc: Document, selector: string) => doc.querySelector(selector)?.textContent ?? '';

describe('after an editor action in Strapi, every page still renders', () => {
  it('unpublishing a single type (the home page, in both languages): / and /en/ without its parts', async () => {
    const about = pack.homeAbout;
    const home = singleType('home-page');
    expect(text((await render(strapiSite, '/')).doc, '#about')).toContain(about.zh.title);
    const restorePack = packWithout(['homeAbout', 'homeProduct']);
    try {
      for (const locale of LOCALES) await unpublish(home, locale);
      await expectSameAsPack(['/', '/en/']);
      for (const [url, locale] of [
        ['/', 'zh'],
        ['/en/', 'en'],
      ] as const) {
        const { doc } = await render(strapiSite, url);
        expect({ url, about: doc.querySelector('#about') }).toEqual({ url, about: null });
        // The rest of the page: the carousel and the news, from other entries.
        expect(text(doc, '.home-banner')).toContain(pack.banners[0]![locale].title);
        expect(text(doc, '#news')).toContain(newest[locale].title);
      }
      expect(warnings).toEqual(
        expect.arrayContaining([
          'Strapi: home-page is not published in zh: the zh pages leave it out',
          'Strapi: home-page is not published in en nor zh: the en pages leave it out',
        ]),
      );
    } finally {
      for (const locale of LOCALES) await republish(home, locale);
      restorePack();
    }
  }, 60_000);

  it("deleting a page banner (the news page's, in both languages): the news pages show their own title, without a picture", async () => {
    const banner = pack.pageBanners.find((candidate) => candidate.type === 4)!;
    const id = await documentId('page-banner', 'filters[page][$eq]=news');
    const restorePack = packWithout(['pageBanner:4']);
    try {
      for (const locale of LOCALES) await deleteLocale(`${collectionType('page-banner')}/${id}`, locale);
      await expectSameAsPack(['/news', '/en/news', '/news/notice', '/en/news/notice']);
      const { doc } = await render(strapiSite, '/en/news');
      expect(doc.querySelector('.page-banner img')).toBeNull();
      expect(text(doc, '.page-banner')).not.toContain(banner.en.des);
      expect(text(doc, 'h1')).toBe('News');
      expect(warnings).toEqual(expect.arrayContaining(['Strapi: page-banner "news" is not published in zh: the zh pages leave it out']));
    } finally {
      restorePack();
    }
  }, 60_000);

  it('emptying an optional component (about on the home and about pages, the patient texts; the innovation overview in en only): those sections are left out', async () => {
    const restoreBoth = packWithout(['homeAbout', 'aboutUs', 'patientContent']);
    const restoreEn = packWithout(['sceneOverview'], ['en']);
    try {
      for (const locale of LOCALES) {
        await publish(singleType('home-page'), locale, { about: null });
        await publish(singleType('about-page'), locale, { about: null });
        await publish(singleType('patient-page'), locale, { texts: null });
      }
      await publish(singleType('innovation-page'), 'en', { overview: null });
      await expectSameAsPack(['/', '/en/', '/about', '/en/about', '/patient', '/en/patient', '/innovation', '/en/innovation']);
      const about = (await render(strapiSite, '/en/about')).doc;
      expect(about.querySelector('#company')).toBeNull();
      expect(text(about, '#development')).toContain(pack.develop[0]!.en.title);
      const patient = (await render(strapiSite, '/patient')).doc;
      expect(patient.querySelector('.patient__intro')).toBeNull();
      expect(patient.querySelector('form')).not.toBeNull();
      // Emptied in en only: the en page leaves it out rather than borrowing the zh one.
      expect((await render(strapiSite, '/en/innovation')).doc.querySelector('#overview')).toBeNull();
      expect(text((await render(strapiSite, '/innovation')).doc, '#overview')).toContain(pack.sceneOverview.zh.title);
      expect(warnings).toEqual(
        expect.arrayContaining([
          'Strapi: home-page (zh) has an empty about: its section is left out',
          'Strapi: about-page (en) has an empty about: its section is left out',
          'Strapi: patient-page (zh) has an empty texts: its section is left out',
          'Strapi: innovation-page (en) has an empty overview: its section is left out',
        ]),
      );
    } finally {
      restoreEn();
      restoreBoth();
    }
  }, 60_000);

  it('leaving no publication featured: the news page shows every publication in its list, none on top', async () => {
    const id = await documentId('publication', 'filters[featured][$eq]=true');
    for (const locale of LOCALES) await publish(`${collectionType('publication')}/${id}`, locale, { featured: false });
    for (const [url, locale] of [
      ['/news', 'zh'],
      ['/en/news', 'en'],
    ] as const) {
      const page = await once(url, ({ doc }) => doc.querySelector('.publications--no-top') !== null);
      expect({ url, served: served(page), top: page.doc.querySelector('.publications--no-top') !== null }).toEqual({ url, served: true, top: true });
      const journal = text(page.doc, '#journal');
      expect(journal).toContain(pack.publicationTop.title[locale]);
      expect(journal).toContain(pack.publications[0]!.title[locale]);
      expect(text(page.doc, '#news')).toContain(newest[locale].title);
    }
    expect(warnings).toEqual(
      expect.arrayContaining([
        'Strapi: no publication is featured in zh: the news page shows none on top',
        'Strapi: no publication is featured in en: the news page shows none on top',
      ]),
    );
  }, 60_000);

  it('deleting an entry\'s en version (the innovation page): /en/innovation shows its zh text, marked lang="zh"', async () => {
    await deleteLocale(singleType('innovation-page'), 'en');
    const team = pack.sceneTeam[0]!;
    const page = await once('/en/innovation', ({ doc }) => text(doc, '#team').includes(team.zh.title));
    expect({ served: served(page), lang: page.doc.documentElement.lang }).toEqual({ served: true, lang: 'en' });
    for (const [id, title] of [
      ['overview', pack.sceneOverview.zh.title],
      ['team', team.zh.title],
      ['cooperation', pack.sceneCooperation[0]!.zh.title],
    ] as const) {
      const marked = page.doc.querySelector(`#${id} [lang="zh"]`);
      // The zh text inside lang="zh"; the section's heading, the site's own words, stays in en.
      expect({
        id,
        marked: marked?.textContent?.includes(title) ?? false,
        heading: page.doc.querySelector(`#${id} h2`)?.closest('[lang]')?.getAttribute('lang'),
      }).toEqual({ id, marked: true, heading: 'en' });
    }
    // The banner's en version is there: not marked. The zh page is untouched.
    expect(page.doc.querySelector('.page-banner')?.closest('[lang]')?.getAttribute('lang')).toBe('en');
    expect((await render(strapiSite, '/innovation')).doc.querySelector('main [lang]')).toBeNull();
    expect(warnings).toEqual(expect.arrayContaining(['Strapi: innovation-page has no published en version: the en pages show its zh one']));
  }, 60_000);

  it.each([
    ['news-article', 'news', pack.news[1]!, (item: (typeof pack.news)[number]) => item.zh.title],
    ['job', 'resources', pack.jobs[0]!, (item: (typeof pack.jobs)[number]) => item.zh.title],
    ['product', 'product', pack.products[0]!, (item: (typeof pack.products)[number]) => item.zh.name],
    ['notice', 'news/noticedetail', pack.notices[0]!, (item: (typeof pack.notices)[number]) => item.zh.title],
  ] as const)(
    'deleting a %s\'s en version: its /en page shows the zh one, marked lang="zh", where the zh page\'s links lead',
    async (uid, path, item, zhTitle) => {
      const id = await documentId(uid, `filters[site_id][$eq]=${item.id}`);
      await deleteLocale(`${collectionType(uid)}/${id}`, 'en');
      const title = (zhTitle as (entry: typeof item) => string)(item);
      const page = await once(`/en/${path}/${item.id}`, ({ doc }) => (doc.querySelector('main [lang="zh"]')?.textContent ?? '').includes(title));
      expect({
        served: served(page),
        lang: page.doc.documentElement.lang,
        marked: page.doc.querySelector('main [lang="zh"]')?.textContent?.includes(title),
      }).toEqual({ served: true, lang: 'en', marked: true });
      // Every link the zh page gives to its English version answers that page.
      const zh = await render(strapiSite, `/${path}/${item.id}`);
      const english = [...zh.doc.querySelectorAll('link[hreflang="en"], a[hreflang="en"], a[lang="en"]')].map(
        (link) => new URL(link.getAttribute('href')!, 'http://site.test').pathname,
      );
      expect(english).toContain(`/en/${path}/${item.id}`);
      for (const url of new Set(english)) expect({ url, status: (await render(strapiSite, url)).status }).toEqual({ url, status: 200 });
      expect(warnings).toEqual(expect.arrayContaining([`Strapi: ${uid} ${item.id} has no published en version: its en page shows its zh one`]));
    },
    60_000,
  );
});
