/**
 * A phone photo through the real Strapi of cms/, the site, and nginx in front of it as in
 * production (tests/cdn/nginx.ts): an Editor uploads a JPEG the camera stored sideways (EXIF
 * orientation 6); the copies a visitor gets are upright. Then, with a published news article
 * showing it, "Replace media" (POST /upload?id=…, the same name, new bytes): within seconds a visitor
 * through nginx gets the new picture under its plain URLs, and the article's page names its new
 * version, kept a year; what nginx kept under the old version's URLs is refreshed. Deleted after
 * a deploy restarted every site process, it answers 404 under every URL nginx kept. Strapi calls a
 * site process visitors never reach (startUploadStack). Prints the delays measured. The cases run
 * in order: each works on what the one before uploaded.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { type RunningCms } from '../../config/cms/cms';
import { CHANGING_PICTURE, IMMUTABLE_PICTURE, versionOf } from '../../src/http/mediaCaching';
import { fakeDist } from '../../src/server/server.testing';
import { CARRIED_BY_WEBHOOK_MS } from './bounds';
import { cmsCall, startUploadStack } from './strapi';

const WEBP = 'image/webp,*/*';
const NEWS = '/content-manager/collection-types/api::news-article.news-article';

const work = mkdtempSync(join(tmpdir(), 'cms-pictures-'));
const dist = fakeDist();
let stack: Awaited<ReturnType<typeof startUploadStack>> | undefined;
let cms: RunningCms;
let editor: string;
/** nginx: what a visitor reaches. */
let front: string;
/** The red photo the first case uploads, and the version the site read of it. */
let file: { id: number; url: string };
let redVersion: string;
/** The version the replaced (blue) photo has. */
let blueVersion: string;

/** A phone photo held sideways: the pixels stored 1200×800 with a white corner top left, EXIF orientation 6. */
const phonePhoto = (colour: string) =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: colour } })
    .composite([{ input: { create: { width: 200, height: 100, channels: 3, background: '#fff' } }, top: 0, left: 0 }])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toBuffer();

/** What the admin panel's media library sends: a new file, or (`replacing`) new bytes for one. */
async function upload(body: Buffer, replacing?: number): Promise<{ id: number; url: string }> {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(body)], { type: 'image/jpeg' }), 'phone.jpg');
  form.append('fileInfo', JSON.stringify({ name: 'phone.jpg', alternativeText: '手机拍的一张照片' }));
  const response = await fetch(`${cms.url}/upload${replacing ? `?id=${replacing}` : ''}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${editor}` },
    body: form,
  });
  const answer = (await response.json()) as { id: number; url: string } | { id: number; url: string }[];
  const uploaded = Array.isArray(answer) ? answer[0] : answer;
  if (!response.ok || !uploaded) throw new Error(`upload answered ${response.status}: ${JSON.stringify(answer)}`);
  return uploaded;
}

/** A news article showing the picture, created and published by the Editor as the panel does. Its site id. */
async function publishArticle(pic: number): Promise<number> {
  const title = '一张手机拍的照片';
  const created = await cmsCall(cms.url, 'POST', `${NEWS}?locale=zh`, editor, {
    title,
    des: title,
    content: `<p>${title}</p>`,
    date: '2026-11-27T08:00:00.000Z',
    pic,
    locale: 'zh',
  });
  expect({ status: created.status, error: created.body?.error }).toEqual({ status: 201, error: undefined });
  const { documentId, site_id: siteId } = created.body.data as { documentId: string; site_id: number };
  const published = await cmsCall(cms.url, 'POST', `${NEWS}/${documentId}/actions/publish?locale=zh`, editor, { locale: 'zh' });
  expect({ status: published.status, error: published.body?.error }).toEqual({ status: 200, error: undefined });
  return siteId;
}

/** A visitor's request through nginx. */
async function get(url: string, accept = WEBP) {
  const res = await fetch(`${front}${url}`, { headers: { accept } });
  return {
    status: res.status,
    cache: res.headers.get('x-cache-status'),
    cacheControl: res.headers.get('cache-control'),
    body: Buffer.from(await res.arrayBuffer()),
  };
}

const isBlue = async (body: Buffer) => {
  const { channels } = await sharp(body).stats();
  return (channels[2]?.mean ?? 0) > (channels[0]?.mean ?? 0);
};

const copy = async (url: string, accept = WEBP) => {
  const { status, cacheControl, body } = await get(url, accept);
  const { width, height } = await sharp(body).metadata();
  return { status, width, height, blue: await isBlue(body), cacheControl };
};

/** The article's page through nginx, and the version of the picture it names (null: none). */
async function articlePage(siteId: number) {
  const { status, cache, body } = await get(`/news/${siteId}`, 'text/html');
  const escaped = file.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return { status, cache, version: new RegExp(`${escaped}\\?v=([\\w-]{12})`).exec(body.toString())?.[1] ?? null };
}

/**
 * The article's page once nginx keeps it. A render a purge overtook is answered `no-store`, so the
 * page a webhook just changed may need another visitor before nginx holds it.
 */
async function keptPage(siteId: number) {
  let page = await articlePage(siteId);
  await msUntil(async () => (page = await articlePage(siteId)).cache === 'HIT');
  return page;
}

/** Polls `check` until it holds, for three times the budget at most; how long that took. */
async function msUntil(check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check()) && Date.now() - started < CARRIED_BY_WEBHOOK_MS) await new Promise((resolve) => setTimeout(resolve, 100));
  return Date.now() - started;
}

beforeAll(async () => {
  stack = await startUploadStack({ work, dist, role: 'strapi-editor', email: 'editor@example.com' });
  ({ cms, cacheUrl: front } = stack);
  editor = stack.uploader;
}, 10 * 60_000);

afterAll(async () => {
  // What the processes said when something went slow or wrong: the first thing to read after a failure.
  if (stack?.warnings.length) console.log(`Warnings of the provider and the site processes:\n${stack.warnings.join('\n')}`);
  await stack?.close();
  rmSync(work, { recursive: true, force: true });
  rmSync(dist, { recursive: true, force: true });
}, 60_000);

describe('a phone photo uploaded to Strapi and replaced, seen through nginx', () => {
  it('is upright in the copies a visitor gets, and kept a year under the URL naming its version', async () => {
    file = await upload(await phonePhoto('#c22'));
    const red = await copy(`${file.url}?w=640`);
    expect({ status: red.status, width: red.width, height: red.height, blue: red.blue }).toEqual({ status: 200, width: 640, height: 960, blue: false });
    // Strapi's file server gives validators a version is read from: the URL naming it is kept a year.
    redVersion = versionOf((await fetch(`${front}${file.url}`, { method: 'HEAD' })).headers) ?? '';
    expect(redVersion).toMatch(/^[\w-]{12}$/);
    const named = await get(`${file.url}?v=${redVersion}&w=640`);
    expect({ status: named.status, cacheControl: named.cacheControl }).toEqual({ status: 200, cacheControl: IMMUTABLE_PICTURE });
    // Strapi kept the upload as given: the original still carries its orientation, which browsers follow.
    expect((await sharp((await get(file.url)).body).metadata()).orientation).toBe(6);
  }, 60_000);

  it("replaced, is the new picture at once under its plain URLs, and in its article's page under a new version kept a year", async () => {
    const siteId = await publishArticle(file.id);
    // The page, once the publish's webhook let the site list it, names the red version; nginx keeps it (fresh for a minute).
    await msUntil(async () => (await articlePage(siteId)).version !== null);
    const before = await keptPage(siteId);
    expect({ ...before, siteId }).toEqual({ status: 200, cache: 'HIT', version: redVersion, siteId });

    const replaced = await upload(await phonePhoto('#22c'), file.id);
    expect(replaced.url).toBe(file.url); // "Replace media" keeps the name
    const [plainCopy, original, inPage] = await Promise.all([
      msUntil(async () => (await copy(`${file.url}?w=640`)).blue),
      msUntil(async () => isBlue((await get(file.url)).body)),
      // Only the media.update webhook can change it: without it, nginx and the site keep the page a minute.
      msUntil(async () => (await articlePage(siteId)).version !== redVersion),
    ]);
    console.log(
      `Strapi's "Replace media" of a phone photo, through nginx: the copy's plain URL shows the new picture after ${plainCopy} ms, the original's after ${original} ms, the article's page names its new version after ${inPage} ms`,
    );
    for (const [name, ms] of Object.entries({ plainCopy, original, inPage }))
      expect({ name, within: ms < CARRIED_BY_WEBHOOK_MS }).toEqual({ name, within: true });
    const after = await keptPage(siteId);
    expect(after).toEqual({ status: 200, cache: 'HIT', version: expect.stringMatching(/^[\w-]{12}$/) });
    expect(after.version).not.toBe(redVersion);
    const blue = await copy(`${file.url}?v=${after.version}&w=640`);
    expect(blue).toEqual({ status: 200, width: 640, height: 960, blue: true, cacheControl: IMMUTABLE_PICTURE });

    // The old version's URL, asked for the first time now, gets the new bytes for seconds only: they are not what it names.
    for (const [url, accept] of [
      [`${file.url}?v=${redVersion}`, WEBP],
      [`${file.url}?v=${redVersion}&w=640`, '*/*'],
    ] as const) {
      const old = await copy(url, accept);
      expect({ url, accept, status: old.status, blue: old.blue, cacheControl: old.cacheControl }).toEqual({
        url,
        accept,
        status: 200,
        blue: true,
        cacheControl: CHANGING_PICTURE,
      });
    }
    // What nginx kept of it before under the red version's URLs (a year) was refreshed: the picture Strapi now holds, for seconds.
    let kept = await get(`${file.url}?v=${redVersion}&w=640`);
    const refreshed = await msUntil(async () => {
      kept = await get(`${file.url}?v=${redVersion}&w=640`);
      return kept.status === 200 && (await isBlue(kept.body));
    });
    console.log(`The red version's copy kept by nginx shows the new picture after ${refreshed} ms`);
    expect({ cacheControl: kept.cacheControl, blue: await isBlue(kept.body), within: refreshed < CARRIED_BY_WEBHOOK_MS }).toEqual({
      cacheControl: CHANGING_PICTURE,
      blue: true,
      within: true,
    });
    blueVersion = after.version as string;
  }, 60_000);

  it('deleted after a deploy restarted every site process, answers 404 through nginx under every URL naming its version', async () => {
    const urls = [`${file.url}?v=${blueVersion}&w=640`, `${file.url}?v=${blueVersion}`, `${file.url}?w=640`, file.url];
    for (const url of urls) await get(url); // nginx holds each (the versioned ones a year)
    expect((await get(urls[0]!)).cache).toBe('HIT');
    // No process remembers the versions it gave out: only the folder they share does.
    await stack!.restartSites();
    const deleted = await fetch(`${cms.url}/upload/files/${file.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${editor}` } });
    expect(deleted.status).toBe(200);
    const gone = await msUntil(async () => (await Promise.all(urls.map(async (url) => (await get(url)).status))).every((status) => status === 404));
    console.log(`A deleted picture's URLs, every version kept by nginx, answer 404 after ${gone} ms`);
    const statuses = Object.fromEntries(await Promise.all(urls.map(async (url) => [url, (await get(url)).status] as const)));
    expect(statuses).toEqual(Object.fromEntries(urls.map((url) => [url, 404])));
  }, 60_000);
});
