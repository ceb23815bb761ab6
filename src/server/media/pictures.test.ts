import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { startProvider, type RunningProvider } from '../../provider/startProvider';
import { tempDataDir } from '../../provider/provider.testing';
import { createSiteServer } from '../app';
import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPictureResizer, pictureFormat, pictureRequest, type PictureResizer } from './pictures';
import { createPictureVersions } from './pictureVersions';
import { createPictureDisk } from './pictureDisk';
import { CHANGING_PICTURE, IMMUTABLE_PICTURE, versionOf } from '../../http/mediaCaching';
import { withPictureVersions } from '../render/versionedPictures';
import { CORRECTNESS_DEADLINE_MS, fakeDist, providerGate } from '../server.testing';
import { TIMING } from '../../contracts/constants';

// Encoding a 60-megapixel JPEG or AVIF copies takes seconds of CPU on a shared machine.
jest.setTimeout(30_000);

/** The site serving the provider's media itself, with a counting gate in front of the real provider. */
let provider: RunningProvider;
let gate: Awaited<ReturnType<typeof providerGate>>;
let hop: Awaited<ReturnType<typeof countingHop>>;
let data: ReturnType<typeof tempDataDir>;
let dist: string;
let site: Awaited<ReturnType<typeof createSiteServer>>;

beforeAll(async () => {
  data = tempDataDir();
  dist = fakeDist();
  provider = await startProvider({ port: 0, dataDir: data.dir });
  gate = await providerGate(provider.url);
  hop = await countingHop(gate.url);
  site = await createSiteServer({ distDir: dist, providerUrl: hop.url, mediaUrl: '', variant: 'standard', renderDeadlineMs: CORRECTNESS_DEADLINE_MS });
}, 20_000);

afterAll(async () => {
  await site.close();
  await hop.close();
  await gate.close();
  await provider.close();
  data.remove();
  rmSync(dist, { recursive: true, force: true });
}, 20_000);

beforeEach(() => {
  gate.mode = 'pass';
  gate.counts.clear();
  hop.reads.clear();
});

const WEBP = 'image/webp,*/*';
/** The times the picture at path was read whole (a version's lookup is a HEAD, not counted). */
const reads = (path: string) => hop.reads.get(path) ?? 0;

/** A hop that counts the GETs by path and passes everything on. */
async function countingHop(upstream: string) {
  const reads = new Map<string, number>();
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (req.method === 'GET') reads.set(path, (reads.get(path) ?? 0) + 1);
    fetch(`${upstream}${req.url}`, { method: req.method, headers: { accept: req.headers.accept ?? '*/*' } })
      .then(async (answer) => {
        const headers = Object.fromEntries(answer.headers);
        if (headers['content-encoding']) delete headers['content-length']; // fetch has decoded the body
        delete headers['content-encoding'];
        delete headers['transfer-encoding'];
        res.writeHead(answer.status, headers).end(Buffer.from(await answer.arrayBuffer()));
      })
      .catch(() => req.socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    reads,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const size = async (body: Buffer) => {
  const { width, height, format } = await sharp(body).metadata();
  return { width, height, format };
};

describe('narrower copies of the pictures the site serves', () => {
  it('answers a srcset width with a copy of that width, kept seconds under a plain URL, and 304 to its ETag', async () => {
    const copy = await site.inject({ url: '/uploads/banner/home-1.webp?w=828', headers: { accept: WEBP } });
    expect(copy.statusCode).toBe(200);
    expect(copy.headers['content-type']).toBe('image/webp');
    expect(copy.headers['cache-control']).toBe(CHANGING_PICTURE);
    expect(copy.headers.vary).toBe('Accept');
    expect(await size(copy.rawPayload)).toEqual({ width: 828, height: 466, format: 'webp' });

    const again = await site.inject({ url: '/uploads/banner/home-1.webp?w=828', headers: { accept: WEBP, 'if-none-match': String(copy.headers.etag) } });
    expect(again.statusCode).toBe(304);
    // A weak tag or a list naming it is a match too (RFC 9110 §13.1.2).
    const listed = await site.inject({
      url: '/uploads/banner/home-1.webp?w=828',
      headers: { accept: WEBP, 'if-none-match': `"other", W/${String(copy.headers.etag)}` },
    });
    expect(listed.statusCode).toBe(304);
  });

  it('answers any other width, or none, with the original', async () => {
    for (const url of ['/uploads/banner/home-1.webp', '/uploads/banner/home-1.webp?w=999', '/uploads/banner/home-1.webp?w=828x']) {
      const original = await site.inject({ url });
      expect(original.statusCode).toBe(200);
      expect((await size(original.rawPayload)).width).toBe(1920);
      expect(original.headers['cache-control']).toBe(CHANGING_PICTURE);
    }
  });

  it('makes one copy of a picture whatever other query keys ask for it', async () => {
    expect(pictureRequest('/uploads/a.webp?v=2&w=828')).toEqual({ path: '/uploads/a.webp', width: 828, version: '2' });
    expect(pictureRequest('/uploads/a.webp?w=700')).toBeNull();

    for (const other of ['a=1', 'a=2', 'b=3']) {
      const copy = await site.inject({ url: `/uploads/banner/page-5.webp?${other}&w=640`, headers: { accept: WEBP } });
      expect((await size(copy.rawPayload)).width).toBe(640);
    }
    expect(reads('/uploads/banner/page-5.webp')).toBe(1);
  });

  it('makes a copy once however many ask for it at the same time', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => site.inject({ url: '/uploads/banner/home-3.webp?w=640', headers: { accept: WEBP } })));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(new Set(answers.map((answer) => answer.headers.etag)).size).toBe(1);
    expect(reads('/uploads/banner/home-3.webp')).toBe(1);
  });

  it('passes what is not a picture through untouched', async () => {
    const video = await site.inject({ url: '/uploads/video/intro.mp4?w=640' });
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-type']).toBe('video/mp4');
  });

  it('keeps serving copies it made while the provider is down, and answers the others as the proxy does', async () => {
    await site.inject({ url: '/uploads/banner/page-2.webp?w=1280', headers: { accept: WEBP } });
    gate.mode = 'down';
    const cached = await site.inject({ url: '/uploads/banner/page-2.webp?w=1280', headers: { accept: WEBP } });
    expect(cached.statusCode).toBe(200);
    expect((await size(cached.rawPayload)).width).toBe(1280);

    const cold = await site.inject({ url: '/uploads/banner/page-3.webp?w=1280' });
    expect(cold.statusCode).toBe(502);
    expect(cold.body).toBe('Media unavailable');
  });

  it('answers garbage from the provider as the picture it names, inert, not a crash', async () => {
    gate.mode = 'garbage';
    const answer = await site.inject({ url: '/uploads/banner/page-4.webp?w=640' });
    expect(answer.statusCode).toBe(200);
    // Never the provider's text/html on the site's origin: typed by its name, not sniffed, sandboxed.
    expect(answer.headers['content-type']).toBe('image/webp');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-security-policy']).toBe('sandbox');
  });

  it('decodes and normalises the path: one copy however it is spelled, nothing outside the media folder', async () => {
    for (const url of [
      '/uploads/banner/page-6.webp?w=640',
      '/uploads/%62anner/page-6.webp?w=640',
      '/uploads/banner//page-6.webp?w=640',
      '/uploads/x/../banner/page-6.webp?w=640',
    ]) {
      const copy = await site.inject({ url, headers: { accept: WEBP } });
      expect({ url, width: (await size(copy.rawPayload)).width }).toEqual({ url, width: 640 });
    }
    expect(reads('/uploads/banner/page-6.webp')).toBe(1);
    expect(pictureRequest('/uploads/%62anner/a.webp?w=640')).toEqual({ path: '/uploads/banner/a.webp', width: 640, version: null });
    for (const url of [
      '/uploads/%2e%2e/provider.sqlite?w=640',
      '/uploads/../data/a.webp?w=640',
      '/other/a.webp?w=640',
      '/uploads/%E0%A4%A?w=640',
      '/uploads/a%2500.webp?w=640',
    ]) {
      expect({ url, asked: pictureRequest(url) }).toEqual({ url, asked: null });
    }
  });

  it('remembers what it could not resize, and serves the original of a picture already that narrow', async () => {
    await site.inject({ url: '/uploads/video/intro.mp4?w=828' });
    const video = reads('/uploads/video/intro.mp4');
    await site.inject({ url: '/uploads/video/intro.mp4?w=828' });
    expect(reads('/uploads/video/intro.mp4')).toBe(video + 1); // the original passed through, no second look

    const original = await site.inject({ url: '/uploads/product/p01-2.webp' });
    const narrow = await site.inject({ url: '/uploads/product/p01-2.webp?w=640', headers: { accept: WEBP } });
    expect(narrow.statusCode).toBe(200);
    expect(Buffer.compare(narrow.rawPayload, original.rawPayload)).toBe(0);
  });
});

describe('pictures in the answers the browser renders from', () => {
  /**
   * A site of its own: the others' outages here leave the shared one's lookups resting a while. Its
   * render deadline is long (a version lookup waits a quarter of it): these tests check which URLs
   * are named, and on a busy machine a HEAD may take longer than production's 500 ms.
   */
  let site: Awaited<ReturnType<typeof createSiteServer>>;
  beforeAll(async () => {
    site = await createSiteServer({ distDir: dist, providerUrl: hop.url, mediaUrl: '', variant: 'standard', renderDeadlineMs: 20_000 });
  });
  afterAll(() => site.close());

  /** The version the provider's file has now, as the site names it. */
  const versionNow = async (path: string) => versionOf((await fetch(`${provider.url}${path}`, { method: 'HEAD' })).headers);

  it("names each picture's version in /api content answers, as the server-rendered page does, and in each of a comma-separated list", async () => {
    const news = (await site.inject({ url: '/api/index/news/lists?lan=zh&page=1&pageSize=3' })).json();
    expect(news.code).toBe(0);
    const pictures: string[] = news.data.rows.map((item: { pic: string }) => item.pic);
    expect(pictures.length).toBeGreaterThan(0);
    for (const url of pictures) {
      const [path, version] = url.split('?v=') as [string, string];
      expect({ path, version }).toEqual({ path: expect.stringMatching(/^\/uploads\//), version: await versionNow(path) });
    }
    // The server-rendered list names the very same URLs, so the browser's page and the server's share their copies.
    const page = (await site.inject({ url: '/news' })).body;
    for (const url of pictures) expect(page).toContain(url.replace(/&/g, '&amp;'));

    const products = (await site.inject({ url: '/api/index/product/lists?lan=en&classify_id=1&page=1&pageSize=3' })).json();
    const lists: string[] = products.data.rows.map((row: { pics: string }) => row.pics);
    expect(lists.length).toBeGreaterThan(0);
    for (const each of lists) for (const url of each.split(',')) expect(url).toMatch(/^\/uploads\/[^?]+\?v=[\w-]{12}$/);

    const original = await site.inject({ url: pictures[0] as string });
    expect(original.headers['cache-control']).toBe(IMMUTABLE_PICTURE);
  });

  it('passes an answer the provider compressed through whole, unread', async () => {
    const answer = JSON.stringify({ code: 0, msg: '', data: [{ type: '图片', img: '/uploads/banner/home-1.webp', video_img: '', title: 't', des: 'd' }] });
    // A provider behind a proxy that compresses whatever it is asked.
    const gzipping = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(gzipSync(answer));
    });
    await new Promise<void>((resolve) => gzipping.listen(0, '127.0.0.1', resolve));
    const behind = await createSiteServer({
      distDir: dist,
      providerUrl: `http://127.0.0.1:${(gzipping.address() as AddressInfo).port}`,
      mediaUrl: '',
      variant: 'standard',
    });
    try {
      const res = await behind.inject({ url: '/api/index/index/banner?lan=zh', headers: { 'accept-encoding': 'gzip' } });
      expect({ encoding: res.headers['content-encoding'], body: gunzipSync(res.rawPayload).toString() }).toEqual({ encoding: 'gzip', body: answer });
    } finally {
      await behind.close();
      gzipping.closeAllConnections();
      await new Promise((resolve) => gzipping.close(resolve));
    }
  });

  it("passes the provider's answer through as sent when it is an error or no envelope at all", async () => {
    gate.mode = 'garbage';
    const garbage = await site.inject({ url: '/api/index/news/lists?lan=en&page=1&pageSize=3' });
    expect({ status: garbage.statusCode, body: garbage.body }).toEqual({ status: 200, body: '<html>upstream error</html>' });
    gate.mode = 'code402';
    const refused = await site.inject({ url: '/api/index/index/banner?lan=en' });
    expect(refused.json()).toEqual({ code: 402, msg: 'refused', data: null });
  });
});

describe('the picture resizer', () => {
  it('runs at most two resizes at once, downloading an original only for a resize it runs', async () => {
    const picture = await sharp({ create: { width: 1920, height: 100, channels: 3, background: '#3a7' } })
      .webp()
      .toBuffer();
    let fetched = 0;
    const server = createServer(
      (_req, res) => (fetched += 1) && res.writeHead(200, { 'content-type': 'image/webp', 'content-length': picture.length }).end(picture),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const held: (() => void)[] = [];
    let running = 0;
    let most = 0;
    const resizer = createPictureResizer({
      providerUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      timeoutMs: 5000,
      versions: { current: async () => null },
      encode: async (input) => {
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => held.push(resolve));
        running -= 1;
        return { data: input, info: { format: 'webp' } };
      },
    });
    const copies = Array.from({ length: 6 }, (_, i) => resizer.get(`/uploads/p${i}.webp`, 640, 'webp', null));
    while (held.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The four waiting hold no original in memory: they have not asked for one yet.
    expect(fetched).toBe(2);
    // Release one only once both slots are taken (a limit of one never gets there: the test times out).
    for (let done = 0; done < 6; done += 1) {
      while (held.length < Math.min(2, 6 - done)) await new Promise((resolve) => setTimeout(resolve, 5));
      held.shift()?.();
    }
    expect((await Promise.all(copies)).every((copy) => copy !== null)).toBe(true);
    expect(most).toBe(2);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
});

/** A provider whose pictures the test writes and replaces: in memory, with an ETag of their bytes. */
async function pictureProvider() {
  const files = new Map<string, { body: Buffer; type: string }>();
  const etagOf = (body: Buffer) => `"${createHash('sha1').update(body).digest('hex')}"`;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const file = files.get((req.url ?? '').split('?')[0] ?? '');
    if (!file) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    const etag = etagOf(file.body);
    if (req.headers['if-none-match'] === etag) return void res.writeHead(304, { etag }).end();
    res.writeHead(200, { 'content-type': file.type, 'content-length': file.body.length, etag, 'cache-control': 'public, max-age=86400' });
    res.end(req.method === 'HEAD' ? undefined : file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    files,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A phone photo held sideways: the pixels stored 1200×800, EXIF orientation 6 (turn 90° clockwise to show). */
const phonePhoto = (colour = '#c33') =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: colour } })
    .composite([{ input: { create: { width: 200, height: 100, channels: 3, background: '#fff' } }, top: 0, left: 0 }])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();

describe('a copy still being made when its file is replaced or deleted', () => {
  type Encode = (input: Buffer, width: number, format: string) => Promise<{ data: Buffer; info: { format: string } }>;
  type Disk = ReturnType<typeof createPictureDisk>;
  const path = '/uploads/gone.jpg';
  let stub: Awaited<ReturnType<typeof pictureProvider>>;
  let token: string;
  let dir: string;
  beforeEach(async () => {
    stub = await pictureProvider();
    stub.files.set(path, { body: await phonePhoto(), type: 'image/jpeg' });
    token = versionOf((await fetch(`${stub.url}${path}`, { method: 'HEAD' })).headers)!;
    dir = mkdtempSync(join(tmpdir(), 'picture-copies-'));
  });
  afterEach(async () => {
    rmSync(dir, { recursive: true, force: true });
    await stub.close();
  });
  /** A process of the host: its own memory, the host's disk (`wrap`: watched; null: none), the version `current` says. */
  const resizer = (encode?: Encode, wrap: ((disk: Disk) => Disk) | null = (disk) => disk, current = async () => token) =>
    createPictureResizer({ providerUrl: stub.url, timeoutMs: 5000, versions: { current }, disk: wrap && wrap(createPictureDisk(dir, 1024 * 1024)), encode });
  /** Resolves once it is called, then holds the caller until released. */
  const holdOnce = () => {
    let release = () => {};
    let reached = () => {};
    const called = new Promise<void>((resolve) => (reached = resolve));
    const held = new Promise<void>((resolve) => (release = resolve));
    return { called, release: () => release(), hold: () => (reached(), held) };
  };
  const webp: Encode = (input, width) => sharp(input).resize({ width }).webp().toBuffer({ resolveWithObject: true });
  /**
   * The file deleted and forgotten while a lookup is `held`; another lookup begun since, still
   * told the old version, waits for the same copy. What the two got.
   */
  async function deletedWhile(pictures: PictureResizer, held: ReturnType<typeof holdOnce>) {
    const waiting = pictures.get(path, 320, 'webp', token);
    await held.called;
    stub.files.delete(path);
    pictures.forget(path);
    const joined = pictures.get(path, 320, 'webp', token);
    held.release();
    return { waiting: await waiting, joined: await joined };
  }

  it('deleted while encoded: the requests that waited get the original, and neither memory nor disk keeps the copy', async () => {
    const encoding = holdOnce();
    const pictures = resizer(async (input, width, format) => (await encoding.hold(), webp(input, width, format)));
    expect(await deletedWhile(pictures, encoding)).toEqual({ waiting: null, joined: null });
    // Had the copy been kept under the version it was made from, these would find it.
    expect(await pictures.get(path, 320, 'webp', token)).toBeNull();
    expect(await resizer().get(path, 320, 'webp', token)).toBeNull(); // another process: the disk
  });

  it('deleted while its version is asked: the version answered from before the deletion makes no copy', async () => {
    const asking = holdOnce();
    const pictures = resizer(undefined, undefined, async () => (await asking.hold(), token));
    const waiting = pictures.get(path, 320, 'webp', token);
    await asking.called;
    pictures.forget(path); // the file still there: only the lookup's age can tell
    asking.release();
    expect(await waiting).toBeNull();
    expect(await resizer().get(path, 320, 'webp', token)).toMatchObject({ version: token }); // and nothing on disk before
  });

  it('deleted while written to disk: the file written is removed', async () => {
    const writing = holdOnce();
    const pictures = resizer(undefined, (disk) => ({ ...disk, write: async (key, copy) => (await writing.hold(), disk.write(key, copy)) }));
    expect(await deletedWhile(pictures, writing)).toEqual({ waiting: null, joined: null });
    expect(await resizer().get(path, 320, 'webp', token)).toBeNull();
  });

  it('deleted while read from disk: no lookup gets what was read', async () => {
    expect(await resizer().get(path, 320, 'webp', token)).not.toBeNull(); // made, and stored on disk
    const reading = holdOnce();
    const pictures = resizer(undefined, (disk) => ({ ...disk, read: async (key) => (await reading.hold(), disk.read(key)) }));
    expect(await deletedWhile(pictures, reading)).toEqual({ waiting: null, joined: null });
  });

  it('replaced: the copies of its new version stay, the others go', async () => {
    const pictures = resizer(undefined, null);
    expect(await pictures.get(path, 320, 'webp', token)).not.toBeNull();
    pictures.forget(path, token);
    stub.files.delete(path); // only a copy kept in memory answers now
    expect(await pictures.get(path, 320, 'webp', token)).toMatchObject({ version: token });
    expect(pictures.forget(path)).toEqual([token]);
  });

  it('replaced while its new version is encoded: that copy is kept, as it is of the bytes the file has now', async () => {
    const encoding = holdOnce();
    const pictures = resizer(async (input, width, format) => (await encoding.hold(), webp(input, width, format)));
    const waiting = pictures.get(path, 320, 'webp', token);
    await encoding.called;
    pictures.forget(path, token);
    encoding.release();
    expect(await waiting).toMatchObject({ version: token, cacheControl: IMMUTABLE_PICTURE });
    stub.files.delete(path); // the provider gone: only a kept copy answers
    expect(await resizer().get(path, 320, 'webp', token)).toMatchObject({ version: token });
  });
});

describe("a copy's year", () => {
  it('is given only under the version of the bytes it was made from, not the one a lookup named', async () => {
    const stub = await pictureProvider();
    stub.files.set('/uploads/x.jpg', { body: await phonePhoto(), type: 'image/jpeg' });
    // The lookup saw the picture before it was replaced; the read gets the new bytes.
    const resizer = createPictureResizer({ providerUrl: stub.url, timeoutMs: 5000, versions: { current: async () => 'before000000' } });
    const copy = await resizer.get('/uploads/x.jpg', 320, 'webp', 'before000000');
    expect({ made: copy !== null, cache: copy?.cacheControl }).toEqual({ made: true, cache: CHANGING_PICTURE });
    await stub.close();
  });
});

describe('pictures as editors upload them', () => {
  let stub: Awaited<ReturnType<typeof pictureProvider>>;
  let media: Awaited<ReturnType<typeof createSiteServer>>;
  let mediaDist: string;
  /** What the clock of the versions says: moved by the test, never waited for. */
  let clock = 0;

  beforeAll(async () => {
    stub = await pictureProvider();
    mediaDist = fakeDist();
    media = await createSiteServer({ distDir: mediaDist, providerUrl: stub.url, mediaUrl: '', variant: 'standard', renderDeadlineMs: CORRECTNESS_DEADLINE_MS });
  });

  afterAll(async () => {
    await media.close();
    await stub.close();
    rmSync(mediaDist, { recursive: true, force: true });
  });

  it('turns a sideways phone photo upright by its EXIF orientation', async () => {
    stub.files.set('/uploads/phone.jpg', { body: await phonePhoto(), type: 'image/jpeg' });
    for (const accept of [undefined, WEBP, 'image/avif,image/webp,*/*']) {
      const copy = await media.inject({ url: '/uploads/phone.jpg?w=640', headers: accept ? { accept } : {} });
      expect({ accept, ...(await size(copy.rawPayload)) }).toEqual({
        accept,
        width: 640,
        height: 960,
        format: pictureFormat(accept) === 'fallback' ? 'jpeg' : pictureFormat(accept) === 'avif' ? 'heif' : 'webp',
      });
      // The white corner the camera stored top left is top right once turned.
      const { data, info } = await sharp(copy.rawPayload).raw().toBuffer({ resolveWithObject: true });
      const at = (x: number, y: number) => data[(y * info.width + x) * info.channels + 1] ?? 0; // green: white has it, the red does not
      expect({ accept, topRight: at(info.width - 5, 5) > 200, topLeft: at(5, 5) > 200 }).toEqual({ accept, topRight: true, topLeft: false });
    }
    // Narrower than the width asked, it is still turned: the original would show sideways wherever EXIF is ignored.
    const small = await media.inject({ url: '/uploads/phone.jpg?w=1920' });
    expect(await size(small.rawPayload)).toEqual({ width: 800, height: 1200, format: 'jpeg' });
  });

  it('sends AVIF or WebP to browsers that take them and JPEG or PNG to the others, varying by Accept', async () => {
    stub.files.set('/uploads/photo.webp', {
      body: await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#37a' } })
        .webp()
        .toBuffer(),
      type: 'image/webp',
    });
    stub.files.set('/uploads/logo.png', {
      body: await sharp({ create: { width: 1600, height: 900, channels: 4, background: '#37a8' } })
        .png()
        .toBuffer(),
      type: 'image/png',
    });
    const cases: [string, string | undefined, string][] = [
      ['/uploads/photo.webp', 'image/avif,image/webp,image/apng,*/*;q=0.8', 'image/avif'],
      ['/uploads/photo.webp', 'image/webp,*/*', 'image/webp'],
      ['/uploads/photo.webp', '*/*', 'image/jpeg'],
      ['/uploads/photo.webp', undefined, 'image/jpeg'],
      ['/uploads/logo.png', undefined, 'image/png'],
      ['/uploads/logo.png', 'image/avif,*/*', 'image/avif'],
    ];
    for (const [path, accept, type] of cases) {
      const copy = await media.inject({ url: `${path}?w=828`, headers: accept ? { accept } : {} });
      expect({ path, accept, type: copy.headers['content-type'], vary: copy.headers.vary, width: (await size(copy.rawPayload)).width }).toEqual({
        path,
        accept,
        type,
        vary: 'Accept',
        width: 828,
      });
    }
  });

  it("names each picture's version in the URLs a page carries: kept a year there, seconds under the plain URL", async () => {
    stub.files.set('/uploads/news/a.jpg', { body: await phonePhoto('#2a2'), type: 'image/jpeg' });
    const versions = createPictureVersions(stub.url, () => clock, CORRECTNESS_DEADLINE_MS);
    const api = withPictureVersions(
      {
        newsDetail: async () => ({
          pic: '/uploads/news/a.jpg',
          content: '<img src="/uploads/news/a.jpg">',
          pics: ['/uploads/news/a.jpg', 'https://elsewhere.example/a.jpg', ''],
        }),
      } as unknown as Parameters<typeof withPictureVersions>[0],
      versions,
    );
    const page = await (api.newsDetail as unknown as () => Promise<{ pic: string; content: string; pics: string[] }>)();
    expect(page.pic).toMatch(/^\/uploads\/news\/a\.jpg\?v=[\w-]{12}$/);
    expect(page.pics).toEqual([page.pic, 'https://elsewhere.example/a.jpg', '']);
    // A picture inserted into rich text names the same version: the sanitiser serves its copy under it.
    expect(page.content).toBe(`<img src="${page.pic}">`);

    const named = await media.inject({ url: `${page.pic}&w=640`, headers: { accept: WEBP } });
    expect({ status: named.statusCode, cache: named.headers['cache-control'] }).toEqual({ status: 200, cache: IMMUTABLE_PICTURE });
    const plain = await media.inject({ url: '/uploads/news/a.jpg?w=640', headers: { accept: WEBP } });
    expect({ status: plain.statusCode, cache: plain.headers['cache-control'], same: plain.headers.etag === named.headers.etag }).toEqual({
      status: 200,
      cache: CHANGING_PICTURE,
      same: true,
    });
    const original = await media.inject({ url: page.pic });
    expect({ cache: original.headers['cache-control'], etag: Boolean(original.headers.etag) }).toEqual({ cache: IMMUTABLE_PICTURE, etag: true });
    const plainOriginal = await media.inject({ url: '/uploads/news/a.jpg' });
    expect(plainOriginal.headers['cache-control']).toBe(CHANGING_PICTURE);
    expect((await media.inject({ url: '/uploads/news/a.jpg', headers: { 'if-none-match': String(plainOriginal.headers.etag) } })).statusCode).toBe(304);
    // A version that is not the picture's (made up, or replaced since) is never kept long.
    const wrong = await media.inject({ url: '/uploads/news/a.jpg?v=notthisone000&w=640', headers: { accept: WEBP } });
    expect({ status: wrong.statusCode, cache: wrong.headers['cache-control'] }).toEqual({ status: 200, cache: CHANGING_PICTURE });
    expect((await media.inject({ url: '/uploads/news/a.jpg?v=notthisone000' })).headers['cache-control']).toBe(CHANGING_PICTURE);
  });

  it('asks a provider that does not answer once: a failed lookup stops the others for a while, so an outage costs one short wait', async () => {
    let asked = 0;
    let givenUp = 0;
    // Takes every request, answers none, and counts the ones the asker gave up (closed).
    const hanging = createServer((req) => {
      asked += 1;
      req.socket.once('close', () => (givenUp += 1));
    });
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    try {
      // Production's deadline, so production's wait: a quarter of it, which leaves the render the rest.
      const lookupMs = TIMING.renderDeadlineMs / 4;
      const versions = createPictureVersions(`http://127.0.0.1:${(hanging.address() as AddressInfo).port}`, () => clock);
      const started = Date.now();
      expect(await versions.current('/uploads/a.jpg', 0)).toBeNull();
      const waited = Date.now() - started;
      expect({ atLeastOneWait: waited >= lookupMs - 50, withinTheDeadline: waited < TIMING.renderDeadlineMs }).toEqual({
        atLeastOneWait: true,
        withinTheDeadline: true,
      });
      expect(await Promise.all([versions.current('/uploads/b.jpg', 0), versions.current('/uploads/a.jpg', 0)])).toEqual([null, null]);
      expect(asked).toBe(1); // not asked again, so not waited for
      clock += 10_000; // the cool-down is over: the provider is asked again
      expect(await versions.current('/uploads/b.jpg', 0)).toBeNull();
      expect(asked).toBe(2);
      while (givenUp < 2) await new Promise((resolve) => setTimeout(resolve, 5)); // both questions given up, none left open
    } finally {
      hanging.closeAllConnections();
      await new Promise((resolve) => hanging.close(resolve));
    }
  });

  it('gives a replaced picture a new version and new copies, and the old URL no longer its year', async () => {
    stub.files.set('/uploads/product/p.jpg', { body: await phonePhoto('#c33'), type: 'image/jpeg' });
    const versions = createPictureVersions(stub.url, () => clock, CORRECTNESS_DEADLINE_MS);
    const first = await versions.current('/uploads/product/p.jpg');
    const before = await media.inject({ url: `/uploads/product/p.jpg?v=${first}&w=320`, headers: { accept: WEBP } });
    expect(before.headers['cache-control']).toBe(IMMUTABLE_PICTURE);

    stub.files.set('/uploads/product/p.jpg', { body: await phonePhoto('#33c'), type: 'image/jpeg' }); // "Replace media": same name, new bytes
    expect(await versions.current('/uploads/product/p.jpg')).toBe(first); // believed for a second
    clock += 1000;
    const second = await versions.current('/uploads/product/p.jpg');
    expect(second).not.toBe(first);

    // The site's own versions see it once their second is over.
    let after = await media.inject({ url: `/uploads/product/p.jpg?v=${second}&w=320`, headers: { accept: WEBP } });
    for (const giveUp = Date.now() + 30_000; after.headers['cache-control'] !== IMMUTABLE_PICTURE && Date.now() < giveUp;) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await media.inject({ url: `/uploads/product/p.jpg?v=${second}&w=320`, headers: { accept: WEBP } });
    }
    expect(after.headers['cache-control']).toBe(IMMUTABLE_PICTURE);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const { data } = await sharp(after.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const middle = (100 * 320 + 160) * 3;
    expect({ blueOverRed: (data[middle + 2] ?? 0) > (data[middle] ?? 0) }).toEqual({ blueOverRed: true }); // the new picture is blue, the old red
    // The old version's URL now answers the new picture, kept for seconds only.
    const old = await media.inject({ url: `/uploads/product/p.jpg?v=${first}&w=320`, headers: { accept: WEBP } });
    expect({ cache: old.headers['cache-control'], etag: old.headers.etag }).toEqual({ cache: CHANGING_PICTURE, etag: after.headers.etag });
  });

  it('refuses to resize a picture of more pixels than a phone camera makes, serving it as it is', async () => {
    const huge = await sharp({ create: { width: 10_000, height: 6000, channels: 3, background: '#888' } })
      .jpeg({ quality: 20 })
      .toBuffer();
    stub.files.set('/uploads/huge.jpg', { body: huge, type: 'image/jpeg' });
    const answer = await media.inject({ url: '/uploads/huge.jpg?w=640', headers: { accept: WEBP } });
    expect({ status: answer.statusCode, type: answer.headers['content-type'], same: Buffer.compare(answer.rawPayload, huge) === 0 }).toEqual({
      status: 200,
      type: 'image/jpeg',
      same: true,
    });
  });
});

describe("a picture's version", () => {
  it('is asked afresh for a render: a lookup already on its way, asked before "Replace media", never answers it', async () => {
    let etag = '"old"';
    let heads = 0;
    let answerFirst = () => {};
    const server = createServer((_req, res) => {
      heads += 1;
      const answer = etag; // what the file was when the question arrived
      // The first answer is slow: it comes once the second, asked after "Replace media", has been taken.
      if (heads === 1) answerFirst = () => void res.writeHead(200, { etag: answer }).end();
      else res.writeHead(200, { etag: answer }).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      let clock = 1000;
      const versions = createPictureVersions(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, () => clock, CORRECTNESS_DEADLINE_MS);
      const early = versions.current('/uploads/a.jpg'); // an /api answer's lookup, still on its way
      while (heads === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      etag = '"new"'; // "Replace media"; the webhook's render follows
      clock += 5;
      const rendered = await versions.current('/uploads/a.jpg', 0);
      answerFirst();
      const newToken = versionOf(new Headers({ etag: '"new"' }));
      // The early question, answered last, is older: its caller too gets the newer answer.
      expect({ early: await early, rendered, heads }).toEqual({ early: newToken, rendered: newToken, heads: 2 });
      // The older answer, come last, does not replace the newer one.
      expect(await versions.current('/uploads/a.jpg')).toBe(newToken);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('is no answer once the picture is deleted, not even from a lookup asked before the deletion and answered after it', async () => {
    let answered = () => {};
    let asked = 0;
    // The provider answers the first question only once the deletion is done.
    const server = createServer((_req, res) => {
      asked += 1;
      if (asked === 1) answered = () => void res.writeHead(200, { etag: '"deleted"' }).end();
      else res.writeHead(503).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const noted: string[] = [];
      const ledger = { add: async (_path: string, token: string) => void noted.push(token) };
      const versions = createPictureVersions(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, Date.now, CORRECTNESS_DEADLINE_MS, ledger);
      const before = versions.current('/uploads/a.jpg');
      while (asked === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      versions.forget!('/uploads/a.jpg');
      answered();
      expect({ answer: await before, noted }).toEqual({ answer: null, noted: [] });
      // Neither in memory nor while the provider fails (it answers 503 now).
      expect({ known: versions.known!('/uploads/a.jpg'), now: await versions.current('/uploads/a.jpg', 0) }).toEqual({ known: null, now: null });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
