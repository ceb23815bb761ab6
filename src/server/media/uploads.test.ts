/**
 * /uploads/ answers pictures, video and PDF only, inert (the rule itself: src/http/uploadTypes.test.ts):
 * the site and the embedded provider over real HTTP with a media folder an author has filled with
 * a page, a script and an SVG that carry script, beside a picture, the video and a PDF; and the
 * site in front of a provider that guards nothing (PROVIDER_URL naming another one).
 */
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { loadContentPack } from '../../provider/content/loadPack';
import { openDatabase } from '../../provider/sqliteDatabase';
import { createProviderApp } from '../../provider/app';
import { SEED_MEDIA_DIR } from '../../provider/startProvider';
import { tempDataDir } from '../../provider/provider.testing';
import { createSiteServer } from '../app';
import { fakeDist, providerGate } from '../server.testing';

const SCRIPT = '<script>fetch("/api/index/patient/submit")</script>';
/** What an author put in the media folder, by name. */
const FILES: Record<string, string | Buffer> = {
  'a.html': `<!doctype html><p>Win</p>${SCRIPT}`,
  'b.js': 'fetch("/api/index/patient/submit", { method: "POST" })',
  'c.svg': `<svg xmlns="http://www.w3.org/2000/svg">${SCRIPT}</svg>`,
  'd.pdf': '%PDF-1.4\n%%EOF\n',
  'e.png': readFileSync(join(__dirname, '..', '..', '..', 'public', 'share.png')),
};
const REFUSED = ['a.html', 'b.js', 'c.svg'];

let data: ReturnType<typeof tempDataDir>;
let dist: string;
let db: Awaited<ReturnType<typeof openDatabase>>;
let provider: Awaited<ReturnType<typeof createProviderApp>>;
let gate: Awaited<ReturnType<typeof providerGate>>;
let site: Awaited<ReturnType<typeof createSiteServer>>;
let providerUrl: string;
let siteUrl: string;

beforeAll(async () => {
  data = tempDataDir();
  dist = fakeDist();
  const media = join(data.dir, 'uploads');
  mkdirSync(join(media, 'video'), { recursive: true });
  for (const [name, body] of Object.entries(FILES)) writeFileSync(join(media, name), body);
  copyFileSync(join(SEED_MEDIA_DIR, 'video', 'intro.mp4'), join(media, 'video', 'intro.mp4'));
  db = await openDatabase(data.dir, loadContentPack());
  provider = await createProviderApp({ db, mediaDir: media, retention: false });
  providerUrl = await provider.listen({ port: 0, host: '127.0.0.1' });
  // A counting hop shows what the site asked the provider for.
  gate = await providerGate(providerUrl);
  site = await createSiteServer({ distDir: dist, providerUrl: gate.url, mediaUrl: '', variant: 'standard' });
  siteUrl = await site.listen({ port: 0, host: '127.0.0.1' });
}, 20_000);

afterAll(async () => {
  await site.close();
  await gate.close();
  await provider.close();
  db.close();
  data.remove();
  rmSync(dist, { recursive: true, force: true });
}, 20_000);

const inert = (response: Response) => ({
  type: response.headers.get('content-type'),
  sniff: response.headers.get('x-content-type-options'),
  csp: response.headers.get('content-security-policy'),
  disposition: response.headers.get('content-disposition'),
});

describe('/uploads/ through the site and from the provider', () => {
  it('answers 404 for a page, a script and an SVG, without asking the provider for them', async () => {
    for (const name of REFUSED) {
      const [fromSite, fromProvider] = await Promise.all([fetch(`${siteUrl}/uploads/${name}`), fetch(`${providerUrl}/uploads/${name}`)]);
      const bodies = [await fromSite.text(), await fromProvider.text()];
      expect({ name, status: [fromSite.status, fromProvider.status], script: bodies.some((body) => body.includes('fetch(')) }).toEqual({
        name,
        status: [404, 404],
        script: false,
      });
      expect(inert(fromSite)).toMatchObject({ sniff: 'nosniff', csp: 'sandbox' });
      expect(gate.counts.get(`/uploads/${name}`)).toBeUndefined();
    }
  });

  it('serves a PDF as a download, typed, never sniffed, sandboxed', async () => {
    for (const base of [siteUrl, providerUrl]) {
      const response = await fetch(`${base}/uploads/d.pdf`);
      expect({ base, status: response.status, ...inert(response) }).toEqual({
        base,
        status: 200,
        type: 'application/pdf',
        sniff: 'nosniff',
        csp: 'sandbox',
        disposition: 'attachment',
      });
      expect(await response.text()).toBe(FILES['d.pdf']);
    }
  });

  it('serves a picture inline, the original and a narrower copy, with nosniff and the sandbox', async () => {
    for (const url of [`${siteUrl}/uploads/e.png`, `${siteUrl}/uploads/e.png?w=640`, `${providerUrl}/uploads/e.png`]) {
      const response = await fetch(url);
      // Read to the end: a 245 KB body left unread holds its response (and the site's close) open.
      const bytes = (await response.arrayBuffer()).byteLength;
      expect({ url, status: response.status, ...inert(response), whole: bytes > 0 }).toEqual({
        url,
        status: 200,
        type: 'image/png',
        sniff: 'nosniff',
        csp: 'sandbox',
        disposition: null,
        whole: true,
      });
    }
    // The original, the copy's version (a HEAD) and its source: one file, asked for three times.
    expect(gate.counts.get('/uploads/e.png')).toBe(3);
  });

  it("passes the video's ranges through with the same headers", async () => {
    const response = await fetch(`${siteUrl}/uploads/video/intro.mp4`, { headers: { range: 'bytes=0-99' } });
    expect({ status: response.status, ...inert(response) }).toEqual({ status: 206, type: 'video/mp4', sniff: 'nosniff', csp: 'sandbox', disposition: null });
    expect((await response.arrayBuffer()).byteLength).toBe(100);
  });

  it("keeps a missing file's 404 as it is: not typed as the file, not a download", async () => {
    const response = await fetch(`${siteUrl}/uploads/missing.pdf`);
    await response.arrayBuffer();
    expect(response.status).toBe(404);
    expect(inert(response)).toMatchObject({ sniff: 'nosniff', csp: 'sandbox', disposition: null });
    expect(inert(response).type).not.toBe('application/pdf');
  });
});

describe('/uploads/ in front of a provider that guards nothing', () => {
  it('refuses what it must not fetch and types what it serves itself, whatever the upstream says', async () => {
    const asked: string[] = [];
    // Any name, answered as a page.
    const upstream = createServer((request, response) => {
      asked.push(request.url ?? '');
      response.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html>${SCRIPT}`);
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const other = await createSiteServer({
      distDir: dist,
      providerUrl: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
      mediaUrl: '',
      variant: 'standard',
    });
    try {
      const page = await other.inject({ url: '/uploads/a.html' });
      expect(page.statusCode).toBe(404);
      const picture = await other.inject({ url: '/uploads/e.png' });
      expect({
        status: picture.statusCode,
        type: picture.headers['content-type'],
        sniff: picture.headers['x-content-type-options'],
        csp: picture.headers['content-security-policy'],
      }).toEqual({
        status: 200,
        type: 'image/png',
        sniff: 'nosniff',
        csp: 'sandbox',
      });
      const pdf = await other.inject({ url: '/uploads/d.pdf' });
      expect({ type: pdf.headers['content-type'], disposition: pdf.headers['content-disposition'] }).toEqual({
        type: 'application/pdf',
        disposition: 'attachment',
      });
      expect(asked.filter((path) => path.startsWith('/uploads/'))).toEqual(['/uploads/e.png', '/uploads/d.pdf']);
    } finally {
      await other.close();
      upstream.closeAllConnections();
      await new Promise((resolve) => upstream.close(resolve));
    }
  });
});
