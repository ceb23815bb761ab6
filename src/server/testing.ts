/** Test helpers for the site server. */
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** A dist folder like webpack's: the page template, one hashed asset (with .gz and .map). */
export function fakeDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'site-dist-'));
  mkdirSync(join(dist, 'assets'));
  copyFileSync(join(__dirname, '..', '..', 'public', 'index.html'), join(dist, 'index.html'));
  const js = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  writeFileSync(join(dist, 'assets', 'main.0123456789.js'), js);
  writeFileSync(join(dist, 'assets', 'main.0123456789.js.gz'), gzipSync(js));
  writeFileSync(join(dist, 'assets', 'main.0123456789.js.map'), '{}');
  writeFileSync(join(dist, 'assets', '.secret'), 'no');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\n');
  return dist;
}

