/**
 * A content import reaches visitors at once: the import tells the running site (with the
 * shared secret) to drop its cached pages, so an edited page shows on the next visit instead
 * of after the cache's 60-second fresh window.
 */
import { spawn } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { DEFAULT_PACK_DIR } from '../../provider/content/loadPack';
import { CACHE_PURGE_PATH } from '../../http/internalPaths';
import { startSiteAndProvider } from '../server.testing';

const SECRET = 'purge-secret-for-tests';
let stack: Awaited<ReturnType<typeof startSiteAndProvider>>;
let base: string;

beforeAll(async () => {
  // The cache's fresh window is the production one: without the purge the old page stands for 60 s.
  stack = await startSiteAndProvider({ site: { cachePurgeSecret: SECRET, pageCache: { freshMs: 60_000 } }, dataSubdir: 'data' });
  base = stack.base;
}, 20_000);

afterAll(() => stack.close(), 20_000);

/** The import command as staff run it, resolved with its exit code and output. */
function contentImport(packDir: string, secret: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/provider/content/importCli.ts', '--data-dir', stack.dataDir, '--pack', packDir, '--site-url', base],
    {
      env: { ...process.env, CACHE_PURGE_SECRET: secret },
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

const aboutPage = async () => (await fetch(`${base}/about`)).text();

it('an imported change shows on the next visit; a wrong secret drops nothing', async () => {
  expect(await aboutPage()).toContain('公司简介');
  const packDir = join(stack.data.dir, 'pack');
  cpSync(DEFAULT_PACK_DIR, packDir, { recursive: true });
  const company = join(packDir, 'company.yaml');
  const doc = parse(readFileSync(company, 'utf8')) as { aboutUs: { zh: { title: string } } };
  doc.aboutUs.zh.title = '公司简介（新版）';
  writeFileSync(company, stringify(doc, { lineWidth: 0 }));

  const refused = await contentImport(packDir, 'not-the-secret');
  expect(refused.code).toBe(0);
  expect(refused.output).toContain('refused to drop its cached pages (403)');
  expect(await aboutPage()).not.toContain('公司简介（新版）'); // imported, but the cached page stands

  const told = await contentImport(packDir, SECRET);
  expect(told.output).toContain('dropped its cached pages');
  expect(await aboutPage()).toContain('公司简介（新版）');
}, 120_000); // two runs of the import command, each a process to start

it('refuses a purge that came through a proxy, even with the secret', async () => {
  const res = await fetch(`${base}${CACHE_PURGE_PATH}`, { method: 'POST', headers: { authorization: `Bearer ${SECRET}`, 'x-forwarded-for': '203.0.113.1' } });
  expect(res.status).toBe(403);
});
