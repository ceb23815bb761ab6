/**
 * Pictures an editor inserts into rich text, with the real Strapi of cms/ and the site in front of
 * its provider: an Editor uploads a picture described in the media library, inserts it into a
 * news article's Markdown as Strapi's editor does (the CMS's address, the file's name as the alt)
 * and publishes. The article's page shows it as the site's own resized copy under its version
 * (kept a year), with the library's text as its alt; "Replace media" gives the page a new version.
 * A publish that inserts a picture without a library text is refused, naming the file.
 */
import sharp from 'sharp';
import { IMMUTABLE_PICTURE } from '../../src/http/mediaCaching';
import { loadContentPack } from '../../src/provider/content/loadPack';
import { CARRIED_BY_WEBHOOK_MS } from './bounds';
import { cmsTestFile } from './stack';
import { cmsCall, type SeededCms } from './strapi';

const pack = loadContentPack();
const article = pack.news[0]!;
const NEWS = '/content-manager/collection-types/api::news-article.news-article';
const LIBRARY_ALT = '实验室里排成一行的试管';

const cmsFile = cmsTestFile('cms-in-text-', pack);
let seeded: SeededCms;
let siteUrl: string;
let editor: string;

/** A picture uploaded to the media library as the panel does (`replacing`: "Replace media" of that file). */
async function upload(name: string, colour: string, alternativeText?: string, replacing?: number): Promise<{ id: number; url: string; name: string }> {
  const body = await sharp({ create: { width: 1600, height: 900, channels: 3, background: colour } })
    .webp()
    .toBuffer();
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(body)], { type: 'image/webp' }), `${name}.webp`);
  form.append('fileInfo', JSON.stringify({ name: `${name}.webp`, ...(alternativeText === undefined ? {} : { alternativeText }) }));
  const response = await fetch(`${seeded.cms.url}/upload${replacing ? `?id=${replacing}` : ''}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${editor}` },
    body: form,
  });
  const answer = (await response.json()) as { id: number; url: string; name: string } | { id: number; url: string; name: string }[];
  const uploaded = Array.isArray(answer) ? answer[0] : answer;
  if (!response.ok || !uploaded) throw new Error(`upload answered ${response.status}: ${JSON.stringify(answer)}`);
  return uploaded;
}

/** The media library's Save of a file's alternative text, as an Editor makes it. */
async function giveAlternativeText(file: { id: number }, alternativeText: string) {
  const form = new FormData();
  form.append('fileInfo', JSON.stringify({ alternativeText }));
  const response = await fetch(`${seeded.cms.url}/upload?id=${file.id}`, { method: 'POST', headers: { authorization: `Bearer ${editor}` }, body: form });
  expect(response.status).toBe(200);
}

/** What Strapi's Markdown editor writes for a picture chosen in the media library: its name as the alt, the CMS's address. */
const inserted = (file: { url: string; name: string }) => `![${file.name}](${seeded.cms.url}${file.url})`;

async function documentIdOf(siteId: number): Promise<string> {
  const found = await cmsCall(seeded.cms.url, 'GET', `${NEWS}?locale=zh&filters[site_id][$eq]=${siteId}`, editor);
  return found.body.results[0].documentId as string;
}

async function saveAndPublish(documentId: string, content: string) {
  const saved = await cmsCall(seeded.cms.url, 'PUT', `${NEWS}/${documentId}?locale=zh`, editor, { content, locale: 'zh' });
  expect({ status: saved.status, error: saved.body?.error }).toEqual({ status: 200, error: undefined });
  return cmsCall(seeded.cms.url, 'POST', `${NEWS}/${documentId}/actions/publish?locale=zh`, editor, { locale: 'zh' });
}

/** The <img> tags of an article's page whose source is the file's. */
async function picturesOf(file: { url: string }, siteId = article.id): Promise<{ src: string; alt: string | undefined }[]> {
  const response = await fetch(`${siteUrl}/news/${siteId}`);
  expect(response.status).toBe(200);
  const html = await response.text();
  return [...html.matchAll(/<img [^>]*>/g)]
    .map((match) => ({ src: /src="([^"]*)"/.exec(match[0])?.[1] ?? '', alt: /alt="([^"]*)"/.exec(match[0])?.[1] }))
    .filter(({ src }) => src.startsWith(`${file.url}?`))
    .map(({ src, alt }) => ({ src: src.replace(/&amp;/g, '&'), alt }));
}

/** Polls `check` until it holds, for CARRIED_BY_WEBHOOK_MS at most. */
async function until(check: () => Promise<boolean>): Promise<void> {
  const started = Date.now();
  while (!(await check()) && Date.now() - started < CARRIED_BY_WEBHOOK_MS) await new Promise((resolve) => setTimeout(resolve, 100));
}

beforeAll(async () => {
  ({ seeded, siteUrl, editor } = await cmsFile.siteWithEditor('in-text-editor@example.com'));
}, 10 * 60_000);

describe("a picture inserted into an article through Strapi's editor", () => {
  it("shows on the site as its versioned, resized copy, with the media library's text as its alt, and under a new version once replaced", async () => {
    const file = await upload('test-tubes', '#2a6', LIBRARY_ALT);
    const documentId = await documentIdOf(article.id);
    const published = await saveAndPublish(documentId, `试管的照片：\n\n${inserted(file)}\n`);
    expect({ status: published.status, error: published.body?.error }).toEqual({ status: 200, error: undefined });

    let shown: Awaited<ReturnType<typeof picturesOf>> = [];
    await until(async () => (shown = await picturesOf(file)).length > 0);
    expect(shown).toEqual([{ src: expect.stringMatching(new RegExp(`^${file.url}\\?v=[\\w-]{12}&w=1280$`)), alt: LIBRARY_ALT }]);
    const copy = await fetch(`${siteUrl}${shown[0]!.src}`, { headers: { accept: 'image/webp' } });
    expect({ status: copy.status, cacheControl: copy.headers.get('cache-control') }).toEqual({ status: 200, cacheControl: IMMUTABLE_PICTURE });
    expect((await sharp(Buffer.from(await copy.arrayBuffer())).metadata()).width).toBe(1280);

    // "Replace media": the same name, new bytes; the webhook has the page rendered again under the new version.
    const before = shown[0]!.src;
    expect((await upload('test-tubes', '#62a', LIBRARY_ALT, file.id)).url).toBe(file.url);
    await until(async () => (shown = await picturesOf(file))[0]?.src !== before);
    expect(shown).toEqual([{ src: expect.stringMatching(new RegExp(`^${file.url}\\?v=[\\w-]{12}&w=1280$`)), alt: LIBRARY_ALT }]);
    expect(shown[0]!.src).not.toBe(before);
  }, 120_000);

  it('without a text in the media library, is refused at publish, naming the file and the field; given one after it was inserted, shows with that text', async () => {
    const file = await upload('undescribed-beaker', '#a62');
    const other = pack.news[1]!;
    const markdown = `烧杯：\n\n${inserted(file)}\n`;
    const refused = await saveAndPublish(await documentIdOf(other.id), markdown);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ name: 'ValidationError', message: expect.stringContaining('alternative text') });
    expect(refused.body.error.message).toContain(`${file.name} (content)`);

    // The editor describes the picture in the library; the Markdown keeps the file's name as its alt.
    await giveAlternativeText(file, '一只装着红色液体的烧杯');
    const published = await saveAndPublish(await documentIdOf(other.id), markdown);
    expect({ status: published.status, error: published.body?.error }).toEqual({ status: 200, error: undefined });
    let shown: Awaited<ReturnType<typeof picturesOf>> = [];
    await until(async () => (shown = await picturesOf(file, other.id)).length > 0);
    expect(shown).toEqual([{ src: expect.stringMatching(new RegExp(`^${file.url}\\?v=[\\w-]{12}&w=1280$`)), alt: '一只装着红色液体的烧杯' }]);
  }, 120_000);
});
