/**
 * The head's fallback rules for a detail page: an editor's SEO fields (meta title, meta
 * description, share image and its alt) when set, the page's own (title, summary, picture) when
 * not; in the document's title and description, and in the JSON-LD.
 */
import Validator from '@adobe/structured-data-validator';
import { screen } from '@testing-library/react';
import { schemaOrgVocabulary } from '../../../config/jest/schemaOrgVocabulary';
import { PAYLOADS } from '../../contracts/payloads';
import { normalise } from '../../contracts/schema/payload';
import { SITE_META } from '../../contracts/siteMeta';
import { contentKey } from '../../features/content/key';
import { renderApp, type Entry } from '../renderApp.testing';
import type { RootState } from '../store';
import { detailPicture, seoDescription, seoPicture, seoTitle, shownDetail } from './seo';
import { serializeJsonLd, structuredDataFor } from './structuredData';
import { MEDIA, seededState } from './structuredData.testing';

const SITE = SITE_META.zh;
const SEO = {
  meta_title: '新车间投产 | 岳川药业',
  meta_description: '编辑写的描述。',
  share_image: 'https://media.example.com/uploads/share.webp',
  share_image_alt: '车间外景',
};
const EMPTY = { meta_title: '', meta_description: '', share_image: '', share_image_alt: '' };

describe('the rules', () => {
  it('title: the meta title as written, else "page title - site", else the site', () => {
    expect(seoTitle(SEO, '新车间投产', SITE.title)).toBe('新车间投产 | 岳川药业');
    expect(seoTitle({ ...SEO, meta_title: '  ' }, '新车间投产', SITE.title)).toBe(`新车间投产 - ${SITE.title}`);
    expect(seoTitle(undefined, '新车间投产', SITE.title)).toBe(`新车间投产 - ${SITE.title}`);
    expect(seoTitle(EMPTY, '', SITE.title)).toBe(SITE.title);
  });

  it('description: the meta description, else the summary, else the site; fitted to a search result', () => {
    expect(seoDescription(SEO, '摘要', SITE.description)).toBe('编辑写的描述。');
    expect(seoDescription(EMPTY, ' 摘要 ', SITE.description)).toBe('摘要');
    expect(seoDescription(null, '', SITE.description)).toBe(SITE.description);
    expect(Array.from(seoDescription({ meta_description: '长'.repeat(200) }, '', SITE.description))).toHaveLength(160);
  });

  it("picture: the share image with its alt (else the title), else the page's own picture as given, else none", () => {
    const own = { src: '/uploads/n1.webp', alt: '新车间' };
    expect(seoPicture(SEO, own, '标题')).toEqual({ src: SEO.share_image, alt: '车间外景' });
    expect(seoPicture({ ...SEO, share_image_alt: '' }, own, '标题')).toEqual({ src: SEO.share_image, alt: '标题' });
    expect(seoPicture(EMPTY, own, '标题')).toEqual(own);
    expect(seoPicture(undefined, { src: '/uploads/banner.webp', alt: '' }, '标题')).toEqual({ src: '/uploads/banner.webp', alt: '' });
    expect(detailPicture({ title: '标题', pic: '/uploads/n1.webp', pic_alt: '' })).toEqual({ src: '/uploads/n1.webp', alt: '标题' });
    expect(detailPicture({ name: '软膏', pics: ['/uploads/p1.webp'], pics_alt: ['软膏正面'], pic: '/uploads/p0.webp' })).toEqual({
      src: '/uploads/p1.webp',
      alt: '软膏正面',
    });
    expect(seoPicture(EMPTY, { src: '', alt: '' }, '标题')).toEqual({ src: '', alt: '' });
  });
});

/** The seeded state of /news/1 (or /products/3, /jobs/1) with `fields` set on the detail, as the api adapter normalises them. */
function withFields(routeId: 'newsDetail' | 'productDetail' | 'jobDetail', id: string, path: string, fields: object): RootState {
  const state = seededState('zh', routeId, path, { id });
  const key = contentKey(routeId, 'zh', { id });
  const entry = state.content.entries[key]!;
  const data = normalise(PAYLOADS[routeId], { ...(entry.data as object), ...fields }, MEDIA);
  return { ...state, content: { ...state.content, entries: { ...state.content.entries, [key]: { ...entry, data } } } };
}

describe('JSON-LD', () => {
  const wire = { ...SEO, share_image: '/uploads/share.webp' };

  it("a NewsArticle's description is the meta description and its first image the share image; its headline stays the title", () => {
    const state = withFields('newsDetail', '1', '/news/1', wire);
    const article = structuredDataFor('newsDetail', state, 'https://www.example.com', 'zh').find(
      (block) => (block as { '@type': string })['@type'] === 'NewsArticle',
    ) as Record<string, unknown>;
    expect(article.description).toBe('编辑写的描述。');
    expect(article.image).toEqual([`${MEDIA}/uploads/share.webp`, `${MEDIA}/uploads/news/n01.webp`]);
    expect(article.headline).toBe((shownDetail(state, 'newsDetail', '1') as { title: string }).title);
  });

  it('without SEO fields, a NewsArticle has the summary and the picture, as before', () => {
    const state = seededState('zh', 'newsDetail', '/news/1', { id: '1' });
    const article = structuredDataFor('newsDetail', state, 'https://www.example.com', 'zh').find(
      (block) => (block as { '@type': string })['@type'] === 'NewsArticle',
    ) as Record<string, unknown>;
    expect(article.description).toBe((shownDetail(state, 'newsDetail', '1') as { des: string }).des);
    expect(article.image).toEqual([`${MEDIA}/uploads/news/n01.webp`]);
  });

  it("a Drug's image and a JobPosting's image take the share image; without it a Drug keeps its picture and a job has none", () => {
    const typed = (state: RootState, routeId: 'productDetail' | 'jobDetail', type: string) =>
      structuredDataFor(routeId, state, 'https://www.example.com', 'zh').find((block) => (block as { '@type': string })['@type'] === type) as Record<
        string,
        unknown
      >;
    expect(typed(withFields('productDetail', '3', '/products/3', wire), 'productDetail', 'Drug').image).toEqual([
      `${MEDIA}/uploads/share.webp`,
      `${MEDIA}/uploads/product/p03-1.webp`,
    ]);
    expect(typed(seededState('zh', 'productDetail', '/products/3', { id: '3' }), 'productDetail', 'Drug').image).toBe(`${MEDIA}/uploads/product/p03-1.webp`);
    expect(typed(withFields('jobDetail', '1', '/jobs/1', wire), 'jobDetail', 'JobPosting').image).toBe(`${MEDIA}/uploads/share.webp`);
    expect(typed(seededState('zh', 'jobDetail', '/jobs/1', { id: '1' }), 'jobDetail', 'JobPosting')).not.toHaveProperty('image');
  });

  it('with SEO fields, every detail still validates without errors', async () => {
    const validator = new Validator(schemaOrgVocabulary());
    const pages = [
      withFields('newsDetail', '1', '/news/1', wire),
      withFields('productDetail', '3', '/products/3', wire),
      withFields('jobDetail', '1', '/jobs/1', wire),
    ];
    for (const state of pages) {
      const routeId = state.navigation.route!.routeId!;
      const jsonld: Record<string, unknown[]> = {};
      for (const block of structuredDataFor(routeId, state, 'https://www.example.com', 'zh')) {
        const parsed = JSON.parse(serializeJsonLd(block)) as { '@type': string };
        (jsonld[parsed['@type']] ??= []).push(parsed);
      }
      const issues = await validator.validate({ jsonld });
      expect({ routeId, errors: issues.filter((issue) => issue.severity === 'ERROR') }).toEqual({ routeId, errors: [] });
    }
  });
});

describe("the document's title and description", () => {
  const layout: Entry[] = [
    ['main', { company: '岳川药业有限公司', logo: '', qrcode: '', copyright: '', icp: '', drug_certificate: '', shop_url: '', links: [] }],
    ['classifyList', []],
  ];
  const news = { id: 3, title: '新车间投产', pic: '', des: '新建软膏车间正式投产。', create_time: '2026-05-01 09:00:00', content: '<p>正文</p>', pic_alt: '' };
  const description = () => document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;

  it("are the editor's meta title and description when set", async () => {
    renderApp('/news/3', { entries: [...layout, ['newsDetail', { ...news, ...SEO }, { id: '3' }]] });
    await screen.findAllByText('新车间投产');
    expect(document.title).toBe('新车间投产 | 岳川药业');
    expect(description()).toBe('编辑写的描述。');
  });

  it("are the page's title and summary when not", async () => {
    renderApp('/news/3', { entries: [...layout, ['newsDetail', { ...news, ...EMPTY }, { id: '3' }]] });
    await screen.findAllByText('新车间投产');
    expect(document.title).toBe(`新车间投产 - ${SITE.title}`);
    expect(description()).toBe('新建软膏车间正式投产。');
  });
});
