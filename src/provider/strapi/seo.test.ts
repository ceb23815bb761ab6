/**
 * The SEO component and the media library's alternative texts, from Strapi's answers to the
 * payloads: each set field is mapped (meta_title, meta_description, share_image, share_image_alt,
 * the pictures' *_alt), and an entry without them answers exactly what it answered before they
 * existed, so the site's fallbacks apply.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locale } from '../../contracts/locale';
import { PRODUCT_INSERT_FIELDS } from '../../contracts/productInsert';
import type { StrapiEntry } from './client';
import { loadContentPack } from '../content/loadPack';
import { MissingStrapiField } from './fields';
import { mediaPaths, packDocuments } from './seed/packDocuments';
import { createStrapiSource } from './source';
import { STAND_IN_ANSWER_MS } from './standIn.testing';

const file = (name: string, alternativeText: string | null = null) => ({ url: `/uploads/${name}.webp`, alternativeText });
const seo = (lang: Locale) => ({
  metaTitle: ` SEO title ${lang} `,
  metaDescription: `SEO description ${lang}`,
  shareImage: file(`share-${lang}`, `Share picture ${lang}`),
});
const news = (lang: Locale, extra: StrapiEntry = {}) => ({
  locale: lang,
  site_id: 1,
  title: `title-${lang}`,
  des: `des-${lang}`,
  content: 'text',
  date: '2026-01-15T01:00:00.000Z',
  pic: file('n1'),
  seo: null,
  ...extra,
});
const product = (lang: Locale, extra: StrapiEntry = {}) => ({
  locale: lang,
  site_id: 3,
  name: `name-${lang}`,
  des: '',
  productspecial: '',
  reminder: null,
  category: null,
  pic: file('p3'),
  pics: [file('p3-1'), file('p3-2')],
  seo: null,
  ...Object.fromEntries(PRODUCT_INSERT_FIELDS.map((field) => [field, ''])),
  ...extra,
});
const job = (lang: Locale, extra: StrapiEntry = {}) => ({
  locale: lang,
  site_id: 2,
  title: `job-${lang}`,
  type: '',
  openings: 1,
  area: '',
  opening_status: '',
  date: '2026-01-15T01:00:00.000Z',
  content: '',
  seo: null,
  ...extra,
});

/** Strapi's Content API, as much of it as these calls ask: single types (one document for every language) and collections filtered by their fields. */
async function fakeStrapi() {
  const state = {
    singles: {} as Record<string, StrapiEntry>,
    collections: {} as Record<string, (StrapiEntry & { locale: Locale })[]>,
    url: '',
    server: undefined as unknown as Server,
  };
  state.server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://strapi');
    const single = state.singles[url.pathname.replace('/api/', '')];
    if (single) return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: single }));
    const locale = url.searchParams.get('locale') as Locale;
    const filters = [...url.searchParams].filter(([key]) => /^filters\[\w+\]\[\$eq\]$/.test(key));
    const data = (state.collections[url.pathname.replace('/api/', '')] ?? []).filter(
      (entry) => entry.locale === locale && filters.every(([key, value]) => String(entry[/^filters\[(\w+)\]/.exec(key)![1]!]) === value),
    );
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data, meta: { pagination: { total: data.length, pageCount: 1 } } }));
  });
  await new Promise<void>((resolve) => state.server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(state.server.address() as AddressInfo).port}`;
  return state;
}

let strapi: Awaited<ReturnType<typeof fakeStrapi>>;
let source: ReturnType<typeof createStrapiSource>;

beforeEach(async () => {
  strapi = await fakeStrapi();
  source = createStrapiSource({ url: strapi.url, token: 't', timeoutMs: STAND_IN_ANSWER_MS, warn: () => {} });
});

afterEach(async () => {
  strapi.server.closeAllConnections();
  await new Promise((resolve) => strapi.server.close(resolve));
});

describe('SEO fields', () => {
  it("maps a news article's SEO component, per language, trimmed, with the share image's alternative text", async () => {
    strapi.collections.news = [news('zh', { seo: seo('zh') }), news('en', { seo: seo('en') })];
    for (const lang of ['zh', 'en'] as const) {
      expect(await source.newsDetail(1, lang)).toMatchObject({
        title: `title-${lang}`,
        meta_title: `SEO title ${lang}`,
        meta_description: `SEO description ${lang}`,
        share_image: `/uploads/share-${lang}.webp`,
        share_image_alt: `Share picture ${lang}`,
      });
    }
  });

  it('leaves them out when the component is not set, or set but emptied: the payload is as before', async () => {
    strapi.collections.news = [news('zh'), news('en', { seo: { metaTitle: '', metaDescription: null, shareImage: null } })];
    const before = { id: 1, title: 'title-zh', pic: '/uploads/n1.webp', create_time: '2026-01-15 09:00:00', des: 'des-zh', content: '<p>text</p>' };
    expect(await source.newsDetail(1, 'zh')).toStrictEqual(before);
    expect(await source.newsDetail(1, 'en')).toStrictEqual({ ...before, title: 'title-en', des: 'des-en' });
  });

  it('keeps a share image without alternative text, and leaves its alt to the site', async () => {
    strapi.collections.news = [news('zh', { seo: { metaTitle: null, metaDescription: null, shareImage: file('share') } })];
    const detail = await source.newsDetail(1, 'zh');
    expect(detail).toMatchObject({ share_image: '/uploads/share.webp' });
    expect(detail).not.toHaveProperty('share_image_alt');
    expect(detail).not.toHaveProperty('meta_title');
  });

  it('maps the SEO component of a product and a job', async () => {
    strapi.collections.products = [product('zh', { seo: seo('zh') })];
    strapi.collections.jobs = [job('en', { seo: seo('en') })];
    expect(await source.product(3, 'zh')).toMatchObject({
      meta_title: 'SEO title zh',
      meta_description: 'SEO description zh',
      share_image: '/uploads/share-zh.webp',
      share_image_alt: 'Share picture zh',
    });
    expect(await source.job(2, 'en')).toMatchObject({ meta_title: 'SEO title en', share_image: '/uploads/share-en.webp' });
  });

  it('is an error naming the field when the CMS has no SEO component (content types changed in one place only)', async () => {
    const { seo: _none, ...old } = news('zh');
    strapi.collections.news = [old as StrapiEntry & { locale: Locale }];
    await expect(source.newsDetail(1, 'zh')).rejects.toThrow(MissingStrapiField);
    await expect(source.newsDetail(1, 'zh')).rejects.toThrow('"news-article" has no field "seo"');
  });
});

describe("the media library's alternative text", () => {
  it("is each news picture's pic_alt, in the list and the article", async () => {
    strapi.collections.news = [news('zh', { pic: file('n1', ' 车间外景 ') })];
    expect((await source.news('zh', { page: 1, pageSize: 5 })).rows[0]).toMatchObject({ pic: '/uploads/n1.webp', pic_alt: '车间外景' });
    expect(await source.newsDetail(1, 'zh')).toMatchObject({ pic_alt: '车间外景' });
  });

  it("is a product's pic_alt and pics_alt (in the pictures' order, '' for one without), in the list too", async () => {
    strapi.collections.products = [product('en', { pic: file('p3', 'Box'), pics: [file('p3-1'), file('p3-2', 'Tube, front')] })];
    expect(await source.product(3, 'en')).toMatchObject({ pic_alt: 'Box', pics_alt: ['', 'Tube, front'] });
    expect((await source.products('en', 0, '', { page: 1, pageSize: 12 })).rows[0]).toStrictEqual({
      id: 3,
      name: 'name-en',
      pics: '/uploads/p3-1.webp,/uploads/p3-2.webp',
      pics_alt: ['', 'Tube, front'],
    });
  });

  it('is left out where no picture has one', async () => {
    strapi.collections.products = [product('zh')];
    strapi.collections.news = [news('zh')];
    expect(await source.product(3, 'zh')).not.toHaveProperty('pics_alt');
    expect(await source.product(3, 'zh')).not.toHaveProperty('pic_alt');
    expect((await source.news('zh', { page: 1, pageSize: 5 })).rows[0]).not.toHaveProperty('pic_alt');
  });

  it("is a home slide's img_alt and video_img_alt, and a page banner's webimg_alt and img_alt", async () => {
    strapi.collections.banners = [
      { locale: 'zh', kind: 'image', media: file('b1', '生产线'), poster: null, title: 't', des: 'd', position: 1 },
      {
        locale: 'zh',
        kind: 'video',
        media: { url: '/uploads/v.mp4', alternativeText: null },
        poster: file('poster', '视频封面'),
        title: 't',
        des: 'd',
        position: 2,
      },
    ];
    strapi.collections['page-banners'] = [{ locale: 'zh', page: 'news', name: 'n', des: '', desktop_image: file('wide', '宽图'), phone_image: file('narrow') }];
    expect(await source.content('banner', 'zh')).toStrictEqual([
      { type: '图片', img: '/uploads/b1.webp', video_img: '', title: 't', des: 'd', img_alt: '生产线' },
      { type: '视频', img: '/uploads/v.mp4', video_img: '/uploads/poster.webp', title: 't', des: 'd', video_img_alt: '视频封面' },
    ]);
    expect(await source.content('pageBanner:4', 'zh')).toStrictEqual({
      name: 'n',
      des: '',
      webimg: '/uploads/wide.webp',
      img: '/uploads/narrow.webp',
      webimg_alt: '宽图',
    });
  });
});

describe("the media library's alternative text on the other pages' pictures", () => {
  it('is the pic_alt of a scene, a captioned picture, a publication, a staff picture and the contact picture; left out where none is set', async () => {
    const scene = (title: string, alt: string | null) => ({ title, des: '', pic: file(title, alt), over_pic: file(`${title}-over`) });
    strapi.collections.publications = [
      { locale: 'zh', title: '年报', url: 'https://example.com/a.pdf', pic: file('cover', '年报封面'), featured: true, position: 0 },
    ];
    strapi.singles['innovation-page'] = { overview: scene('lab', '实验室'), team: [scene('a', null), scene('b', '研发人员')], cooperation: [], research: [] };
    strapi.singles['people-page'] = {
      culture_pictures: [{ title: '团建', pic: file('c1', '团队合影') }],
      values: '',
      hr_policies: [],
      member_pictures: [file('m1', '员工甲'), file('m2')],
    };
    expect(await source.content('sceneOverview', 'zh')).toMatchObject({ pic_alt: '实验室' });
    const team = (await source.content('sceneTeam', 'zh')) as object[];
    expect(team[0]).not.toHaveProperty('pic_alt');
    expect(team[1]).toMatchObject({ pic_alt: '研发人员' });
    expect(await source.content('memberCulture', 'zh')).toMatchObject({ list: [{ title: '团建', pic_alt: '团队合影' }] });
    expect(await source.members({ page: 1, pageSize: 10 })).toStrictEqual({
      rows: [{ pic: '/uploads/m1.webp', pic_alt: '员工甲' }, { pic: '/uploads/m2.webp' }],
      total: 2,
    });
    expect(await source.content('publicationTop', 'zh')).toMatchObject({ title: '年报', pic_alt: '年报封面' });
  });
});

describe("the seed's documents", () => {
  it("carry a pack's SEO fields as the SEO component, with the share image to upload; none where the pack sets none", () => {
    const pack = loadContentPack();
    const news = pack.news[0]!;
    const edited = { ...pack, news: [{ ...news, zh: { ...news.zh, meta_title: '标题', share_image: '/uploads/news/n02.webp' } }, ...pack.news.slice(1)] };
    const documents = packDocuments(edited);
    const article = documents.find((document) => document.path === 'news' && document.data.zh.site_id === news.id)!;
    expect(article.data.zh.seo).toEqual({ metaTitle: '标题', metaDescription: null, shareImage: { media: '/uploads/news/n02.webp' } });
    expect(article.data.en).not.toHaveProperty('seo');
    expect(packDocuments(pack).some((document) => 'seo' in document.data.zh || 'seo' in document.data.en)).toBe(false);
    expect(mediaPaths(documents)).toContain('/uploads/news/n02.webp');
  });
});
