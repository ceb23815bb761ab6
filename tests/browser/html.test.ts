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

/**
 * The Nu checker's errors in the files, by file name (a file it could not read counts: a
 * non-document-error). One run for all of them: the JVM's start and warm-up cost more than the
 * checking. A short-lived run compiles with C1 only (half the CPU), on a thread stack deep enough
 * for the HTML schema.
 */
function checkerErrors(files: string[]): Map<string, string[]> {
  let output = '';
  try {
    const java = ['-Xss4m', '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-jar', VNU_JAR, '--errors-only', '--format', 'json'];
    execFileSync('java', [...java, ...files], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    // vnu exits 1 when it finds errors and writes its JSON report to stderr.
    output = String((error as { stderr?: string }).stderr ?? '');
    if (!output.trim().startsWith('{')) throw error;
  }
  const byFile = new Map<string, string[]>();
  const messages = output ? (JSON.parse(output) as { messages: VnuMessage[] }).messages : [];
  for (const { type, url, message } of messages.filter((m) => m.type !== 'info')) {
    const name = url.split('/').pop()!;
    byFile.set(name, [...(byFile.get(name) ?? []), `${type}: ${message}`]);
  }
  return byFile;
}

describe('served HTML', () => {
  // The served pages, the scripted ones and a broken page, checked in one run.
  let errors: Map<string, string[]>;
  const nameOf = (file: string) => file.split('/').pop()!;
  const errorsIn = (files: string[]) => files.flatMap((file) => (errors.get(nameOf(file)) ?? []).map((error) => `${nameOf(file)}: ${error}`));
  const broken = join(dir, 'broken.html');
  before(() => {
    writeFileSync(broken, '<!doctype html><html lang="en"><head><title>x</title></head><body><p><div></p></body></html>');
    errors = checkerErrors([...saved.map((s) => s.file), ...scripted, broken]);
  });

  test('has no errors in the Nu HTML checker', () => {
    assert.deepEqual(errorsIn(saved.map((s) => s.file)), []);
  });

  test('has none either once the scripts have run', () => {
    assert.equal(scripted.length, saved.length);
    assert.deepEqual(errorsIn(scripted), []);
  });

  test('the checker itself finds a broken page, in the same run', () => {
    assert.ok(
      errorsIn([broken]).some((error) => error.includes('Unclosed element “div”')),
      errorsIn([broken]).join('; '),
    );
  });

  test('declares its charset within the first 1024 bytes', () => {
    for (const { url, bytes } of saved) {
      assert.match(bytes.subarray(0, 1024).toString('latin1'), /<meta charset="?utf-8"?/i, url);
    }
  });
});
