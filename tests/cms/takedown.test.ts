/**
 * What an editor takes down is down everywhere, end to end: the real Strapi of cms/, two hosts
 * (a site process and its own provider each, the provider reading Strapi through an HTTP hop that
 * can fail) behind Debian's nginx as production runs it. An article published, viewed and
 * unpublished is gone through nginx within seconds, and stays gone when Strapi then fails: its
 * page is a 404 and no list, nor a list page nobody asked since, names it, from any host's memory.
 * A deleted picture answers 404 under every URL a page or a cache may name it by. While Strapi
 * hangs, pictures fail at once after one timeout per host. Drafts saved or deleted,
 * files described and unpublished entries edited touch no page: every page stays a HIT in nginx
 * and in both processes' caches.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TIMING } from '../../src/contracts/constants';
import { versionOf } from '../../src/http/mediaCaching';
import { SEED_MEDIA_DIR, startProvider } from '../../src/provider/startProvider';
import { createSiteServer } from '../../src/server/app';
import { fakeDist, freePort, providerGate } from '../../src/server/server.testing';
import { startNginx, type RunningNginx } from '../cdn/nginx';
import { CARRIED_BY_WEBHOOK_MS } from './bounds';
import { adminLogin, cmsCall, startSeededCms, type SeededCms } from './strapi';

const work = mkdtempSync(join(tmpdir(), 'cms-takedown-'));
const dist = fakeDist();
const closers: (() => Promise<unknown>)[] = [];
const NEWS = '/content-manager/collection-types/api::news-article.news-article';
const HOME = '/content-manager/single-types/api::home-page.home-page';
/** Strapi's timeout for the providers: generous on a busy test machine, and what an outage may cost once per host. */
const STRAPI_TIMEOUT_MS = 8000;
/** No host has asked Strapi for this long: what a change set off (renders, refreshes, peers' relays) is over. */
const QUIET_MS = 1500;
/**
 * Pages stay fresh (HITs in nginx and in each process) for longer than this file runs: only a
 * change may refresh them. Production's minute expired in the middle of the drafts' test beside
 * the other lanes, and the refreshes it set off read as pages touched by a draft.
 */
const FRESH_FOR_THE_FILE_MS = 30 * 60_000;
let seeded: SeededCms;
let gate: Awaited<ReturnType<typeof providerGate>>;
let nginx: RunningNginx;
let siteUrls: string[];
let jwt: string;

beforeAll(async () => {
  const [portA, portB, cachePort] = await Promise.all([freePort(), freePort(), freePort()]);
  seeded = await startSeededCms({ work, siteUrl: `http://127.0.0.1:${portA}` });
  closers.push(() => seeded.cms.stop());
  jwt = await adminLogin(seeded.cms.url, seeded.secrets.CMS_ADMIN_EMAIL!, seeded.secrets.CMS_ADMIN_PASSWORD!);
  gate = await providerGate(seeded.cms.url);
  closers.push(() => gate.close());
  const secret = seeded.secrets.CMS_WEBHOOK_SECRET!;
  const cacheUrl = `http://127.0.0.1:${cachePort}`;
  siteUrls = [`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`];
  for (const [n, port] of [portA, portB].entries()) {
    const provider = await startProvider({
      port: 0,
      dataDir: mkdtempSync(join(work, 'provider-')),
      strapi: { url: gate.url, token: seeded.siteToken, webhookSecret: secret, timeoutMs: STRAPI_TIMEOUT_MS },
      retention: false,
    });
    closers.push(() => provider.close());
    const site = await createSiteServer({
      distDir: dist,
      providerUrl: provider.url,
      mediaUrl: '',
      variant: 'standard',
      publicUrl: cacheUrl,
      renderDeadlineMs: 15_000,
      pageCache: { freshMs: FRESH_FOR_THE_FILE_MS },
      cmsWebhookSecret: secret,
      purgeRelay: { peers: [siteUrls[1 - n]!], cacheUrl },
    });
    closers.push(() => site.close());
    await site.listen({ port, host: '127.0.0.1' });
  }
  nginx = await startNginx(mkdtempSync(join(work, 'nginx-')), [portA, portB], cachePort);
  closers.push(() => nginx.stop());
}, 15 * 60_000);

afterAll(async () => {
  for (const close of closers.reverse()) await close();
  rmSync(work, { recursive: true, force: true });
  rmSync(dist, { recursive: true, force: true });
}, 120_000);

/**
 * After an outage (or Strapi slower than the timeout on a busy machine), each provider's circuit
 * breaker lets one trial call through once its cool-down is over: each test starts once both
 * hosts read a file from Strapi again (files and content share the breaker).
 */
async function bothHostsReadStrapi() {
  const [file] = (await admin('GET', '/upload/files?pageSize=1')).results as { url: string }[];
  for (const site of siteUrls) {
    const since = Date.now();
    while ((await fetch(`${site}${file!.url}`, { method: 'HEAD' })).status !== 200) {
      expect(Date.now() - since).toBeLessThan(TIMING.strapiCoolDownMs * 3);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

beforeEach(bothHostsReadStrapi, 60_000);

afterEach(() => {
  gate.mode = 'pass';
});

/** One call of the admin panel's content manager or media library; anything but 2xx fails the test. */
async function admin(method: string, path: string, body?: unknown) {
  const answer = await cmsCall(seeded.cms.url, method, path, jwt, body);
  expect({ method, path, ok: answer.status < 300, error: answer.body?.error }).toEqual({ method, path, ok: true, error: undefined });
  return answer.body;
}

interface Answer {
  status: number;
  cache: string | null;
  body: string;
}

async function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(url, { headers });
  return { status: response.status, cache: response.headers.get('x-cache-status'), body: await response.text() };
}

/** Milliseconds until every URL answers as `done` says, or null after `limitMs`. */
async function msUntil(urls: string[], done: (answer: Answer) => boolean, limitMs: number, headers: Record<string, string> = {}): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    const answers = await Promise.all(urls.map((url) => get(url, headers)));
    if (answers.every(done)) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return null;
}

/** Asked until nginx holds it (the first request may be the one that stores it). */
async function cached(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  let answer = await get(url, headers);
  for (let attempt = 0; attempt < 5 && answer.cache !== 'HIT'; attempt += 1) answer = await get(url, headers);
  expect({ url, status: answer.status, cache: answer.cache }).toEqual({ url, status: answer.status, cache: 'HIT' });
  return answer;
}

async function uploadPicture(name: string, from: string): Promise<{ id: number; url: string }> {
  const form = new FormData();
  form.append('files', new Blob([readFileSync(join(SEED_MEDIA_DIR, from))], { type: 'image/webp' }), name);
  form.append('fileInfo', JSON.stringify({ name, alternativeText: `一张图片：${name}` }));
  const response = await fetch(`${seeded.cms.url}/upload`, { method: 'POST', headers: { authorization: `Bearer ${jwt}` }, body: form });
  const [file] = (await response.json()) as { id: number; url: string }[];
  expect({ status: response.status, url: file?.url }).toEqual({ status: 201, url: expect.stringMatching(/^\/uploads\//) });
  return file!;
}

/** The version token the site names the picture's URLs with, as the site reads it. */
async function versionAt(path: string): Promise<string> {
  const response = await fetch(`${siteUrls[0]}${path}`, { method: 'HEAD' });
  return versionOf(response.headers)!;
}

/** A news article published in both languages; its site id. */
async function publishArticle(title: string, picture: number): Promise<{ documentId: string; siteId: number }> {
  const created = await admin('POST', `${NEWS}?locale=zh`, { title, des: title, date: '2030-01-01T08:00:00.000Z', pic: picture });
  const { documentId, site_id: siteId } = created.data as { documentId: string; site_id: number };
  await admin('PUT', `${NEWS}/${documentId}?locale=en`, { title: `${title} (en)`, des: title, date: '2030-01-01T08:00:00.000Z', pic: picture });
  for (const locale of ['zh', 'en']) await admin('POST', `${NEWS}/${documentId}/actions/publish?locale=${locale}`, { locale });
  return { documentId, siteId };
}

/** The news list as the More button asks it: an address the pages never ask, so no page refreshes it. */
const moreNews = (locale: string) => `${nginx.url}/api/index/news/lists?page=1&pageSize=3&lan=${locale}`;

it('touches no page for drafts saved or deleted, files described or unpublished entries edited, and refreshes only the pages a publish shows on', async () => {
  const paths = ['/en/', '/about', '/en/about', '/news', '/en/news', '/innovation'];
  // '/' (the zh home page, whose draft is saved below) is each visitor's own in nginx: it picks the
  // language. Each process keeps it, and must keep it through the draft saves.
  const sitePaths = ['/', ...paths];
  for (const path of paths) await cached(`${nginx.url}${path}`);
  // Both processes hold every page too (nginx asked one of them for each).
  for (const site of siteUrls) for (const path of sitePaths) expect((await get(`${site}${path}`)).status).toBe(200);
  await gate.quiet(QUIET_MS); // any refresh the warm-up caused is over
  gate.counts.clear();

  const { about } = (await admin('GET', `${HOME}?locale=zh`)).data as { about: { title: string; des: string; pic: { id: number } | null } };
  for (let n = 0; n < 20; n += 1)
    await admin('PUT', `${HOME}?locale=zh`, { locale: 'zh', about: { title: `草稿 ${n}`, des: about.des, pic: about.pic?.id ?? null } });
  const [file] = (await admin('GET', '/upload/files?pageSize=1')).results as { id: number; url: string }[];
  const form = new FormData();
  form.append('fileInfo', JSON.stringify({ alternativeText: '新的替代文字', caption: 'described' }));
  const described = await fetch(`${seeded.cms.url}/upload?id=${file!.id}`, { method: 'POST', headers: { authorization: `Bearer ${jwt}` }, body: form });
  expect(described.status).toBe(200);
  const draft = await admin('POST', `${NEWS}?locale=zh`, { title: '从未发布的新闻', date: '2030-02-01T08:00:00.000Z' });
  await admin('PUT', `${NEWS}/${draft.data.documentId}?locale=zh`, { title: '从未发布的新闻（改）' });
  await new Promise((resolve) => setTimeout(resolve, 2500)); // past the relay's longest burst: nothing may come

  for (const path of paths) expect({ path, cache: (await get(`${nginx.url}${path}`)).cache }).toEqual({ path, cache: 'HIT' });
  for (const site of siteUrls) for (const path of sitePaths) expect((await get(`${site}${path}`)).status).toBe(200);
  // Nothing was rendered again: no host asked Strapi for anything but, once each, whether the
  // described file's bytes changed (they did not).
  const { [file!.url]: checked = 0, ...asked } = Object.fromEntries(gate.counts);
  expect({ asked, checked: checked <= siteUrls.length }).toEqual({ asked: {}, checked: true });

  // A publish: the news pages show it, the about pages were not rendered again.
  const picture = (await admin('GET', '/upload/files?pageSize=1')).results[0].id as number;
  await admin('PUT', `${NEWS}/${draft.data.documentId}?locale=zh`, { pic: picture, des: '发布' });
  await admin('POST', `${NEWS}/${draft.data.documentId}/actions/publish?locale=zh`, { locale: 'zh' });
  expect(await msUntil([`${nginx.url}/news`], (answer) => answer.body.includes('从未发布的新闻（改）'), CARRIED_BY_WEBHOOK_MS)).not.toBeNull();
  await gate.quiet(QUIET_MS);

  // A draft never published, deleted: no page is thrown away, rendered again or refreshed.
  gate.counts.clear();
  const abandoned = await admin('POST', `${NEWS}?locale=zh`, { title: '放弃的草稿', date: '2030-03-01T08:00:00.000Z' });
  await admin('DELETE', `${NEWS}/${abandoned.data.documentId}?locale=zh`);
  await new Promise((resolve) => setTimeout(resolve, 2500)); // nothing may come
  expect(Object.fromEntries(gate.counts)).toEqual({});

  // A single type's publish: the home page shows it; the about and innovation pages (below) are not rendered again.
  await admin('POST', `${HOME}/actions/publish?locale=zh`, { locale: 'zh' });
  expect(await msUntil([`${nginx.url}/`], (answer) => answer.body.includes('草稿 19'), CARRIED_BY_WEBHOOK_MS)).not.toBeNull();
  await gate.quiet(QUIET_MS);
  gate.counts.clear();
  for (const site of siteUrls) for (const path of ['/about', '/en/about', '/innovation']) expect((await get(`${site}${path}`)).status).toBe(200);
  expect(Object.fromEntries(gate.counts)).toEqual({});
}, 120_000);

it('takes an unpublished article off every page, list and memory within seconds, and keeps it off while Strapi is down', async () => {
  const picture = await uploadPicture('takedown-article.webp', 'news/n01.webp');
  const title = '将被撤下的新闻';
  const { documentId, siteId } = await publishArticle(title, picture.id);
  const pages = [`/news/${siteId}`, `/en/news/${siteId}`];
  const lists = ['/news', '/en/news', '/en/'];
  // The publish reaches nginx through the webhook and the relay's refresh, a moment after Strapi answered.
  expect(
    await msUntil(
      [...pages, ...lists].map((path) => `${nginx.url}${path}`),
      (answer) => answer.body.includes(title),
      CARRIED_BY_WEBHOOK_MS,
    ),
  ).not.toBeNull();
  for (const path of [...pages, ...lists]) expect({ path, shown: (await cached(`${nginx.url}${path}`)).body.includes(title) }).toEqual({ path, shown: true });
  // Each host's provider keeps the list's answer under this address (asked until both have it).
  expect(await msUntil([moreNews('zh'), moreNews('zh')], (answer) => answer.body.includes(title), 20_000)).not.toBeNull();
  for (let n = 0; n < 4; n += 1) expect((await get(moreNews('zh'))).body).toContain(title);

  const started = Date.now();
  for (const locale of ['zh', 'en']) await admin('POST', `${NEWS}/${documentId}/actions/unpublish?locale=${locale}`, { locale });
  const unpublishedIn = Date.now() - started;
  const goneIn = await msUntil(
    [...pages, ...lists].map((path) => `${nginx.url}${path}`),
    (answer) => !answer.body.includes(title),
    CARRIED_BY_WEBHOOK_MS,
  );
  // From the last unpublish's answer (its webhook); the clicks themselves took unpublishedIn.
  expect(goneIn).not.toBeNull();
  console.log(
    `Unpublished in both languages (${unpublishedIn} ms in Strapi): off every page through nginx ${goneIn} ms later, ${goneIn! + unpublishedIn} ms after the first click`,
  );

  gate.mode = 'down';
  for (const path of pages) expect({ path, status: (await get(`${nginx.url}${path}`)).status }).toEqual({ path, status: 404 });
  for (const path of lists) {
    const answer = await get(`${nginx.url}${path}`);
    expect({ path, status: answer.status, shown: answer.body.includes(title) }).toEqual({ path, status: 200, shown: false });
  }
  // Both hosts answer the More button's page from their memory, without the article.
  for (let n = 0; n < 4; n += 1) {
    const answer = JSON.parse((await get(moreNews('zh'))).body) as { code: number; data: { rows: { title: string }[] } };
    expect({ code: answer.code, rows: answer.data.rows.length > 0, shown: answer.data.rows.some((row) => row.title === title) }).toEqual({
      code: 0,
      rows: true,
      shown: false,
    });
  }
}, 120_000);

it('answers 404 under every URL of a deleted picture, at once and while Strapi is down', async () => {
  const picture = await uploadPicture('takedown-picture.webp', 'news/n02.webp');
  const version = await versionAt(picture.url);
  const urls = [picture.url, `${picture.url}?v=${version}`, `${picture.url}?v=${version}&w=640`, `${picture.url}?w=320`];
  const formats: Record<string, string>[] = [{ accept: 'image/avif,image/webp,*/*' }, { accept: 'image/webp,*/*' }, {}];
  for (const url of urls) for (const headers of formats) expect((await cached(`${nginx.url}${url}`, headers)).status).toBe(200);

  const started = Date.now();
  await admin('DELETE', `/upload/files/${picture.id}`);
  const deletedIn = Date.now() - started;
  const goneIn = await Promise.all(
    formats.map((headers) =>
      msUntil(
        urls.map((url) => `${nginx.url}${url}`),
        (answer) => answer.status === 404,
        CARRIED_BY_WEBHOOK_MS,
        headers,
      ),
    ),
  );
  // From the delete's answer (its webhook); the click itself took deletedIn.
  expect(goneIn).not.toContain(null);
  const slowest = Math.max(...(goneIn as number[]));
  console.log(`Picture deleted (${deletedIn} ms in Strapi): ${urls.length * formats.length} copy URLs answer 404 through nginx ${slowest} ms later`);

  gate.mode = 'down';
  for (const url of urls)
    for (const headers of formats) {
      // Where a wrong answer came from (nginx's copy, or a host) shows beside it.
      const answer = await get(`${nginx.url}${url}`, headers);
      expect({ url, headers, status: answer.status, cache: answer.cache }).toEqual({ url, headers, status: 404, cache: answer.cache });
    }
}, 120_000);

it('fails pictures at once while Strapi hangs, for one timeout per host, not one per picture', async () => {
  const picture = await uploadPicture('outage-picture.webp', 'news/n03.webp');
  const version = await versionAt(picture.url);
  gate.mode = 'slow';
  const times: number[] = [];
  for (const site of siteUrls) {
    for (const url of [`${picture.url}?v=${version}&w=320`, `${picture.url}?v=${version}&w=640`, `${picture.url}?v=${version}&w=828`, picture.url]) {
      const began = Date.now();
      expect({ url, status: (await get(`${site}${url}`, { accept: 'image/webp' })).status }).toEqual({ url, status: 503 });
      times.push(Date.now() - began);
    }
  }
  // One timeout per host opens the breaker its content shares; without it each picture would wait one.
  const waitedATimeout = times.filter((ms) => ms >= STRAPI_TIMEOUT_MS / 2).length;
  expect(waitedATimeout).toBeLessThanOrEqual(siteUrls.length);
  const total = times.reduce((sum, ms) => sum + ms, 0);
  console.log(`Strapi hanging: ${times.length} pictures on two hosts failed in ${total} ms (${times.join(', ')} ms)`);
}, 120_000);
