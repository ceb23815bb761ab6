/**
 * The HTML the site server sends for every route in both languages has no errors in the W3C
 * Nu HTML checker (vnu.jar from the vnu-jar package; it refuses localhost URLs, so the pages
 * are saved and checked as files), and its <meta charset> sits in the first 1024 bytes; nor has
 * the document the browser holds once the scripts have run (what they add: the chunks' prefetch
 * links, the carousels, the toasts' region). Nothing is let through: the pages carry no
 * attribute from outside the HTML standard.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { localizedPath } from '../../src/contracts/routes';
import type { Browser } from 'playwright-core';
import { launchBrowser, ROUTE_SAMPLES, startTestSite, waitForContent, watchHydration, type TestSite } from './harness';

// vnu-jar is CommonJS: its export is the jar's path.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const VNU_JAR = String(require('vnu-jar'));

let site: TestSite;
let browser: Browser;
const dir = mkdtempSync(join(tmpdir(), 'html-'));
const saved: { file: string; url: string; bytes: Buffer }[] = [];
/** The same pages as the browser holds them after the scripts ran. */
const scripted: string[] = [];

before(async () => {
  site = await startTestSite();
  for (const locale of ['zh', 'en'] as const) {
    for (const route of ROUTE_SAMPLES) {
      const path = localizedPath(route.path, locale);
      const response = await fetch(`${site.url}${path}`);
      assert.equal(response.status, 200, path);
      const bytes = Buffer.from(await response.arrayBuffer());
      const file = join(dir, `${locale}${route.path.replace(/\//g, '_')}.html`);
      writeFileSync(file, bytes);
      saved.push({ file, url: path, bytes });
    }
  }
  browser = await launchBrowser();
  const context = await browser.newContext({ baseURL: site.url });
  const page = await context.newPage();
  const hydrated = await watchHydration(page);
  for (const { url, file } of saved) {
    await page.goto(url);
    await hydrated();
    await waitForContent(page);
    const dom = await page.evaluate(() => `<!DOCTYPE html>\n${document.documentElement.outerHTML}`);
    const after = file.replace(/\.html$/, '.scripted.html');
    writeFileSync(after, dom);
    scripted.push(after);
  }
  await context.close();
});
after(async () => {
  await browser?.close();
  await site?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface VnuMessage {
  type: string;
  url: string;
  message: string;
  extract?: string;
}

/** What the Nu checker finds wrong in the files: errors, and files it could not read (non-document-error). */
function checkerErrors(files: string[]): string[] {
  let output = '';
  try {
    execFileSync('java', ['-jar', VNU_JAR, '--errors-only', '--format', 'json', ...files], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    // vnu exits 1 when it finds errors and writes its JSON report to stderr.
    output = String((error as { stderr?: string }).stderr ?? '');
    if (!output.trim().startsWith('{')) throw error;
  }
  const messages = output ? (JSON.parse(output) as { messages: VnuMessage[] }).messages : [];
  return messages.filter((m) => m.type !== 'info').map((m) => `${m.url.split('/').pop()}: ${m.message}`);
}

describe('served HTML', () => {
  test('has no errors in the Nu HTML checker', () => {
    assert.deepEqual(checkerErrors(saved.map((s) => s.file)), []);
  });

  test('has none either once the scripts have run', () => {
    assert.equal(scripted.length, saved.length);
    assert.deepEqual(checkerErrors(scripted), []);
  });

  test('the checker itself finds a broken page', () => {
    const broken = join(dir, 'broken.html');
    writeFileSync(broken, '<!doctype html><html lang="en"><head><title>x</title></head><body><p><div></p></body></html>');
    assert.throws(() => execFileSync('java', ['-jar', VNU_JAR, '--errors-only', broken], { stdio: 'pipe' }));
  });

  test('declares its charset within the first 1024 bytes', () => {
    for (const { url, bytes } of saved) {
      assert.match(bytes.subarray(0, 1024).toString('latin1'), /<meta charset="?utf-8"?/i, url);
    }
  });
});
