/**
 * Uploads in the real Strapi of cms/ (installed if missing, started on its own SQLite): an Author
 * sends a page, a script and an SVG carrying script through the media library's upload API, and
 * a page dressed as a picture (a PNG with a script after it, sent as application/octet-stream): Strapi
 * refuses each, and keeps none. A picture and a PDF are taken, and the site (the embedded
 * provider reading Strapi) serves them inert: typed, nosniff, sandboxed, the PDF as a download.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CMS_DIR, type RunningCms } from '../../config/cms/cms';
import { UPLOAD_MIME_TYPES } from '../../src/http/uploadTypes';
import { fakeDist } from '../../src/server/server.testing';
import { cmsCall, startUploadStack } from './strapi';

const SCRIPT = '<script>fetch("/api/index/patient/submit")</script>';
const PNG = readFileSync(join(__dirname, '..', '..', 'public', 'share.png'));
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const work = mkdtempSync(join(tmpdir(), 'cms-uploads-'));
const dist = fakeDist();
let stack: Awaited<ReturnType<typeof startUploadStack>> | undefined;
let cms: RunningCms;
let author: string;
let jwt: string;
let siteUrl: string;

interface Uploaded {
  status: number;
  body: { id: number; url: string }[] & { error?: { message: string } };
}

/** What the admin panel's media library sends for one file. */
async function upload(name: string, type: string, body: Buffer | string): Promise<Uploaded> {
  const form = new FormData();
  form.append('files', new Blob([typeof body === 'string' ? body : new Uint8Array(body)], { type }), name);
  const response = await fetch(`${cms.url}/upload`, { method: 'POST', headers: { authorization: `Bearer ${author}` }, body: form });
  const answer = { status: response.status, body: (await response.json()) as Uploaded['body'] };
  return answer;
}

beforeAll(async () => {
  stack = await startUploadStack({ work, dist, role: 'strapi-author', email: 'author@example.com' });
  ({ cms, jwt, siteUrl } = stack);
  author = stack.uploader;
}, 10 * 60_000);

afterAll(async () => {
  await stack?.close();
  rmSync(work, { recursive: true, force: true });
  rmSync(dist, { recursive: true, force: true });
}, 60_000);

describe('uploads to Strapi', () => {
  it('allows the types the site serves, no more', async () => {
    // cms/ is a project of its own: its list is written there, and must be the site's.
    const { default: plugins } = (await import(join(CMS_DIR, 'config', 'plugins.js'))) as {
      default: (config: { env: { int: (name: string, fallback: number) => number } }) => { upload: { config: { security: { allowedTypes: string[] } } } };
    };
    const { allowedTypes } = plugins({ env: { int: (_name, fallback) => fallback } }).upload.config.security;
    expect([...allowedTypes].sort()).toEqual([...UPLOAD_MIME_TYPES].sort());
  });

  it('refuses a page, a script, an SVG with a script and a page dressed as a picture, and keeps none of them', async () => {
    const refused = [
      ['a.html', 'text/html', `<!doctype html><p>Offer</p>${SCRIPT}`],
      ['b.js', 'text/javascript', 'fetch("/api/index/patient/submit", { method: "POST" })'],
      ['c.svg', 'image/svg+xml', `<svg xmlns="http://www.w3.org/2000/svg">${SCRIPT}</svg>`],
      // A whole picture with a script after it: Strapi goes by the content when the declared type
      // says nothing, and would keep the name, so its own origin would serve it as a page.
      ['d.html', 'application/octet-stream', Buffer.concat([PNG, Buffer.from(SCRIPT)])],
    ] as const;
    const library = async () =>
      ((await cmsCall(cms.url, 'GET', '/upload/files?sort=createdAt:DESC&pageSize=100', jwt)).body as { results: { name: string }[] }).results.map(
        (file) => file.name,
      );
    const before = await library();
    for (const [name, type, body] of refused) {
      const answer = await upload(name, type, body);
      expect({ name, status: answer.status, message: answer.body.error?.message }).toEqual({
        name,
        status: 400,
        message: expect.stringMatching(/not allowed/),
      });
    }
    expect(await library()).toEqual(before);
  }, 60_000);

  it('takes a picture and a PDF, which the site serves typed, never sniffed, sandboxed, the PDF as a download', async () => {
    const picture = await upload('e.png', 'image/png', PNG);
    const pdf = await upload('f.pdf', 'application/pdf', PDF);
    expect([picture.status, pdf.status]).toEqual([201, 201]);
    const [pictureUrl, pdfUrl] = [picture.body[0]!.url, pdf.body[0]!.url];
    expect([pictureUrl, pdfUrl]).toEqual([expect.stringMatching(/^\/uploads\/e_\w+\.png$/), expect.stringMatching(/^\/uploads\/f_\w+\.pdf$/)]);

    const served = async (path: string) => {
      const response = await fetch(`${siteUrl}${path}`);
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        sniff: response.headers.get('x-content-type-options'),
        csp: response.headers.get('content-security-policy'),
        disposition: response.headers.get('content-disposition'),
        body: Buffer.from(await response.arrayBuffer()),
      };
    };
    expect(await served(pdfUrl)).toEqual({ status: 200, type: 'application/pdf', sniff: 'nosniff', csp: 'sandbox', disposition: 'attachment', body: PDF });
    expect(await served(pictureUrl)).toEqual({ status: 200, type: 'image/png', sniff: 'nosniff', csp: 'sandbox', disposition: null, body: PNG });
  }, 60_000);
});
