/**
 * SEO fields and alternative text with the real Strapi of cms/ and the site in front of its
 * provider: an Editor uploads a share picture per language and a news picture, each with its
 * alternative text in the media library, sets a published article's meta title, meta
 * description and share image in zh and en, and publishes both. The server-rendered head of
 * /news/<id> and /en/news/<id> carries them (title, description, Open Graph, Twitter card,
 * JSON-LD); another article, without them, falls back to its title, summary and picture; and the
 * news picture's alternative text is the alt of its <img> on the news list. A publish that would
 * show a picture nobody described is refused until it is (cms/src/describedPictures.js).
 */
import sharp from 'sharp';
import { LOCALES, type Locale } from '../../src/contracts/locale';
import { SITE_META } from '../../src/contracts/siteMeta';
import { loadContentPack } from '../../src/provider/content/loadPack';
import { cmsTestFile } from './stack';
import { cmsCall, type SeededCms } from './strapi';

const pack = loadContentPack();
const [withSeo, without] = [pack.news[0]!, pack.news[1]!];
const NEWS = '/content-manager/collection-types/api::news-article.news-article';
const SEO: Record<Locale, { metaTitle: string; metaDescription: string; alt: string }> = {
  zh: { metaTitle: '新车间通过GMP检查｜岳川药业', metaDescription: '编辑为搜索结果写的描述：新建软膏与乳膏车间通过检查。', alt: '从空中俯瞰的新车间' },
  en: {
    metaTitle: 'New hall passes GMP inspection | Yuechuan',
    metaDescription: 'A description the editor wrote for search results: the new hall passed.',
    alt: 'The new hall seen from the air',
  },
};
const PICTURE_ALT = '灌装线上的软膏管';

const cmsFile = cmsTestFile('cms-seo-', pack);
let seeded: SeededCms;
let siteUrl: string;
let editor: string;
const shareImages = {} as Record<Locale, { id: number; url: string }>;
let picture: { id: number; url: string };

/** A picture uploaded to the media library as the panel does, with its alternative text unless none is given. */
async function upload(name: string, colour: string, alternativeText?: string): Promise<{ id: number; url: string }> {
  const body = await sharp({ create: { width: 1200, height: 630, channels: 3, background: colour } })
    .webp()
    .toBuffer();
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(body)], { type: 'image/webp' }), `${name}.webp`);
  form.append('fileInfo', JSON.stringify({ name: `${name}.webp`, ...(alternativeText === undefined ? {} : { alternativeText }) }));
  const response = await fetch(`${seeded.cms.url}/upload`, { method: 'POST', headers: { authorization: `Bearer ${editor}` }, body: form });
  const answer = (await response.json()) as { id: number; url: string; alternativeText: string }[];
  if (!response.ok || !answer[0]) throw new Error(`upload answered ${response.status}: ${JSON.stringify(answer)}`);
  if (alternativeText !== undefined) expect(answer[0].alternativeText).toBe(alternativeText);
  return answer[0];
}

async function documentIdOf(siteId: number): Promise<string> {
  const found = await cmsCall(seeded.cms.url, 'GET', `${NEWS}?locale=zh&filters[site_id][$eq]=${siteId}`, editor);
  return found.body.results[0].documentId as string;
}

/** The Editor's Publish of an entry in one language: Strapi's answer. */
const publish = (documentId: string, locale: Locale) =>
  cmsCall(seeded.cms.url, 'POST', `${NEWS}/${documentId}/actions/publish?locale=${locale}`, editor, { locale });

/** The Editor's Save of an entry's fields in one language. */
async function save(documentId: string, locale: Locale, fields: object) {
  const saved = await cmsCall(seeded.cms.url, 'PUT', `${NEWS}/${documentId}?locale=${locale}`, editor, { ...fields, locale });
  expect({ locale, status: saved.status, error: saved.body?.error }).toEqual({ locale, status: 200, error: undefined });
}

/** The Editor's Save of an entry's fields in one language, then Publish. */
async function saveAndPublish(documentId: string, locale: Locale, fields: object) {
  await save(documentId, locale, fields);
  const published = await publish(documentId, locale);
  expect({ locale, status: published.status, error: published.body?.error }).toEqual({ locale, status: 200, error: undefined });
}

const pathOf = (locale: Locale, path: string) => (locale === 'en' ? `/en${path}` : path);

async function page(path: string): Promise<string> {
  const response = await fetch(`${siteUrl}${path}`);
  expect({ path, status: response.status }).toEqual({ path, status: 200 });
  return response.text();
}

/** What crawlers and link previews read of a page's head. */
function headOf(html: string) {
  const head = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? '';
  const decode = (text: string) =>
    text
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>');
  const meta = (attribute: string, key: string) => {
    const found = new RegExp(`<meta ${attribute}="${key}" content="([^"]*)">`).exec(head)?.[1];
    return found === undefined ? undefined : decode(found);
  };
  const jsonLd = [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
  return {
    title: decode(/<title>([^<]*)<\/title>/.exec(head)?.[1] ?? ''),
    description: meta('name', 'description'),
    ogTitle: meta('property', 'og:title'),
    ogDescription: meta('property', 'og:description'),
    ogImage: meta('property', 'og:image'),
    ogImageAlt: meta('property', 'og:image:alt'),
    twitterCard: meta('name', 'twitter:card'),
    twitterTitle: meta('name', 'twitter:title'),
    twitterDescription: meta('name', 'twitter:description'),
    twitterImage: meta('name', 'twitter:image'),
    twitterImageAlt: meta('name', 'twitter:image:alt'),
    article: jsonLd.find((block) => block['@type'] === 'NewsArticle'),
  };
}

/** A media path without the version and width a page adds (`?v=…&w=…`). */
const withoutQuery = (url: string | undefined) => url?.replace(/\?.*$/, '');

beforeAll(async () => {
  ({ seeded, siteUrl, editor } = await cmsFile.siteWithEditor('seo-editor@example.com'));

  shareImages.zh = await upload('share-zh', '#0b6e6e', SEO.zh.alt);
  shareImages.en = await upload('share-en', '#6e0b6e', SEO.en.alt);
  picture = await upload('filling-line', '#c22', PICTURE_ALT);
  const documentId = await documentIdOf(withSeo.id);
  // The picture is shared by both languages; the SEO component is each language's own.
  for (const locale of LOCALES) {
    const { metaTitle, metaDescription } = SEO[locale];
    await saveAndPublish(documentId, locale, {
      ...(locale === 'zh' ? { pic: picture.id } : {}),
      seo: { metaTitle, metaDescription, shareImage: shareImages[locale].id },
    });
  }
}, 15 * 60_000);

describe("an article's SEO fields set in Strapi", () => {
  it.each(LOCALES)(
    'are the %s page head: title, description, Open Graph, Twitter card and JSON-LD',
    async (locale) => {
      const head = headOf(await page(pathOf(locale, `/news/${withSeo.id}`)));
      const { metaTitle, metaDescription, alt } = SEO[locale];
      expect(head).toMatchObject({
        title: metaTitle,
        description: metaDescription,
        ogTitle: metaTitle,
        ogDescription: metaDescription,
        ogImageAlt: alt,
        twitterCard: 'summary_large_image',
        twitterTitle: metaTitle,
        twitterDescription: metaDescription,
        twitterImageAlt: alt,
      });
      expect(withoutQuery(head.ogImage)).toBe(`${siteUrl}${shareImages[locale].url}`);
      expect(withoutQuery(head.twitterImage)).toBe(`${siteUrl}${shareImages[locale].url}`);
      // The headline stays the article's own; the description and the first picture are the editor's.
      expect(head.article).toMatchObject({ headline: withSeo[locale].title, description: metaDescription });
      expect((head.article!.image as string[]).map(withoutQuery)).toEqual([`${siteUrl}${shareImages[locale].url}`, `${siteUrl}${picture.url}`]);
    },
    60_000,
  );
});

describe('an article without them', () => {
  it.each(LOCALES)(
    'has its own title, summary and picture in the %s page head',
    async (locale) => {
      const head = headOf(await page(pathOf(locale, `/news/${without.id}`)));
      const title = `${without[locale].title} - ${SITE_META[locale].title}`;
      expect(head).toMatchObject({
        title,
        description: without[locale].des,
        ogTitle: title,
        ogDescription: without[locale].des,
        twitterTitle: title,
        ogImageAlt: without[locale].title,
      });
      // The seed uploaded the pack's picture (news/n02.webp) under a name of Strapi's: news_n02_<hash>.webp.
      expect(withoutQuery(head.ogImage)).toMatch(new RegExp(`^${siteUrl}/uploads/news_n02(_[0-9a-f]{10})?\\.webp$`));
      expect(head.article).toMatchObject({ headline: without[locale].title, description: without[locale].des });
    },
    60_000,
  );
});

describe("a picture's alternative text in the media library", () => {
  it.each(LOCALES)(
    'is the alt of its <img> on the %s news list; a picture without one keeps the alt it had',
    async (locale) => {
      const html = await page(pathOf(locale, '/news'));
      const images = [...html.matchAll(/<img [^>]*>/g)].map((match) => match[0]);
      const escaped = picture.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const shown = images.find((tag) => new RegExp(`src="${escaped}[?"]`).test(tag));
      expect(shown).toContain(`alt="${PICTURE_ALT}"`);
      const other = images.find((tag) => /src="\/uploads\/news_n02/.test(tag));
      expect(other).toContain('alt=""');
    },
    60_000,
  );
});

describe("the admin asks for a picture's alternative text", () => {
  it('refuses a publish that would show pictures without one, naming each and its field, and publishes once they are described', async () => {
    const documentId = await documentIdOf(pack.news[2]!.id);
    const cover = await upload('undescribed-cover', '#2a2');
    const inText = await upload('undescribed-in-text', '#22a');
    // As Strapi's Markdown editor inserts a picture of the media library: the CMS's own address.
    await save(documentId, 'zh', { pic: cover.id, content: `正文\n\n![](${seeded.cms.url}${inText.url})` });

    const refused = await publish(documentId, 'zh');
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ name: 'ValidationError', message: expect.stringContaining('alternative text') });
    expect(refused.body.error.message).toContain('undescribed-cover.webp (pic)');
    expect(refused.body.error.message).toContain('undescribed-in-text.webp (content)');

    // Described in the media library (its Save sends the file's info alone), the same Publish passes.
    for (const [file, alternativeText] of [
      [cover, '绿色的软膏盒'],
      [inText, '蓝色的说明书'],
    ] as const) {
      const form = new FormData();
      form.append('fileInfo', JSON.stringify({ alternativeText }));
      const described = await fetch(`${seeded.cms.url}/upload?id=${file.id}`, { method: 'POST', headers: { authorization: `Bearer ${editor}` }, body: form });
      expect(described.status).toBe(200);
    }
    const published = await publish(documentId, 'zh');
    expect({ status: published.status, error: published.body?.error }).toEqual({ status: 200, error: undefined });
  }, 60_000);

  it('does not ask again for the pictures the published version already shows', async () => {
    // The seed's uploads carry no alternative text; publishing such an entry again, unchanged, is not refused.
    const documentId = await documentIdOf(pack.news[3]!.id);
    const published = await publish(documentId, 'en');
    expect({ status: published.status, error: published.body?.error }).toEqual({ status: 200, error: undefined });
  }, 60_000);
});
