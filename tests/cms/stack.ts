/**
 * The provider and the site a cms test runs beside its Strapi: a provider over a fresh SQLite
 * (the pack's content, or Strapi's with its read-only token) and a site in front of it, each
 * closed by `close()` in the reverse order of their making.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ContentPack } from '../../src/contracts/schema/contentPack';
import { createProviderApp, type StrapiConnection } from '../../src/provider/app';
import { openDatabase } from '../../src/provider/sqliteDatabase';
import { SEED_MEDIA_DIR } from '../../src/provider/startProvider';
import { createSiteServer, type SiteServerOptions } from '../../src/server/app';
import { fakeDist, freePort } from '../../src/server/server.testing';
import { adminLogin, newAdminUser, startSeededCms, type SeededCms } from './strapi';
import { logLines } from '../../src/http/logging.testing';
import { STRAPI_ANSWER_MS } from './bounds';

export type Site = Awaited<ReturnType<typeof createSiteServer>>;
export type Provider = Awaited<ReturnType<typeof createProviderApp>>;

interface Listening {
  listen(options: { port: number; host: string }): Promise<string>;
  close(): Promise<unknown>;
}

export function cmsStack({ work, pack, dist }: { work: string; pack: ContentPack; dist: string }) {
  const closers: (() => Promise<unknown>)[] = [];

  async function listen(app: Listening, port = 0): Promise<string> {
    const url = await app.listen({ port, host: '127.0.0.1' });
    closers.push(() => app.close());
    return url;
  }

  return {
    /** `warnings`, when given, collects the messages the provider logs at warn and above. */
    async provider(strapi?: StrapiConnection, warnings?: string[]): Promise<{ app: Provider; url: string; db: Awaited<ReturnType<typeof openDatabase>> }> {
      const db = await openDatabase(mkdtempSync(join(work, 'provider-')), pack);
      closers.push(async () => db.close());
      const app = await createProviderApp({
        db,
        mediaDir: SEED_MEDIA_DIR,
        strapi: strapi && { timeoutMs: STRAPI_ANSWER_MS, ...strapi },
        retention: false,
        logger: warnings ? { level: 'warn', stream: logLines(({ msg }) => warnings.push(String(msg))).stream } : false,
      });
      return { app, db, url: await listen(app) };
    },
    /** A site in front of `providerUrl`, with pages fresh for a minute as in production unless `pageCache` says otherwise. */
    async site(providerUrl: string, { port = 0, ...options }: Partial<SiteServerOptions> & { port?: number } = {}): Promise<Site> {
      const app = await createSiteServer({
        distDir: dist,
        providerUrl,
        mediaUrl: '',
        variant: 'standard',
        renderDeadlineMs: 15_000,
        pageCache: { freshMs: 60_000 },
        ...options,
      });
      await listen(app, port);
      return app;
    },
    async close() {
      for (const close of closers.reverse()) await close();
    },
  };
}

/** A picture URL without the version a page names (`?v=`, `&v=`, `&amp;v=`). */
const withoutVersions = (text: string) => text.replace(/\?v=[\w-]{12}(?:&amp;|&)/g, '?').replace(/(?:\?|&amp;|&)v=[\w-]{12}/g, '');

/**
 * A media path as both sources name the same file: the pack's `/uploads/product/p01-1.webp` and
 * Strapi's `/uploads/product_p01_1_3f9a0c12de.webp` (the seed uploads it as product-p01-1.webp,
 * Strapi adds a random suffix) are both `/uploads/product_p01_1.webp`, and the version a page
 * names (`?v=`, from each source's own file validators) is left out.
 */
export const mediaStems = (text: string) =>
  withoutVersions(text).replace(
    /\/uploads\/([\w./-]+?)(?:_[0-9a-f]{10})?\.(webp|png|jpe?g|svg|mp4|webm)/g,
    (_match, base: string, ext: string) => `/uploads/${base.replace(/[^A-Za-z0-9]/g, '_')}.${ext}`,
  );

/** What a visitor and a crawler get: the head's tags and the rendered #root, each picture named by its file. */
export function comparable(html: string): { head: string; main: string } {
  const head = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? '';
  const root = /<div id="root"[^>]*>([\s\S]*)<\/div>\s*<script/.exec(html)?.[1] ?? '';
  const tags = (head.match(/<(title|meta|link)[^>]*>(?:[^<]*<\/title>)?|<script type="application\/ld\+json">[\s\S]*?<\/script>/g) ?? []).filter(
    (tag) => !/stylesheet|modulepreload|preload|nonce/.test(tag),
  );
  return { head: mediaStems(tags.join('\n')), main: mediaStems(root) };
}

/**
 * A test file's seeded Strapi and the sites and providers in front of it, in a folder of its own
 * (`prefix`): called at the top of the file, it stops them all and removes the folders after it.
 */
export function cmsTestFile(prefix: string, pack: ContentPack) {
  const work = mkdtempSync(join(tmpdir(), prefix));
  const dist = fakeDist();
  const stack = cmsStack({ work, pack, dist });
  let seeded: SeededCms | undefined;
  afterAll(async () => {
    await stack.close();
    await seeded?.cms.stop();
    rmSync(work, { recursive: true, force: true });
    rmSync(dist, { recursive: true, force: true });
  }, 60_000);
  return {
    work,
    dist,
    stack,
    /** The seeded Strapi (a copy of the run's one seeding), its webhook calling `siteUrl`. */
    async seed(siteUrl: string): Promise<SeededCms> {
      seeded = await startSeededCms({ work, siteUrl });
      return seeded;
    },
    /**
     * The seeded Strapi, a provider reading it and the site its webhook calls, and an Editor
     * (`email`) signed in to the admin panel: what a file whose editor publishes and reads the site needs.
     */
    async siteWithEditor(email: string): Promise<{ seeded: SeededCms; siteUrl: string; editor: string }> {
      // Strapi's webhook names the site: its port comes first.
      const sitePort = await freePort();
      const siteUrl = `http://127.0.0.1:${sitePort}`;
      const started = await this.seed(siteUrl);
      const provider = await stack.provider({ url: started.cms.url, token: started.siteToken });
      await stack.site(provider.url, { port: sitePort, cmsWebhookSecret: started.secrets.CMS_WEBHOOK_SECRET });
      const jwt = await adminLogin(started.cms.url, started.secrets.CMS_ADMIN_EMAIL!, started.secrets.CMS_ADMIN_PASSWORD!);
      return { seeded: started, siteUrl, editor: await newAdminUser(started.cms.url, jwt, 'strapi-editor', email) };
    },
  };
}
