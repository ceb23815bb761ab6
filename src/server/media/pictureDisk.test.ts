/**
 * Picture copies on disk: found again by a restarted process (or its neighbour) without encoding,
 * never for bytes that were replaced, bounded by size, and made ahead, at start for the pictures
 * above the fold and on the CMS's word for an upload. Real provider, real sharp, real files.
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { mkdtempSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { startProvider, type RunningProvider } from '../../provider/startProvider';
import { tempDataDir } from '../../provider/provider.testing';
import { createSiteServer } from '../app';
import { CMS_WEBHOOK_PATH } from '../invalidation/cmsWebhook';
import { createPictureDisk } from './pictureDisk';
import { createPictureResizer, type PictureFormat } from './pictures';
import { createPictureVersions } from './pictureVersions';
import { CORRECTNESS_DEADLINE_MS, fakeDist } from '../server.testing';

jest.setTimeout(60_000);

const MAX_BYTES = 64 * 1024 * 1024;
const BANNER = '/uploads/banner/home-1.webp';
const SECRET = 'disk-webhook-secret';

let data: ReturnType<typeof tempDataDir>;
let provider: RunningProvider;
let dir: string;

beforeAll(async () => {
  data = tempDataDir();
  provider = await startProvider({ port: 0, dataDir: data.dir });
}, 20_000);
afterAll(async () => {
  await provider.close();
  data.remove();
});
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'picture-copies-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A site process's resizer on `folder`, counting the copies it encodes (with sharp) in `made`. */
function resizerOn(folder: string, made: string[] = [], providerUrl = provider.url) {
  return createPictureResizer({
    providerUrl,
    timeoutMs: 5000,
    versions: createPictureVersions(providerUrl, Date.now, CORRECTNESS_DEADLINE_MS),
    disk: createPictureDisk(folder, MAX_BYTES),
    encode: async (input, width, format) => {
      made.push(`${width} ${format}`);
      return sharp(input)
        .resize({ width })
        .toFormat(format as 'avif')
        .toBuffer({ resolveWithObject: true });
    },
  });
}

/** Another process on the same folder that cannot encode: any copy it returns was on disk. */
const diskOnly = (folder: string) =>
  createPictureResizer({
    providerUrl: provider.url,
    timeoutMs: 5000,
    versions: createPictureVersions(provider.url, Date.now, CORRECTNESS_DEADLINE_MS),
    disk: createPictureDisk(folder, MAX_BYTES),
    encode: async () => {
      throw new Error('this process encodes nothing');
    },
  });

async function until(ready: () => Promise<boolean>, what: string, ms = 45_000) {
  const started = Date.now();
  while (!(await ready())) {
    if (Date.now() - started > ms) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('copies on disk', () => {
  it('are served after a restart, and by the neighbour process, without encoding again', async () => {
    const made: string[] = [];
    const first = await resizerOn(dir, made).get(BANNER, 828, 'avif', null);
    expect(made).toEqual(['828 avif']);
    const restarted: string[] = [];
    const again = await resizerOn(dir, restarted).get(BANNER, 828, 'avif', null);
    expect(restarted).toEqual([]);
    expect({ type: again?.type, etag: again?.etag, same: again?.body.equals(first?.body as Buffer) }).toEqual({
      type: 'image/avif',
      etag: first?.etag,
      same: true,
    });
    expect(await diskOnly(dir).get(BANNER, 828, 'avif', null)).not.toBeNull();
  });

  it('are never served for a picture replaced since: its new bytes have a new version', async () => {
    const folder = join(data.dir, 'uploads-stub');
    // A provider whose one picture the test replaces (its ETag, hence its version, follows the bytes).
    let picture = await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#c33' } })
      .webp()
      .toBuffer();
    const stub = createServer((req, res) => {
      const etag = `"${createHash('sha1').update(picture).digest('hex')}"`;
      res.writeHead(200, { 'content-type': 'image/webp', 'content-length': picture.length, etag }).end(req.method === 'HEAD' ? undefined : picture);
    });
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    const stubUrl = `http://127.0.0.1:${(stub.address() as { port: number }).port}`;
    try {
      const red = await resizerOn(folder, [], stubUrl).get('/uploads/x.webp', 320, 'webp', null);
      picture = await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#33c' } })
        .webp()
        .toBuffer();
      const made: string[] = [];
      const blue = await resizerOn(folder, made, stubUrl).get('/uploads/x.webp', 320, 'webp', null);
      expect(made).toEqual(['320 webp']);
      const { dominant } = await sharp(blue?.body).stats();
      expect({ changed: !blue?.body.equals(red?.body as Buffer), blue: dominant.b > dominant.r }).toEqual({ changed: true, blue: true });
    } finally {
      stub.closeAllConnections();
      await new Promise((resolve) => stub.close(resolve));
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('stay within their bound, the least recently used going first', async () => {
    const disk = createPictureDisk(dir, 10_000);
    const copy = (n: number) => ({ type: 'image/webp', body: Buffer.alloc(3000, n) });
    await disk.write('a', copy(1));
    await disk.write('b', copy(2));
    await disk.write('c', copy(3));
    // 'a' is read, so 'b' is now the one used least recently.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await disk.read('a'))?.body.equals(copy(1).body)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await disk.write('d', copy(4));
    await disk.settle();
    const bytes = readdirSync(dir).reduce((sum, name) => sum + statSync(join(dir, name)).size, 0);
    expect(bytes).toBeLessThanOrEqual(10_000);
    expect({ a: await disk.read('a'), b: await disk.read('b'), d: await disk.read('d') }).toEqual({ a: expect.anything(), b: null, d: expect.anything() });
  });
});

describe('copies made ahead', () => {
  const formats: PictureFormat[] = ['avif', 'webp'];
  // The banner is a 1920 px WebP: at that width and format it is its own copy.
  const bannerCopies = [1920, 1280, 828, 640, 320].flatMap((width) => formats.map((format) => `${width} ${format}`)).filter((copy) => copy !== '1920 webp');

  it('go widest first, in both formats browsers take', async () => {
    const made: string[] = [];
    await resizerOn(dir, made).prepare([BANNER]);
    expect(made).toEqual(bannerCopies);
  });

  it('are made once by the processes of a host that start together, each copy by one of them', async () => {
    const first: string[] = [];
    const second: string[] = [];
    await Promise.all([resizerOn(dir, first).prepare([BANNER]), resizerOn(dir, second).prepare([BANNER])]);
    expect([...first, ...second].sort()).toEqual([...bannerCopies].sort());
    expect(second.length).toBeGreaterThan(0); // both worked, neither waited for the other to finish
    expect(readdirSync(dir).filter((name) => name.endsWith('.making'))).toEqual([]);
    const reader = diskOnly(dir);
    for (const copy of bannerCopies) {
      const [width, format] = copy.split(' ') as [string, PictureFormat];
      expect(await reader.get(BANNER, Number(width), format, null)).not.toBeNull();
    }
  });

  it('leave a copy another process is making to it, and take over one it left a minute ago', async () => {
    const disk = createPictureDisk(dir, MAX_BYTES);
    const unmark = await disk.claim('a');
    expect(unmark).not.toBeNull();
    expect(await createPictureDisk(dir, MAX_BYTES).claim('a')).toBeNull();
    const [mark] = readdirSync(dir).filter((name) => name.endsWith('.making'));
    const minuteAgo = new Date(Date.now() - 61_000);
    utimesSync(join(dir, mark!), minuteAgo, minuteAgo);
    expect(await createPictureDisk(dir, MAX_BYTES).claim('a')).toBeInstanceOf(Function);
    await unmark!();
    expect(readdirSync(dir)).toEqual([]);
  });

  it("at start: the home banner's widest copy is on disk before anyone asks, and on the CMS's word for an uploaded picture", async () => {
    const dist = fakeDist();
    const site = await createSiteServer({
      distDir: dist,
      providerUrl: provider.url,
      mediaUrl: '',
      variant: 'standard',
      renderDeadlineMs: CORRECTNESS_DEADLINE_MS,
      cmsWebhookSecret: SECRET,
      pictureCopies: { dir, maxBytes: MAX_BYTES },
    });
    try {
      await site.listen({ port: 0, host: '127.0.0.1' });
      // A new one each time: a resizer remembers its misses.
      await until(async () => (await diskOnly(dir).get(BANNER, 1920, 'avif', null)) !== null, 'the banner copy made at start');
      const uploaded = '/uploads/news/n01.webp';
      expect(await diskOnly(dir).get(uploaded, 320, 'webp', null)).toBeNull();
      const told = await site.inject({
        method: 'POST',
        url: CMS_WEBHOOK_PATH,
        headers: { authorization: `Bearer ${SECRET}` },
        payload: { event: 'media.update', createdAt: '2026-11-02T08:00:00.000Z', media: { id: 5, name: 'n01.webp', url: uploaded } },
      });
      expect(told.statusCode).toBe(204);
      await until(async () => (await diskOnly(dir).get(uploaded, 320, 'webp', null)) !== null, "the uploaded picture's copy");
    } finally {
      await site.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
