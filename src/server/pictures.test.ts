import { rmSync } from 'node:fs';
import sharp from 'sharp';
import { startProvider, type RunningProvider } from '../provider/startProvider';
import { tempDataDir } from '../provider/testing';
import { createSiteServer } from './app';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPictureResizer, pictureRequest } from './pictures';
import { fakeDist, providerGate } from './testing';

/** The site serving the provider's media itself, with a counting gate in front of the real provider. */
let provider: RunningProvider;
let gate: Awaited<ReturnType<typeof providerGate>>;
let data: ReturnType<typeof tempDataDir>;
let dist: string;
let site: Awaited<ReturnType<typeof createSiteServer>>;

beforeAll(async () => {
  data = tempDataDir();
  dist = fakeDist();
  provider = await startProvider({ port: 0, dataDir: data.dir });
  gate = await providerGate(provider.url);
  site = await createSiteServer({ distDir: dist, providerUrl: gate.url, mediaUrl: '', variant: 'standard', upstreamTimeoutMs: 1000 });
}, 20_000);

afterAll(async () => {
  await site.close();
  await gate.close();
  await provider.close();
  data.remove();
  rmSync(dist, { recursive: true, force: true });
}, 20_000);

beforeEach(() => {
  gate.mode = 'pass';
  gate.counts.clear();
});

const size = async (body: Buffer) => {
  const { width, height, format } = await sharp(body).metadata();
  return { width, height, format };
};

describe('narrower copies of the pictures the site serves', () => {
  it('answers a srcset width with a copy of that width, cacheable like the original, and 304 to its ETag', async () => {
    const copy = await site.inject({ url: '/uploads/banner/home-1.webp?w=828' });
    expect(copy.statusCode).toBe(200);
    expect(copy.headers['content-type']).toBe('image/webp');
    expect(copy.headers['cache-control']).toBe('public, max-age=86400');
    expect(await size(copy.rawPayload)).toEqual({ width: 828, height: 466, format: 'webp' });

    const again = await site.inject({ url: '/uploads/banner/home-1.webp?w=828', headers: { 'if-none-match': String(copy.headers.etag) } });
    expect(again.statusCode).toBe(304);
    // A weak tag or a list naming it is a match too (RFC 9110 §13.1.2).
    const listed = await site.inject({ url: '/uploads/banner/home-1.webp?w=828', headers: { 'if-none-match': `"other", W/${String(copy.headers.etag)}` } });
    expect(listed.statusCode).toBe(304);
    expect(gate.counts.get('/uploads/banner/home-1.webp')).toBe(1);
  });

  it('answers any other width, or none, with the original', async () => {
    for (const url of ['/uploads/banner/home-1.webp', '/uploads/banner/home-1.webp?w=999', '/uploads/banner/home-1.webp?w=828x']) {
      const original = await site.inject({ url });
      expect(original.statusCode).toBe(200);
      expect((await size(original.rawPayload)).width).toBe(1920);
    }
  });

  it('makes one copy of a picture whatever other query keys ask for it', async () => {
    expect(pictureRequest('/uploads/a.webp?v=2&w=828')).toEqual({ path: '/uploads/a.webp', width: 828 });
    expect(pictureRequest('/uploads/a.webp?w=700')).toBeNull();

    for (const version of [1, 2, 3]) {
      const copy = await site.inject({ url: `/uploads/banner/page-5.webp?v=${version}&w=640` });
      expect((await size(copy.rawPayload)).width).toBe(640);
    }
    expect(gate.counts.get('/uploads/banner/page-5.webp')).toBe(1);
  });

  it('makes a copy once however many ask for it at the same time', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => site.inject({ url: '/uploads/banner/home-3.webp?w=640' })));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(new Set(answers.map((answer) => answer.headers.etag)).size).toBe(1);
    expect(gate.counts.get('/uploads/banner/home-3.webp')).toBe(1);
  });

  it('passes what is not a picture through untouched', async () => {
    const video = await site.inject({ url: '/uploads/video/intro.mp4?w=640' });
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-type']).toBe('video/mp4');
  });

  it('keeps serving copies it made while the provider is down, and answers the others as the proxy does', async () => {
    await site.inject({ url: '/uploads/banner/page-2.webp?w=1280' });
    gate.mode = 'down';
    const cached = await site.inject({ url: '/uploads/banner/page-2.webp?w=1280' });
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
    for (const url of ['/uploads/banner/page-6.webp?w=640', '/uploads/%62anner/page-6.webp?w=640', '/uploads/banner//page-6.webp?w=640', '/uploads/x/../banner/page-6.webp?w=640']) {
      const copy = await site.inject({ url });
      expect({ url, width: (await size(copy.rawPayload)).width }).toEqual({ url, width: 640 });
    }
    expect(gate.counts.get('/uploads/banner/page-6.webp')).toBe(1);
    expect(pictureRequest('/uploads/%62anner/a.webp?w=640')).toEqual({ path: '/uploads/banner/a.webp', width: 640 });
    for (const url of ['/uploads/%2e%2e/provider.sqlite?w=640', '/uploads/../data/a.webp?w=640', '/other/a.webp?w=640', '/uploads/%E0%A4%A?w=640', '/uploads/a%2500.webp?w=640']) {
      expect({ url, asked: pictureRequest(url) }).toEqual({ url, asked: null });
    }
  });

  it('remembers what it could not resize, and serves the original of a picture already that narrow', async () => {
    await site.inject({ url: '/uploads/video/intro.mp4?w=828' });
    const video = gate.counts.get('/uploads/video/intro.mp4') ?? 0;
    await site.inject({ url: '/uploads/video/intro.mp4?w=828' });
    expect(gate.counts.get('/uploads/video/intro.mp4')).toBe(video + 1); // the original passed through, no second look

    const original = await site.inject({ url: '/uploads/product/p01-2.webp' });
    const narrow = await site.inject({ url: '/uploads/product/p01-2.webp?w=640' });
    expect(narrow.statusCode).toBe(200);
    expect(Buffer.compare(narrow.rawPayload, original.rawPayload)).toBe(0);
  });
});

describe('the picture resizer', () => {
  it('runs at most two resizes at once, downloading an original only for a resize it runs', async () => {
    const picture = await sharp({ create: { width: 1920, height: 100, channels: 3, background: '#3a7' } }).webp().toBuffer();
    let fetched = 0;
    const server = createServer((_req, res) => (fetched += 1) && res.writeHead(200, { 'content-type': 'image/webp', 'content-length': picture.length }).end(picture));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const held: (() => void)[] = [];
    let running = 0;
    let most = 0;
    const resizer = createPictureResizer({
      providerUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      timeoutMs: 5000,
      encode: async (input) => {
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => held.push(resolve));
        running -= 1;
        return { data: input, info: { format: 'webp' } };
      },
    });
    const copies = Array.from({ length: 6 }, (_, i) => resizer.get(`/uploads/p${i}.webp`, 640));
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
