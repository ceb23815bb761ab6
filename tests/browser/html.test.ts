/**
 * The HTML the site server sends for every route in both languages has no errors in the W3C
 * Nu HTML checker (vnu.jar from the vnu-jar package; it refuses localhost URLs, so the pages
 * are saved and checked as files), and its <meta charset> sits in the first 1024 bytes.
 * Nothing is let through: the pages carry no attribute from outside the HTML standard.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { localizedPath } from '../../src/contracts/routes';
import { ROUTE_SAMPLES, startTestSite, type TestSite } from './harness';

// vnu-jar is CommonJS: its export is the jar's path.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const VNU_JAR = String(require('vnu-jar'));

let site: TestSite;
const dir = mkdtempSync(join(tmpdir(), 'html-'));
const saved: { file: string; url: string; bytes: Buffer }[] = [];

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
});
after(async () => {
  await site?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface VnuMessage {
  type: string;
  url: string;
  message: string;
  extract?: string;
}

describe('served HTML', () => {
  test('has no errors in the Nu HTML checker', () => {
    let output = '';
    try {
      execFileSync('java', ['-jar', VNU_JAR, '--errors-only', '--format', 'json', ...saved.map((s) => s.file)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      // vnu exits 1 when it finds errors and writes its JSON report to stderr.
      output = String((error as { stderr?: string }).stderr ?? '');
      if (!output.trim().startsWith('{')) throw error;
    }
    const messages = output ? (JSON.parse(output) as { messages: VnuMessage[] }).messages : [];
    // Anything but information: errors, and files the checker could not read (non-document-error).
    const errors = messages.filter((m) => m.type !== 'info').map((m) => `${m.url.split('/').pop()}: ${m.message}`);
    assert.deepEqual(errors, []);
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
