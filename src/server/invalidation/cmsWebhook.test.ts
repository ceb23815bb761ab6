/**
 * The CMS's webhook through the real site server, a counting HTTP hop and the real embedded
 * provider: a published change shows on the next request for the pages that show it, every
 * other page stays cached, and a caller without the secret drops nothing.
 */
import { rmSync } from 'node:fs';
import { providerWithFreshDatabase } from '../../provider/provider.testing';
import { logOptions } from '../../http/logging';
import { logLines } from '../../http/logging.testing';
import { CACHE_PURGE_PATH } from '../../http/internalPaths';
import { createSiteServer } from '../app';
import { CMS_WEBHOOK_PATH } from './cmsWebhook';
import { CORRECTNESS_DEADLINE_MS, fakeDist, providerGate } from '../server.testing';

type Site = Awaited<ReturnType<typeof createSiteServer>>;

const SECRET = 'cms-webhook-secret-for-tests';
const PURGE_SECRET = 'purge-secret-for-tests';

let provider: Awaited<ReturnType<typeof providerWithFreshDatabase>>;
let gate: Awaited<ReturnType<typeof providerGate>>;
let dist: string;
const sites: Site[] = [];

/** A site whose pages stay fresh for a minute, the production window: only a purge renders them sooner. */
async function site(warnings: string[] = []): Promise<Site> {
  const { stream } = logLines(({ msg }) => warnings.push(String(msg)));
  const app = await createSiteServer({
    distDir: dist,
    providerUrl: gate.url,
    mediaUrl: 'http://media.test',
    variant: 'standard',
    renderDeadlineMs: CORRECTNESS_DEADLINE_MS,
    pageCache: { freshMs: 60_000 },
    cmsWebhookSecret: SECRET,
    cachePurgeSecret: PURGE_SECRET,
    logger: { ...logOptions('site', 'warn'), stream },
  });
  sites.push(app);
  return app;
}

beforeAll(async () => {
  dist = fakeDist();
  provider = await providerWithFreshDatabase();
  await provider.app.listen({ port: 0, host: '127.0.0.1' });
  gate = await providerGate(`http://127.0.0.1:${(provider.app.server.address() as { port: number }).port}`);
});

afterAll(async () => {
  for (const app of sites) await app.close();
  await gate.close();
  await provider.close();
  rmSync(dist, { recursive: true, force: true });
});

beforeEach(() => {
  gate.release();
  gate.counts.clear();
});

/** What Strapi 5 sends when an entry of `model` is published. */
function published(model: string, entry: Record<string, unknown> = {}) {
  return {
    event: 'entry.publish',
    createdAt: '2026-11-02T08:00:00.000Z',
    model,
    uid: `api::${model}.${model}`,
    entry: { id: 12, documentId: 'k2x9d0c1rbq8a7f6e5d4c3b2', locale: 'zh', ...entry },
  };
}

function webhook(app: Site, payload: unknown, headers: Record<string, string> = { authorization: `Bearer ${SECRET}` }) {
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  return app.inject({ method: 'POST', url: CMS_WEBHOOK_PATH, headers: { 'content-type': 'application/json', ...headers }, payload: body });
}

/** Whether serving `url` asked the provider anything: a render, not the cache (nor a remembered miss). */
async function rendered(app: Site, url: string, status = 200): Promise<boolean> {
  gate.counts.clear();
  const res = await app.inject({ url });
  expect({ url, status: res.statusCode }).toEqual({ url, status });
  return gate.counts.size > 0;
}

async function until(ready: () => boolean) {
  while (!ready()) await new Promise((resolve) => setTimeout(resolve, 5));
}

const setNewsTitle = (id: number, locale: string, title: string) =>
  provider.db.prepare('UPDATE news SET title = ? WHERE id = ? AND locale = ?').run(title, id, locale);
const newsTitle = (id: number, locale: string) =>
  (provider.db.prepare('SELECT title FROM news WHERE id = ? AND locale = ?').get(id, locale) as { title: string }).title;

describe('POST /_internal/cms/webhook', () => {
  it('refuses a wrong or missing secret with 401, before reading the body, and drops nothing', async () => {
    const warnings: string[] = [];
    const app = await site(warnings);
    expect(await rendered(app, '/news/1')).toBe(true);
    const wrong: Record<string, string>[] = [{ authorization: 'Bearer not-the-secret' }, { authorization: `Bearer ${SECRET}x` }, { authorization: SECRET }, {}];
    for (const headers of wrong) {
      for (const payload of [published('news-article', { site_id: 1 }), '{"event":']) {
        const res = await webhook(app, payload, headers);
        expect({ headers, status: res.statusCode, type: res.headers['content-type'], body: res.body }).toEqual({
          headers,
          status: 401,
          type: 'text/plain',
          body: 'Unauthorized',
        });
      }
    }
    expect(warnings.filter((msg) => msg === 'CMS webhook refused (wrong secret)')).toHaveLength(wrong.length * 2);
    expect(await rendered(app, '/news/1')).toBe(false);
  });

  it('refuses a call that came through a proxy, even with the secret', async () => {
    const app = await site();
    expect(await rendered(app, '/news/1')).toBe(true);
    const res = await webhook(app, published('news-article', { site_id: 1 }), { authorization: `Bearer ${SECRET}`, 'x-forwarded-for': '203.0.113.1' });
    expect(res.statusCode).toBe(403);
    expect(await rendered(app, '/news/1')).toBe(false);
  });

  it('answers 400 to a body that is no CMS event, and drops nothing', async () => {
    const app = await site();
    expect(await rendered(app, '/news/1')).toBe(true);
    for (const payload of ['{"event":', '[]', '"entry.publish"', { model: 'news-article', entry: { site_id: 1 } }, { event: 5 }]) {
      expect({ payload, status: (await webhook(app, payload)).statusCode }).toEqual({ payload, status: 400 });
    }
    expect(await rendered(app, '/news/1')).toBe(false);
  });

  it('shows a published news article at once on its pages in both languages, and keeps other pages cached', async () => {
    const app = await site();
    const affected = ['/news/1', '/en/news/1', '/news', '/en/news', '/'];
    const others = ['/about', '/en/about', '/news/2', '/product/1', '/resources', '/news/notice'];
    for (const url of [...affected, ...others]) expect(await rendered(app, url)).toBe(true);
    const before = { zh: newsTitle(1, 'zh'), en: newsTitle(1, 'en') };
    setNewsTitle(1, 'zh', '新车间通过检查（更正）');
    setNewsTitle(1, 'en', 'The new hall passed its inspection (corrected)');
    try {
      expect((await app.inject({ url: '/news/1' })).body).toContain(before.zh); // cached until told

      expect((await webhook(app, published('news-article', { site_id: 1 }))).statusCode).toBe(204);
      expect((await app.inject({ url: '/news/1' })).body).toContain('新车间通过检查（更正）');
      expect((await app.inject({ url: '/en/news/1' })).body).toContain('The new hall passed its inspection (corrected)');
      expect((await app.inject({ url: '/news' })).body).toContain('新车间通过检查（更正）');
      expect((await app.inject({ url: '/en/news' })).body).toContain('The new hall passed its inspection (corrected)');
      expect((await app.inject({ url: '/' })).body).toContain('新车间通过检查（更正）');
      for (const url of others) expect({ url, rendered: await rendered(app, url) }).toEqual({ url, rendered: false });
    } finally {
      setNewsTitle(1, 'zh', before.zh);
      setNewsTitle(1, 'en', before.en);
    }
  });

  it('takes an entry as large as a long article', async () => {
    const app = await site();
    const res = await webhook(app, published('news-article', { site_id: 1, content: `<p>${'长文'.repeat(50_000)}</p>` }));
    expect(res.statusCode).toBe(204);
  });

  it('renders a newly published id that was a 404 a moment ago', async () => {
    const app = await site();
    expect((await app.inject({ url: '/news/9001' })).statusCode).toBe(404);
    const insert = provider.db.prepare(
      "INSERT INTO news (id, locale, pic, title, des, content, create_time) VALUES (9001, ?, '/uploads/news/n01.webp', ?, '', '<p>正文</p>', '2026-11-02 08:00:00')",
    );
    insert.run('zh', '刚刚发布的新闻');
    insert.run('en', 'Just published');
    try {
      expect((await app.inject({ url: '/news/9001' })).statusCode).toBe(404); // the miss is remembered
      expect((await webhook(app, published('news-article', { site_id: 9001 }))).statusCode).toBe(204);
      const res = await app.inject({ url: '/news/9001' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('刚刚发布的新闻');
    } finally {
      provider.db.prepare('DELETE FROM news WHERE id = 9001').run();
    }
  });

  it.each([
    ['a site setting', published('site-setting')],
    ['a news article without a site id', published('news-article')],
    [
      'a media file deleted',
      { event: 'media.delete', createdAt: '2026-11-02T08:00:00.000Z', media: { id: 5, name: 'n01.webp', url: '/uploads/news/n01.webp' } },
    ],
  ])('drops every page for a change of %s', async (_name, payload) => {
    const app = await site();
    const pages = ['/about', '/en/product/1', '/resources/1', '/news/2'];
    for (const url of pages) await rendered(app, url);
    await rendered(app, '/news/9000', 404);
    expect((await webhook(app, payload)).statusCode).toBe(204);
    for (const url of pages) expect({ url, rendered: await rendered(app, url) }).toEqual({ url, rendered: true });
    expect(await rendered(app, '/news/9000', 404)).toBe(true); // no miss remembered either
  });

  it('drops nothing for what visitors cannot see: a draft saved or created, a draft discarded, an upload, a file renamed or described', async () => {
    const app = await site();
    const pages = ['/', '/about', '/news', '/news/2', '/en/product/1'];
    for (const url of pages) await rendered(app, url);
    const { entry } = published('home-page');
    const media = { id: 5, name: 'n01.webp', alternativeText: 'A new description', url: '/uploads/news/n01.webp' };
    for (const event of ['entry.update', 'entry.create', 'entry.draft-discard']) {
      for (const model of ['home-page', 'news-article', 'site-setting'])
        expect((await webhook(app, { event, model, uid: `api::${model}.${model}`, entry: { ...entry, site_id: 2 } })).statusCode).toBe(204);
    }
    for (const event of ['media.create', 'media.update']) expect((await webhook(app, { event, media })).statusCode).toBe(204);
    for (const url of pages) expect({ url, rendered: await rendered(app, url) }).toEqual({ url, rendered: false });
  });

  it('takes nothing down when a draft is deleted, and takes the entry down when its published version is', async () => {
    const app = await site();
    const pages = ['/', '/news', '/news/2', '/about'];
    for (const url of pages) await rendered(app, url);
    // Strapi 5 sends one entry.delete per version: a never-published draft has only its draft's.
    const deleted = (publishedAt: string | null) => ({ ...published('news-article', { site_id: 2, publishedAt }), event: 'entry.delete' });
    expect((await webhook(app, deleted(null))).statusCode).toBe(204);
    for (const url of pages) expect({ url, rendered: await rendered(app, url) }).toEqual({ url, rendered: false });
    expect((await webhook(app, deleted('2026-11-02T08:00:00.000Z'))).statusCode).toBe(204);
    for (const url of pages) expect({ url, rendered: await rendered(app, url) }).toEqual({ url, rendered: url !== '/about' });
  });

  it('keeps serving the last good copy of a page whose render fails after the webhook, with a warning, not the shell', async () => {
    const warnings: string[] = [];
    const app = await site(warnings);
    const before = await app.inject({ url: '/about' });
    expect(before.statusCode).toBe(200);
    gate.failing.add('/index/about/aboutUs');
    try {
      expect((await webhook(app, published('site-setting'))).statusCode).toBe(204);
      gate.counts.clear();
      const after = await app.inject({ url: '/about' });
      expect({ status: after.statusCode, same: after.body === before.body, retried: (gate.counts.get('/index/about/aboutUs') ?? 0) > 0 }).toEqual({
        status: 200,
        same: true,
        retried: true,
      });
      expect(warnings).toEqual(
        expect.arrayContaining([expect.stringMatching(/^Serving the last good copy of zh \/about, rendered .*: its new render failed$/)]),
      );
    } finally {
      gate.failing.delete('/index/about/aboutUs');
    }
  });

  it('keeps nothing from a render the webhook overtook, and keeps the unaffected ones', async () => {
    const app = await site();
    gate.held.add('/index/news/details');
    gate.held.add('/index/join/applyBusiness');
    const news = app.inject({ url: '/news/1' });
    const job = app.inject({ url: '/resources/1' });
    await until(() => gate.waiting === 2);
    expect((await webhook(app, published('news-article', { site_id: 1 }))).statusCode).toBe(204);
    gate.release();
    // Those who asked before get what was rendered for them…
    expect((await news).statusCode).toBe(200);
    expect((await job).statusCode).toBe(200);
    // …but the news page is rendered again for the next visitor; the job page was not affected.
    expect(await rendered(app, '/news/1')).toBe(true);
    expect(await rendered(app, '/resources/1')).toBe(false);
  });
});

describe('the sitemap after a content change', () => {
  async function sitemapLoads(app: Site): Promise<number> {
    gate.counts.clear();
    expect((await app.inject({ url: '/sitemap.xml' })).statusCode).toBe(200);
    return gate.counts.get('/index/join/joinus') ?? 0;
  }

  it('is loaded again after a webhook', async () => {
    const app = await site();
    expect(await sitemapLoads(app)).toBe(2); // one list per language
    expect(await sitemapLoads(app)).toBe(0);
    expect((await webhook(app, published('job', { site_id: 1 }))).statusCode).toBe(204);
    expect(await sitemapLoads(app)).toBe(2);
  });

  it("is loaded again after the content import's purge", async () => {
    const app = await site();
    expect(await sitemapLoads(app)).toBe(2);
    const purged = await app.inject({ method: 'POST', url: CACHE_PURGE_PATH, headers: { authorization: `Bearer ${PURGE_SECRET}` } });
    expect(purged.statusCode).toBe(204);
    expect(await sitemapLoads(app)).toBe(2);
  });
});
