/**
 * The real Strapi of cms/ for a test file: installed if missing, started without its admin panel
 * on its own SQLite in the given folder, and seeded from the content pack through its APIs.
 */
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import type { ContentPack } from '../../src/contracts/schema/contentPack';
import { createProviderApp } from '../../src/provider/app';
import { loadContentPack } from '../../src/provider/content/loadPack';
import { openDatabase } from '../../src/provider/database';
import { ensureCmsInstalled, newCmsSecrets, startCms, type RunningCms } from '../../src/provider/strapi/cms';
import { createSiteServer } from '../../src/server/app';
import { seedStrapi } from '../../src/provider/strapi/seed/seedStrapi';
import { SEED_MEDIA_DIR } from '../../src/provider/startProvider';
import { freePort } from '../../src/server/testing';
import { startNginx } from '../cdn/nginx';

export interface SeededCms {
  cms: RunningCms;
  secrets: Record<string, string>;
  /** The token the site reads with, as the seed made it. */
  siteToken: string;
  /** The token the site's previews read drafts with. */
  previewToken: string;
  /** Where its SQLite database lives (CMS_DATA_DIR). */
  dataDir: string;
  timings: { install: number; start: number; seed: number };
}

/** Strapi's webhook names the site: siteUrl is where the site (or a stand-in) listens. */
export async function startSeededCms({ work, siteUrl, pack }: { work: string; siteUrl: string; pack: ContentPack }): Promise<SeededCms> {
  const secrets = newCmsSecrets();
  const dataDir = join(work, 'strapi');
  let started = Date.now();
  ensureCmsInstalled();
  const install = Date.now() - started;
  started = Date.now();
  const cms = await startCms({ port: await freePort(), dataDir, serveAdmin: false, secrets, siteUrl, output: 'ignore' });
  const start = Date.now() - started;
  started = Date.now();
  try {
    const seeded = await seedStrapi({ cmsUrl: cms.url, email: secrets.CMS_ADMIN_EMAIL!, password: secrets.CMS_ADMIN_PASSWORD!, pack, mediaDir: SEED_MEDIA_DIR });
    return { cms, secrets, siteToken: seeded.siteToken, previewToken: seeded.previewToken, dataDir, timings: { install, start, seed: Date.now() - started } };
  } catch (error) {
    await cms.stop();
    throw error;
  }
}

/** One call to Strapi's HTTP APIs: its status and its JSON answer ({} when there is none). */
export async function cmsCall(base: string, method: string, path: string, token: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${base}${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: await response.json().catch(() => ({})) };
}

/** An administrator's session token for the admin API. */
export async function adminLogin(base: string, email: string, password: string): Promise<string> {
  const { status, body } = await cmsCall(base, 'POST', '/admin/login', '', { email, password });
  if (status !== 200) throw new Error(`Strapi refused ${email}'s login: ${status} ${JSON.stringify(body)}`);
  return body.data.token as string;
}

/** A new administrator with one of Strapi's roles (strapi-editor, strapi-author), invited and registered: its session token. */
export async function newAdminUser(base: string, jwt: string, roleCode: string, email: string): Promise<string> {
  const roles = (await cmsCall(base, 'GET', '/admin/roles', jwt)).body.data as { id: number; code: string }[];
  const role = roles.find((candidate) => candidate.code === roleCode);
  if (!role) throw new Error(`Strapi has no role ${roleCode}`);
  const invited = await cmsCall(base, 'POST', '/admin/users', jwt, { firstname: 'Content', lastname: roleCode, email, roles: [role.id] });
  const registrationToken = invited.body.data?.registrationToken;
  const registered = await cmsCall(base, 'POST', '/admin/register', '', { registrationToken, userInfo: { firstname: 'Content', lastname: roleCode, password: 'Content-Passw0rd' } });
  const token = registered.body.data?.token as string | undefined;
  if (!token) throw new Error(`${email} could not register: ${registered.status} ${JSON.stringify(registered.body)}`);
  return token;
}

/**
 * An unseeded Strapi with one content user (`role`: strapi-author or strapi-editor) who uploads,
 * and the site in front of the embedded provider reading it with a read-only token, behind nginx
 * (tests/cdn/nginx.ts) as in production: `cacheUrl` is what a visitor reaches. Strapi's webhook
 * names the site process and the site asks nginx to refresh the pages a change marks, so both
 * ports are chosen first. `uploadedIds` collects what the test uploads (cms/public/uploads is
 * every local Strapi's): close() deletes those files, then stops everything.
 */
export async function startUploadStack({ work, dist, role, email }: { work: string; dist: string; role: string; email: string }) {
  const secrets = newCmsSecrets();
  const closers: (() => Promise<unknown>)[] = [];
  const uploadedIds: number[] = [];
  const closeAll = async () => {
    for (const close of closers.reverse()) await close();
  };
  try {
    ensureCmsInstalled();
    const [sitePort, cachePort] = await Promise.all([freePort(), freePort()]);
    const cms = await startCms({ port: await freePort(), dataDir: join(work, 'strapi'), serveAdmin: false, secrets, siteUrl: `http://127.0.0.1:${sitePort}`, output: 'ignore' });
    closers.push(() => cms.stop());
    const jwt = await adminLogin(cms.url, secrets.CMS_ADMIN_EMAIL!, secrets.CMS_ADMIN_PASSWORD!);
    const uploader = await newAdminUser(cms.url, jwt, role, email);
    const token = (await cmsCall(cms.url, 'POST', '/admin/api-tokens', jwt, { name: 'site', type: 'read-only', lifespan: null })).body.data.accessKey as string;
    const db = openDatabase(mkdtempSync(join(work, 'provider-')), loadContentPack());
    closers.push(async () => db.close());
    const provider = await createProviderApp({ db, mediaDir: SEED_MEDIA_DIR, strapi: { url: cms.url, token }, retention: false });
    closers.push(() => provider.close());
    const providerUrl = await provider.listen({ port: 0, host: '127.0.0.1' });
    const purgeRelay = { peers: [], cacheUrl: `http://127.0.0.1:${cachePort}` };
    const site = await createSiteServer({ distDir: dist, providerUrl, mediaUrl: '', variant: 'standard', cmsWebhookSecret: secrets.CMS_WEBHOOK_SECRET, purgeRelay });
    closers.push(() => site.close());
    const siteUrl = await site.listen({ port: sitePort, host: '127.0.0.1' });
    const nginx = await startNginx(mkdtempSync(join(work, 'nginx-')), [sitePort], cachePort);
    closers.push(() => nginx.stop());
    return {
      cms,
      jwt,
      uploader,
      siteUrl,
      cacheUrl: nginx.url,
      uploadedIds,
      async close() {
        for (const id of uploadedIds) await cmsCall(cms.url, 'DELETE', `/upload/files/${id}`, jwt);
        await closeAll();
      },
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
