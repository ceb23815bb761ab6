/**
 * A crawler on a cold site: the real site server listening on a port, a real HTTP hop (the
 * gate, which counts what the provider is asked) and the real embedded provider. Every page the
 * sitemap lists renders in the cache's own budget, so a crawl of the whole sitemap 32 requests
 * at a time answers 200 everywhere; only ids no provider list names share the small lane.
 */
import { rmSync } from 'node:fs';
import { ENDPOINT } from '../../contracts/endpoints';
import { STATE_ELEMENT_ID } from '../../contracts/runtimeConfig';
import { CACHE_PURGE_PATH } from '../../http/internalPaths';
import { logLines } from '../../http/logging.testing';
import { startProvider, type RunningProvider } from '../../provider/startProvider';
import { tempDataDir } from '../../provider/provider.testing';
import { createSiteServer } from '../app';
import { fakeDist, providerGate } from '../server.testing';

type Site = Awaited<ReturnType<typeof createSiteServer>>;

const PURGE_SECRET = 'crawl-purge-secret';
const CONCURRENCY = 32;

// A hang detector, not a measure: a whole crawl renders every page of the sitemap (~140), which on
// a machine busy with other lanes took more than 30 s.
const CRAWL_MS = 120_000;
jest.setTimeout(CRAWL_MS);

let data: ReturnType<typeof tempDataDir>;
let dist: string;
let provider: RunningProvider;
let gate: Awaited<ReturnType<typeof providerGate>>;
const sites: Site[] = [];
/** What the sites logged at warn and above in the current test (why a page fell back). */
let logged: string[] = [];
const { stream: logStream } = logLines(({ msg, err }) => logged.push([msg, err?.message].filter(Boolean).join(': ')));

beforeAll(async () => {
  data = tempDataDir();
  dist = fakeDist();
  provider = await startProvider({ port: 0, dataDir: data.dir });
  gate = await providerGate(provider.url);
}, 20_000);

afterAll(async () => {
  gate.release();
  for (const site of sites) await site.close();
  await gate.close();
  await provider.close();
  data.remove();
  rmSync(dist, { recursive: true, force: true });
}, 20_000);

beforeEach(() => {
  gate.release();
  gate.mode = 'pass';
  gate.counts.clear();
  gate.failing.clear();
  logged = [];
});

/**
 * A site just started, listening on a port of its own: nothing rendered, no lists in hand. Its
 * render deadline is for a render that hangs: a listed page queued behind the cache's four renders
 * and a held flood waited past 10 s on a machine with a core busy. Its lists stay fresh for the
 * whole test: a crawl longer than production's minute would rightly walk them again, and the
 * walks counted below are those the crawl itself causes.
 */
async function coldSite(): Promise<string> {
  const site = await createSiteServer({
    distDir: dist,
    providerUrl: gate.url,
    mediaUrl: '',
    variant: 'standard',
    renderDeadlineMs: 60_000,
    sitemapFreshMs: 2 * CRAWL_MS,
    cachePurgeSecret: PURGE_SECRET,
    logger: { level: 'warn', stream: logStream },
  });
  await site.listen({ port: 0, host: '127.0.0.1' });
  sites.push(site);
  return `http://127.0.0.1:${(site.server.address() as { port: number }).port}`;
}

/** The paths /sitemap.xml lists (with the site's own origin stripped). */
async function sitemapPaths(base: string): Promise<string[]> {
  const res = await fetch(`${base}/sitemap.xml`);
  expect(res.status).toBe(200);
  return [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] as string).pathname);
}

interface Fetched {
  path: string;
  status: number;
  rendered: boolean;
  retryAfter: string | null;
}

async function get(base: string, path: string): Promise<Fetched> {
  const res = await fetch(`${base}${path}`);
  const body = await res.text();
  return { path, status: res.status, rendered: body.includes(STATE_ELEMENT_ID), retryAfter: res.headers.get('retry-after') };
}

/** A crawler: every path fetched, `concurrency` requests in flight at a time. */
async function crawl(base: string, paths: string[], concurrency = CONCURRENCY): Promise<Fetched[]> {
  const answers: Fetched[] = [];
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const path = paths[next++] as string;
      answers.push(await get(base, path));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return answers;
}

const notRendered = (answers: Fetched[]) => answers.filter((answer) => answer.status !== 200 || !answer.rendered);
/** Every answer a rendered page; a failure shows first what the sites logged (a provider error, a deadline), then the pages. */
function expectAllRendered(answers: Fetched[]) {
  const pages = notRendered(answers).map(({ path, status, rendered }) => `${status} ${path}${rendered ? '' : ' (not rendered)'}`);
  expect({ logged: pages.length > 0 ? logged : [], pages }).toEqual({ logged: [], pages: [] });
}
/** The provider's lists walked once since the counts were cleared (the notices list, once per language); else what the sites logged. */
function expectOneWalk() {
  const asked = gate.counts.get(ENDPOINT.noticeList);
  expect({ asked, logged: asked === 2 ? [] : logged }).toEqual({ asked: 2, logged: [] });
}
const detailPaths = (paths: string[]) => paths.filter((path) => /\/\d+$/.test(path));

/** Turns the event loop until `ready()` holds (what the test waits for happens on other sockets); fails after 30 s. */
async function until(ready: () => boolean, what: string) {
  const started = Date.now();
  while (!ready()) {
    if (Date.now() - started > 30_000) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('a crawl of the whole sitemap on a cold site', () => {
  it(
    'answers every page the sitemap lists with 200 and the rendered page, 32 requests at a time, and again right after a purge',
    async () => {
      const base = await coldSite();
      const paths = await sitemapPaths(base);
      expect(detailPaths(paths).length).toBeGreaterThan(CONCURRENCY); // enough ids to fill any small lane
      expectAllRendered(await crawl(base, paths));
      const purged = await fetch(`${base}${CACHE_PURGE_PATH}`, { method: 'POST', headers: { authorization: `Bearer ${PURGE_SECRET}` } });
      expect(purged.status).toBe(204);
      gate.counts.clear();
      expectAllRendered(await crawl(base, paths));
      // The purge made the lists be asked again, once; a second walk shows what the sites logged (why the first failed).
      expectOneWalk();
    },
    2 * CRAWL_MS,
  ); // two whole crawls

  it('does so when the crawler never asked this site for its sitemap, asking the provider for the lists once', async () => {
    const paths = await sitemapPaths(await coldSite());
    const base = await coldSite();
    gate.counts.clear();
    // Only the detail pages: their renders never ask for the notices list, the sitemap's walk does.
    expectAllRendered(await crawl(base, detailPaths(paths)));
    expectOneWalk();
  });

  it('answers 503 with Retry-After for a listed page only when the provider fails it', async () => {
    const base = await coldSite(); // the provider fails the page at once: no deadline is waited out
    const [product] = detailPaths(await sitemapPaths(base)).filter((path) => path.startsWith('/product/'));
    gate.failing.add(ENDPOINT.productDetail);
    expect(await get(base, product as string)).toEqual({ path: product, status: 503, rendered: false, retryAfter: '30' });
    gate.failing.clear();
    expect(await get(base, product as string)).toMatchObject({ status: 200, rendered: true });
  });
});

describe('ids no provider list names', () => {
  it('share the small lane: a flood of them against a slow provider leaves every listed page its render', async () => {
    const base = await coldSite();
    const listed = detailPaths(await sitemapPaths(base)).filter((path) => path.startsWith('/news/') || path.startsWith('/en/news/'));
    gate.held.add(ENDPOINT.newsDetail);
    const flood = Array.from({ length: 40 }, (_, i) => get(base, `/news/${900_000 + i}`));
    await until(() => gate.waiting >= 2, 'the made-up ids to fill their lane');
    await new Promise((resolve) => setTimeout(resolve, 50)); // the rest of the flood reaches its bound
    expect(gate.waiting).toBe(2); // two renders at once for the made-up ids…
    const pages = Promise.all(listed.map((path) => get(base, path)));
    await until(() => gate.waiting >= 2 + Math.min(listed.length, 4), 'the listed pages to render beside them');
    expect(gate.waiting).toBe(2 + Math.min(listed.length, 4)); // …and the listed pages keep the cache's four
    gate.release();
    expectAllRendered(await pages);
    const statuses = (await Promise.all(flood)).map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 404 && status !== 503)).toEqual([]);
    expect(statuses.filter((status) => status === 404).length).toBeGreaterThanOrEqual(2); // those the lane took were asked
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThan(0); // the lane's bound held
  });
});
