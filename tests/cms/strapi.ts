/**
 * The real Strapi of cms/ for a test file: started without its admin panel on a database and an
 * uploads folder of its own, seeded from the content pack (a copy of the run's one seeding) or empty.
 */
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { createProviderApp } from '../../src/provider/app';
import { loadContentPack } from '../../src/provider/content/loadPack';
import { openDatabase } from '../../src/provider/sqliteDatabase';
import { startCms, type RunningCms } from '../../config/cms/cms';
import { createSiteServer } from '../../src/server/app';
import { STRAPI_ANSWER_MS } from './bounds';
import { SEED_MEDIA_DIR } from '../../src/provider/startProvider';
import { freePort } from '../../src/server/server.testing';
import { startNginx } from '../cdn/nginx';
import { copySeededTemplate } from './seededTemplate';
import { logLines } from '../../src/http/logging.testing';

export interface SeededCms {
  cms: RunningCms;
  secrets: Record<string, string>;
  /** The token the site reads with, as the seed made it. */
  siteToken: string;
  /** The token the site's previews read drafts with. */
  previewToken: string;
  /** Where its SQLite database lives (CMS_DATA_DIR). */
  dataDir: string;
  /** The run's one seeding, this file's copy of it, and its start. */
  timings: { seed: number; copy: number; start: number };
}

/**
 * A Strapi of this file's own, seeded: a copy of the run's seeded Strapi (seededTemplate.ts) in
 * `work`, started with the secrets it was seeded with. Its webhook names the site: siteUrl is
 * where the site (or a stand-in) listens.
 */
export async function startSeededCms({ work, siteUrl }: { work: string; siteUrl: string }): Promise<SeededCms> {
  const dataDir = join(work, 'strapi');
  let started = Date.now();
  const template = await copySeededTemplate(dataDir);
  const copy = Date.now() - started;
  started = Date.now();
  const cms = await startCms({ port: await freePort(), dataDir, serveAdmin: false, secrets: template.secrets, siteUrl, output: 'ignore' });
  return {
    cms,
    secrets: template.secrets,
    siteToken: template.siteToken,
    previewToken: template.previewToken,
    dataDir,
    timings: { seed: template.seedMs, copy, start: Date.now() - started },
  };
}

/** One call to Strapi's HTTP APIs: its status and its JSON answer ({} when there is none). */
export async function cmsCall(base: string, method: string, path: string, token: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
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
  const registered = await cmsCall(base, 'POST', '/admin/register', '', {
    registrationToken,
    userInfo: { firstname: 'Content', lastname: roleCode, password: 'Content-Passw0rd' },
  });
  const token = registered.body.data?.token as string | undefined;
  if (!token) throw new Error(`${email} could not register: ${registered.status} ${JSON.stringify(registered.body)}`);
  return token;
}

/**
 * A seeded Strapi (startSeededCms) with one content user (`role`: strapi-author or
 * strapi-editor) who uploads, and two site processes in front of the embedded provider reading it
 * with the site's token, behind nginx (tests/cdn/nginx.ts) as in production: `cacheUrl` is what a
 * visitor reaches, and the sites' PUBLIC_URL. Strapi's webhook names one process (`siteUrl`),
 * which nginx never sends visitors to: the pictures and pages visitors see are served by its peer
 * alone, as when a round-robin never reached the process Strapi calls. The two share the folder
 * of picture copies, as processes of one host do; `restartSites()` restarts both on their ports,
 * as a deploy does, forgetting all they held in memory. Its uploads stay in its own folder under `work`;
 * close() stops everything.
 */
export async function startUploadStack({ work, dist, role, email }: { work: string; dist: string; role: string; email: string }) {
  const closers: (() => Promise<unknown>)[] = [];
  const closeAll = async () => {
    for (const close of closers.reverse()) await close();
  };
  // The provider's and both site processes' warnings, in the order they came, each after its speaker.
  const warnings: string[] = [];
  const warningsOf = (speaker: string) => ({ level: 'warn', stream: logLines(({ msg }) => warnings.push(`${speaker}: ${String(msg)}`)).stream });
  try {
    const [sitePort, servingPort, cachePort] = await Promise.all([freePort(), freePort(), freePort()]);
    const { cms, secrets, siteToken: token } = await startSeededCms({ work, siteUrl: `http://127.0.0.1:${sitePort}` });
    closers.push(() => cms.stop());
    const jwt = await adminLogin(cms.url, secrets.CMS_ADMIN_EMAIL!, secrets.CMS_ADMIN_PASSWORD!);
    const uploader = await newAdminUser(cms.url, jwt, role, email);
    const db = await openDatabase(mkdtempSync(join(work, 'provider-')), loadContentPack());
    closers.push(async () => db.close());
    const provider = await createProviderApp({
      db,
      mediaDir: SEED_MEDIA_DIR,
      strapi: { url: cms.url, token, timeoutMs: STRAPI_ANSWER_MS },
      retention: false,
      logger: warningsOf('provider'),
    });
    closers.push(() => provider.close());
    const providerUrl = await provider.listen({ port: 0, host: '127.0.0.1' });
    const cacheUrl = `http://127.0.0.1:${cachePort}`;
    const pictureCopies = { dir: mkdtempSync(join(work, 'picture-copies-')), maxBytes: 64 * 1024 * 1024 };
    const startSite = async (port: number, peer: number) => {
      const site = await createSiteServer({
        logger: warningsOf(port === sitePort ? 'site called by Strapi' : 'site visitors reach'),
        distDir: dist,
        providerUrl,
        mediaUrl: '',
        variant: 'standard',
        // As the other Strapi stacks (stack.ts): what the pictures show, not the machine's speed.
        renderDeadlineMs: 15_000,
        publicUrl: cacheUrl,
        pictureCopies,
        cmsWebhookSecret: secrets.CMS_WEBHOOK_SECRET,
        purgeRelay: { peers: [`http://127.0.0.1:${peer}`], cacheUrl },
      });
      const url = await site.listen({ port, host: '127.0.0.1' });
      return { url, close: () => site.close() };
    };
    let called = await startSite(sitePort, servingPort);
    closers.push(() => called.close());
    let serving = await startSite(servingPort, sitePort);
    closers.push(() => serving.close());
    const nginx = await startNginx(mkdtempSync(join(work, 'nginx-')), [servingPort], cachePort);
    closers.push(() => nginx.stop());
    return {
      cms,
      jwt,
      uploader,
      siteUrl: called.url,
      cacheUrl: nginx.url,
      /** What the provider and the site processes logged at warn and above, each message after its speaker. */
      warnings,
      async restartSites() {
        await Promise.all([called.close(), serving.close()]);
        called = await startSite(sitePort, servingPort);
        serving = await startSite(servingPort, sitePort);
      },
      close: closeAll,
    };
  } catch (error) {
    // A stack that could not start has nobody to print what its processes said: said here.
    if (warnings.length > 0) console.log(`Warnings of the provider and the site processes:\n${warnings.join('\n')}`);
    await closeAll();
    throw error;
  }
}
