/**
 * A phone photo through the real Strapi of cms/ and the site: an Author uploads a JPEG the camera
 * stored sideways (EXIF orientation 6); the site's copies of it are upright. Then "Replace media"
 * (POST /upload?id=…, the same name, new bytes): the site answers the new picture under the same
 * URL within 5 s. Prints the delay measured.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { type RunningCms } from '../../src/provider/strapi/cms';
import { IMMUTABLE_PICTURE } from '../../src/server/pictures';
import { versionOf } from '../../src/server/pictureVersions';
import { fakeDist } from '../../src/server/testing';
import { startUploadStack } from './strapi';

/** What the issue asks of a replaced picture: on screen within 5 s. */
const REPLACED_WITHIN_MS = 5000;
const WEBP = 'image/webp,*/*';

const work = mkdtempSync(join(tmpdir(), 'cms-pictures-'));
const dist = fakeDist();
let stack: Awaited<ReturnType<typeof startUploadStack>> | undefined;
let cms: RunningCms;
let author: string;
let siteUrl: string;
/** What the test uploaded, deleted at the end (cms/public/uploads is every local Strapi's). */
let uploadedIds: number[] = [];

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
  const response = await fetch(`${cms.url}/upload${replacing ? `?id=${replacing}` : ''}`, { method: 'POST', headers: { authorization: `Bearer ${author}` }, body: form });
  const answer = (await response.json()) as { id: number; url: string } | { id: number; url: string }[];
  const file = Array.isArray(answer) ? answer[0] : answer;
  if (!response.ok || !file) throw new Error(`upload answered ${response.status}: ${JSON.stringify(answer)}`);
  if (!replacing) uploadedIds.push(file.id);
  return file;
}

const copy = async (url: string) => {
  const res = await fetch(`${siteUrl}${url}`, { headers: { accept: WEBP } });
  const body = Buffer.from(await res.arrayBuffer());
  const { width, height } = await sharp(body).metadata();
  const { channels } = await sharp(body).stats();
  return { status: res.status, width, height, blue: (channels[2]?.mean ?? 0) > (channels[0]?.mean ?? 0), body };
};

beforeAll(async () => {
  stack = await startUploadStack({ work, dist, role: 'strapi-editor', email: 'editor@example.com' });
  ({ cms, siteUrl, uploadedIds } = stack);
  author = stack.uploader;
}, 10 * 60_000);

afterAll(async () => {
  await stack?.close();
  rmSync(work, { recursive: true, force: true });
  rmSync(dist, { recursive: true, force: true });
}, 60_000);

describe('a phone photo uploaded to Strapi and replaced', () => {
  it('is upright in the site\'s copies, and replaced, is the new picture under the same URL within 5 s', async () => {
    const file = await upload(await phonePhoto('#c22'));
    const red = await copy(`${file.url}?w=640`);
    expect({ status: red.status, width: red.width, height: red.height, blue: red.blue }).toEqual({ status: 200, width: 640, height: 960, blue: false });
    // Strapi's file server gives validators a version is read from: the URL naming it is kept a year.
    const version = versionOf((await fetch(`${siteUrl}${file.url}`, { method: 'HEAD' })).headers);
    expect(version).toMatch(/^[\w-]{12}$/);
    const named = await fetch(`${siteUrl}${file.url}?v=${version}&w=640`, { headers: { accept: WEBP } });
    expect({ status: named.status, cache: named.headers.get('cache-control') }).toEqual({ status: 200, cache: IMMUTABLE_PICTURE });
    // Strapi kept the upload as given: the original still carries its orientation, which browsers follow.
    const original = await fetch(`${siteUrl}${file.url}`);
    expect((await sharp(Buffer.from(await original.arrayBuffer())).metadata()).orientation).toBe(6);

    const replaced = await upload(await phonePhoto('#22c'), file.id);
    expect(replaced.url).toBe(file.url); // "Replace media" keeps the name
    const started = Date.now();
    let now = await copy(`${file.url}?w=640`);
    while (!now.blue && Date.now() - started < 3 * REPLACED_WITHIN_MS) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      now = await copy(`${file.url}?w=640`);
    }
    const delay = Date.now() - started;
    console.log(`Strapi's "Replace media" of a phone photo: the site's copy shows the new picture after ${delay} ms`);
    expect({ blue: now.blue, width: now.width, height: now.height, within: delay < REPLACED_WITHIN_MS }).toEqual({ blue: true, width: 640, height: 960, within: true });
  });
});
