/**
 * The content pack speaks the same optional SEO fields and alternative texts as Strapi: a pack
 * that sets them is accepted and the provider answers them (news and jobs from their JSON
 * column, products, banners and page banners from their JSON); a pack without them answers as
 * before; a meta title or description past its limit is refused, naming the field.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { openDatabase, type ProviderDatabase } from '../sqliteDatabase';
import { createRepository } from './repository';
import { tempDataDir } from '../provider.testing';
import { DEFAULT_PACK_DIR, loadContentPack } from './loadPack';

const SEO_ZH = {
  meta_title: '新车间通过GMP检查 | 岳川药业',
  meta_description: '岳川药业新建软膏与乳膏车间通过GMP符合性检查。',
  share_image: '/uploads/news/n02.webp',
  share_image_alt: '车间外景',
};

let data: ReturnType<typeof tempDataDir>;
let packDir: string;
const opened: ProviderDatabase[] = [];

beforeEach(() => {
  data = tempDataDir();
  packDir = join(data.dir, 'pack');
  cpSync(DEFAULT_PACK_DIR, packDir, { recursive: true });
});

afterEach(() => {
  for (const db of opened.splice(0)) db.close();
  data.remove();
});

function edit(file: string, change: (doc: Record<string, any>) => void) {
  const path = join(packDir, file);
  const doc = parse(readFileSync(path, 'utf8')) as Record<string, any>;
  change(doc);
  writeFileSync(path, stringify(doc, { lineWidth: 0 }));
}

async function repository(dir = packDir) {
  const db = await openDatabase(join(data.dir, `data-${opened.length}`), loadContentPack(dir));
  opened.push(db);
  return {
    repo: createRepository(db),
    content: (key: string, locale: 'zh' | 'en') =>
      JSON.parse((db.prepare('SELECT json FROM content WHERE key = ? AND locale = ?').get(key, locale) as { json: string }).json),
  };
}

it('answers the SEO fields and alternative texts a pack sets, per language, and leaves out those it does not', async () => {
  edit('news.yaml', (doc) => Object.assign(doc.news[0].zh, SEO_ZH, { pic_alt: '新车间' }));
  edit('people.yaml', (doc) => Object.assign(doc.jobs[0].en, { meta_title: 'Formulation Scientist jobs in Qingwu' }));
  edit('products.yaml', (doc) => Object.assign(doc.products[0].zh, { meta_description: '清凉止痒的外用软膏。', pics_alt: ['软膏正面', ''] }));
  edit('company.yaml', (doc) => {
    Object.assign(doc.banners[0].zh, { img_alt: '生产线' });
    Object.assign(doc.pageBanners[0].en, { webimg_alt: 'The plant at dawn' });
  });
  const { repo, content } = await repository();
  expect(repo.newsDetail(1, 'zh')).toMatchObject({ ...SEO_ZH, pic_alt: '新车间', title: '岳川药业新外用制剂车间通过GMP符合性检查' });
  expect(repo.news('zh', { page: 1, pageSize: 10 }).rows.find((row) => row.id === 1)).toMatchObject({ pic_alt: '新车间' });
  expect(repo.news('zh', { page: 1, pageSize: 10 }).rows.find((row) => row.id === 1)).not.toHaveProperty('meta_title');
  const en = repo.newsDetail(1, 'en')!;
  for (const field of ['meta_title', 'meta_description', 'share_image', 'share_image_alt', 'pic_alt']) expect(en).not.toHaveProperty(field);
  expect(repo.job(1, 'en')).toMatchObject({ meta_title: 'Formulation Scientist jobs in Qingwu', title: 'Formulation Scientist' });
  expect(repo.job(1, 'zh')).not.toHaveProperty('meta_title');
  expect(repo.product(1, 'zh')).toMatchObject({ meta_description: '清凉止痒的外用软膏。', pics_alt: ['软膏正面', ''] });
  expect(repo.products('zh', 0, '', { page: 1, pageSize: 20 }).rows.find((row) => row.id === 1)).toMatchObject({ pics_alt: ['软膏正面', ''] });
  expect(repo.products('zh', 0, '', { page: 1, pageSize: 20 }).rows.find((row) => row.id === 2)).not.toHaveProperty('pics_alt');
  expect(content('banner', 'zh')[0]).toMatchObject({ img_alt: '生产线' });
  expect(content(`pageBanner:${firstPageBannerType()}`, 'en')).toMatchObject({ webimg_alt: 'The plant at dawn' });
});

it("answers the other pictures' alternative texts a pack sets: a scene's per language, a captioned picture's and a publication's from their {zh, en}", async () => {
  edit('people.yaml', (doc) => {
    Object.assign(doc.sceneTeam[0].en, { pic_alt: 'Two chemists at a bench' });
    doc.memberCulture.list[0].pic_alt = { zh: '团队合影', en: 'The team together' };
  });
  edit('news.yaml', (doc) => {
    doc.publicationTop.pic_alt = { zh: '年报封面', en: 'Annual report cover' };
  });
  const { content } = await repository();
  expect(content('sceneTeam', 'en')[0]).toMatchObject({ pic_alt: 'Two chemists at a bench' });
  expect(content('sceneTeam', 'zh')[0]).not.toHaveProperty('pic_alt');
  expect(content('memberCulture', 'en').list[0]).toMatchObject({ pic_alt: 'The team together' });
  expect(content('memberCulture', 'zh').list[1]).not.toHaveProperty('pic_alt');
  expect(content('publicationTop', 'zh')).toMatchObject({ pic_alt: '年报封面' });
});

/** The page type of the pack's first page banner. */
function firstPageBannerType(): number {
  return (parse(readFileSync(join(packDir, 'company.yaml'), 'utf8')) as { pageBanners: { type: number }[] }).pageBanners[0]!.type;
}

it('answers the shipped pack, which sets none, exactly as before', async () => {
  const { repo } = await repository(DEFAULT_PACK_DIR);
  expect(Object.keys(repo.newsDetail(1, 'zh')!).sort()).toEqual(['content', 'create_time', 'des', 'id', 'pic', 'title']);
  expect(Object.keys(repo.job(1, 'en')!).sort()).toEqual(['area', 'content', 'create_time', 'id', 'num', 'status', 'title', 'type']);
  expect(Object.keys(repo.news('en', { page: 1, pageSize: 1 }).rows[0]!).sort()).toEqual(['create_time', 'des', 'id', 'pic', 'title']);
  expect(Object.keys(repo.products('en', 0, '', { page: 1, pageSize: 1 }).rows[0]!).sort()).toEqual(['id', 'name', 'pics']);
});

it('refuses a meta title past 60 characters, a meta description past 160 and a share image outside /uploads/, naming each', async () => {
  edit('news.yaml', (doc) =>
    Object.assign(doc.news[0].en, { meta_title: 'x'.repeat(61), meta_description: 'y'.repeat(161), share_image: 'https://elsewhere.example/a.png' }),
  );
  expect(() => loadContentPack(packDir)).toThrow(
    expect.objectContaining({
      problems: expect.arrayContaining([
        expect.stringMatching(/news\.yaml: news\[0\]\.en\.meta_title: expected at most 60 characters/),
        expect.stringMatching(/news\.yaml: news\[0\]\.en\.meta_description: expected at most 160 characters/),
        expect.stringMatching(/news\.yaml: news\[0\]\.en\.share_image: expected a media path/),
      ]),
    }),
  );
});
