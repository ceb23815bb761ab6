/**
 * What an editor can do in Strapi and what the provider then answers: a part missing in the
 * page's language is read in zh and marked, a part missing everywhere or emptied is left out,
 * and each is told in the log, naming the entry.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locale } from '../../contracts/locale';
import type { StrapiEntry } from './client';
import { createStrapiSource } from './source';
import { STAND_IN_ANSWER_MS } from './standIn.testing';

const picture = (name: string) => ({ url: `/uploads/${name}.webp` });
const scene = (title: string) => ({ title, des: `${title}…`, pic: picture(title), over_pic: picture(`${title}-over`) });
const homePage = (lang: Locale) => ({ about: scene(`about-${lang}`), product_tiles: [scene(`tile-${lang}`)] });
const newsBanner = (lang: Locale) => ({
  locale: lang,
  page: 'news',
  name: `news-${lang}`,
  des: '',
  desktop_image: picture('wide'),
  phone_image: picture('narrow'),
});
const publication = (lang: Locale, featured: boolean) => ({
  locale: lang,
  title: `${featured ? 'top' : 'other'}-${lang}`,
  url: 'https://example.com/p.pdf',
  pic: picture('p'),
  featured,
  position: 0,
});

/** Strapi's Content API over published documents only, as much of it as the adapter asks. */
async function fakeStrapi() {
  const state = {
    singles: {} as Record<string, Partial<Record<Locale, StrapiEntry>>>,
    collections: {} as Record<string, (StrapiEntry & { locale: Locale })[]>,
    url: '',
    server: undefined as unknown as Server,
  };
  state.server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://strapi');
    const name = url.pathname.replace('/api/', '');
    const locale = url.searchParams.get('locale') as Locale;
    const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (name in state.singles) {
      const entry = state.singles[name]![locale];
      return entry ? send(200, { data: entry }) : send(404, { data: null, error: { status: 404 } });
    }
    const filters = [...url.searchParams].filter(([key]) => key.startsWith('filters['));
    const data = (state.collections[name] ?? []).filter(
      (entry) => entry.locale === locale && filters.every(([key, value]) => String(entry[/^filters\[(\w+)\]/.exec(key)![1]!]) === value),
    );
    return send(200, { data, meta: { pagination: { total: data.length, pageCount: 1 } } });
  });
  await new Promise<void>((resolve) => state.server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(state.server.address() as AddressInfo).port}`;
  return state;
}

let strapi: Awaited<ReturnType<typeof fakeStrapi>>;
let warnings: string[];
let source: ReturnType<typeof createStrapiSource>;

beforeEach(async () => {
  strapi = await fakeStrapi();
  strapi.singles['home-page'] = { zh: homePage('zh'), en: homePage('en') };
  strapi.collections['page-banners'] = [newsBanner('zh'), newsBanner('en')];
  strapi.collections.publications = [publication('zh', true), publication('en', true), publication('zh', false), publication('en', false)];
  warnings = [];
  source = createStrapiSource({ url: strapi.url, token: 't', timeoutMs: STAND_IN_ANSWER_MS, warn: (message) => warnings.push(message) });
});

afterEach(async () => {
  strapi.server.closeAllConnections();
  await new Promise((resolve) => strapi.server.close(resolve));
});

describe('the Strapi source after an editor action', () => {
  it("answers in the page's language, unmarked and without a word in the log, when everything is published", async () => {
    expect(await source.content('homeAbout', 'en')).toStrictEqual({ title: 'about-en', des: 'about-en…', pic: '/uploads/about-en.webp' });
    expect(await source.content('pageBanner:4', 'en')).toStrictEqual({ name: 'news-en', des: '', webimg: '/uploads/wide.webp', img: '/uploads/narrow.webp' });
    expect(await source.content('publicationTop', 'en')).toMatchObject({ title: 'top-en' });
    expect(warnings).toEqual([]);
  });

  it('reads a single type without its en version in zh, marks every part lang zh, and tells it once', async () => {
    delete strapi.singles['home-page']!.en;
    expect(await source.content('homeAbout', 'en')).toStrictEqual({ title: 'about-zh', des: 'about-zh…', pic: '/uploads/about-zh.webp', lang: 'zh' });
    expect(await source.content('homeProduct', 'en')).toStrictEqual([
      { title: 'tile-zh', des: 'tile-zh…', pic: '/uploads/tile-zh.webp', over_pic: '/uploads/tile-zh-over.webp', lang: 'zh' },
    ]);
    expect(await source.content('homeAbout', 'zh')).not.toHaveProperty('lang');
    expect(warnings).toEqual(['Strapi: home-page has no published en version: the en pages show its zh one']);
  });

  it('never reads zh pages in en: a single type without its zh version is left out of them', async () => {
    delete strapi.singles['home-page']!.zh;
    expect(await source.content('homeAbout', 'zh')).toBeUndefined();
    expect(await source.content('homeAbout', 'en')).toMatchObject({ title: 'about-en' });
    expect(warnings).toEqual(['Strapi: home-page is not published in zh: the zh pages leave it out']);
  });

  it('leaves out every part of a single type published in no language, and tells it', async () => {
    strapi.singles['home-page'] = {};
    expect(await source.content('homeAbout', 'en')).toBeUndefined();
    expect(await source.content('homeProduct', 'en')).toBeUndefined();
    expect(warnings).toEqual(['Strapi: home-page is not published in en nor zh: the en pages leave it out']);
  });

  it("leaves out a component emptied in one language, without borrowing the other language's, and names it", async () => {
    strapi.singles['home-page']!.en = { ...homePage('en'), about: null };
    expect(await source.content('homeAbout', 'en')).toBeUndefined();
    expect(await source.content('homeProduct', 'en')).toMatchObject([{ title: 'tile-en' }]);
    expect(await source.content('homeAbout', 'zh')).toMatchObject({ title: 'about-zh' });
    expect(warnings).toEqual(['Strapi: home-page (en) has an empty about: its section is left out']);
  });

  it('reads a page banner without its en version in zh, marked, and leaves out one deleted in every language', async () => {
    strapi.collections['page-banners'] = [newsBanner('zh')];
    expect(await source.content('pageBanner:4', 'en')).toStrictEqual({
      name: 'news-zh',
      des: '',
      webimg: '/uploads/wide.webp',
      img: '/uploads/narrow.webp',
      lang: 'zh',
    });
    strapi.collections['page-banners'] = [];
    expect(await source.content('pageBanner:4', 'zh')).toBeUndefined();
    expect(warnings).toEqual([
      'Strapi: page-banner "news" has no published en version: the en pages show its zh one',
      'Strapi: page-banner "news" is not published in zh: the zh pages leave it out',
    ]);
  });

  it('answers no featured publication as none, keeps the others, and tells it', async () => {
    strapi.collections.publications = strapi.collections.publications!.map((entry) => ({ ...entry, featured: false }));
    expect(await source.content('publicationTop', 'zh')).toBeUndefined();
    expect(await source.content('publicationList', 'zh')).toHaveLength(2);
    expect(warnings).toEqual(['Strapi: no publication is featured in zh: the news page shows none on top']);
  });
});
