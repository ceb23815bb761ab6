/**
 * The provider's drafts come from Strapi's drafts, read with the preview token on behalf of the
 * preview's admin, and its published content never does: checked against a stand-in for Strapi
 * that records what it is asked.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { readStrapiConnection } from './connection';
import { previewAdminOf, previewApiPrefix } from '../../http/previewAccess';
import { strapiDrafts } from './preview';
import { createStrapiSource } from './source';
import { STAND_IN_ANSWER_MS } from './standIn.testing';

interface Asked {
  path: string;
  status: string | null;
  authorization: string | undefined;
  admin: string | string[] | undefined;
}

let server: Server;
let url: string;
const asked: Asked[] = [];
/** What the stand-in answers every call with: no entry, unless a test gives one. */
let entries: unknown[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const address = new URL(req.url ?? '/', 'http://strapi.test');
    asked.push({
      path: address.pathname,
      status: address.searchParams.get('status'),
      authorization: req.headers.authorization,
      admin: req.headers['x-preview-admin'],
    });
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: entries, meta: { pagination: { total: 0, pageCount: 1 } } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

beforeEach(() => {
  asked.length = 0;
  entries = [];
});

describe("the previews' drafts", () => {
  it("are read with the preview token, asking Strapi on every call for the drafts the preview's admin may read", async () => {
    const drafts = strapiDrafts(Fastify(), { url, timeoutMs: STAND_IN_ANSWER_MS, preview: { token: 'preview-token', secret: 'secret' } })(7);
    await drafts.news('en', { page: 1, pageSize: 5 });
    await drafts.categories('zh');
    expect(asked.length).toBeGreaterThanOrEqual(2);
    expect(asked.every((call) => call.status === 'draft' && call.authorization === 'Bearer preview-token' && call.admin === '7')).toBe(true);
  });

  it("are each admin's own: one admin's answers, kept for outages, never answer another's", async () => {
    const draftsOf = strapiDrafts(Fastify(), { url, timeoutMs: STAND_IN_ANSWER_MS, preview: { token: 'preview-token', secret: 'secret' } });
    expect(draftsOf(7)).toBe(draftsOf(7));
    expect(draftsOf(8)).not.toBe(draftsOf(7));
    await draftsOf(7).news('en', { page: 1, pageSize: 5 });
    await draftsOf(8).news('en', { page: 1, pageSize: 5 });
    expect(asked.map((call) => call.admin)).toEqual(['7', '8']);
  });

  it('show a picture inserted into rich text by the address editors open the CMS at (CMS_PUBLIC_URL), as the published site does', async () => {
    entries = [
      {
        documentId: 'd1',
        locale: 'en',
        site_id: 5,
        title: 'A walk',
        des: 'A walk',
        date: '2026-11-27T08:00:00.000Z',
        content: '![A walk](https://cms.example.com/uploads/walk_3f2a.webp)',
        pic: null,
        seo: null,
      },
    ];
    const connection = readStrapiConnection({ CONTENT_SOURCE: 'strapi', STRAPI_URL: url, STRAPI_TOKEN: 't', CMS_PUBLIC_URL: 'https://cms.example.com/admin' });
    const drafts = strapiDrafts(Fastify(), { ...connection!, timeoutMs: STAND_IN_ANSWER_MS, preview: { token: 'preview-token', secret: 'secret' } })(7);
    const published = createStrapiSource({ url, token: 't', publicUrl: connection?.publicUrl, timeoutMs: STAND_IN_ANSWER_MS });
    for (const source of [drafts, published]) expect((await source.newsDetail(5, 'en'))?.content).toContain('src="/uploads/walk_3f2a.webp"');
  });

  it('name the admin by id only: what the site reads from a signed address', () => {
    expect(previewApiPrefix(12)).toBe('/_preview/12');
    expect(['12', '1'].map(previewAdminOf)).toEqual([12, 1]);
    for (const text of [undefined, '', '0', '012', '-1', '1.5', '1e3', 'admin', '1234567890123'])
      expect({ text, admin: previewAdminOf(text) }).toEqual({ text, admin: null });
  });

  it('never reach the published content, which asks for no status with the site token', async () => {
    const published = createStrapiSource({ url, token: 'site-token', timeoutMs: STAND_IN_ANSWER_MS });
    await published.news('en', { page: 1, pageSize: 5 });
    await published.categories('zh');
    expect(asked.length).toBeGreaterThanOrEqual(2);
    expect(asked.every((call) => call.status === null && call.authorization === 'Bearer site-token' && call.admin === undefined)).toBe(true);
  });
});

describe('the Strapi connection', () => {
  const strapi = { CONTENT_SOURCE: 'strapi', STRAPI_URL: 'http://cms.internal:1337', STRAPI_TOKEN: 't' };

  it('reads drafts for previews with both the preview token and the secret', () => {
    expect(readStrapiConnection({ ...strapi, STRAPI_PREVIEW_TOKEN: 'p', PREVIEW_SECRET: 's' })).toEqual({
      url: 'http://cms.internal:1337',
      token: 't',
      preview: { token: 'p', secret: 's' },
    });
    expect(readStrapiConnection(strapi)).toEqual({ url: 'http://cms.internal:1337', token: 't' });
  });

  it("waits for Strapi half the site's render deadline when RENDER_DEADLINE_MS changes it", () => {
    expect(readStrapiConnection({ ...strapi, RENDER_DEADLINE_MS: '1200' })).toEqual({ url: 'http://cms.internal:1337', token: 't', timeoutMs: 600 });
    expect(readStrapiConnection({ ...strapi, RENDER_DEADLINE_MS: 'soon' })).not.toHaveProperty('timeoutMs');
  });

  it('refuses one without the other, naming both', () => {
    for (const env of [
      { ...strapi, STRAPI_PREVIEW_TOKEN: 'p' },
      { ...strapi, PREVIEW_SECRET: 's' },
    ]) {
      expect(() => readStrapiConnection(env)).toThrow(/STRAPI_PREVIEW_TOKEN.*PREVIEW_SECRET/);
    }
  });
});
