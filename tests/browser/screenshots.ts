/**
 * Full-page screenshots of every route, zh at its own paths and en under /en, at 1440 px and 390 px, into screenshots/.
 * Usage: with the site running (npm start), `npm run screenshots [-- http://localhost:3000]`;
 * `-- --no-script` takes them with JavaScript off (files named `…-noscript`), as a crawler or a
 * visitor without scripts sees the pages.
 */
import { mkdirSync } from 'node:fs';
import { launchBrowser } from './browser';

const args = process.argv.slice(2);
const NO_SCRIPT = args.includes('--no-script');
const BASE = args.find((arg) => !arg.startsWith('--')) ?? 'http://localhost:3000';
const PATHS = [
  '/',
  '/about',
  '/product',
  '/product/1',
  '/innovation',
  '/news',
  '/news/1',
  '/news/notice',
  '/resources',
  '/resources/1',
  '/patient',
  '/report',
  '/privacy',
  '/nope',
];
const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

async function main() {
  mkdirSync('screenshots', { recursive: true });
  const browser = await launchBrowser();
  for (const locale of ['zh', 'en']) {
    for (const viewport of VIEWPORTS) {
      const context = await browser.newContext({ viewport, reducedMotion: 'reduce', javaScriptEnabled: !NO_SCRIPT });
      const page = await context.newPage();
      for (const path of PATHS) {
        // The language is the URL's: English pages live under /en.
        await page.goto(`${BASE}${locale === 'en' ? `/en${path}` : path}`, { waitUntil: 'networkidle' });
        // Scroll through once, as a visitor does (with or without the page's scripts), so lazy
        // pictures load and reveal animations settle.
        const height = await page.evaluate(() => document.body.scrollHeight);
        for (let y = 0; y < height; y += 600) {
          await page.mouse.wheel(0, 600);
          await page.waitForTimeout(50);
        }
        await page.mouse.wheel(0, -height);
        await page.waitForLoadState('networkidle');
        const file = `screenshots/${locale}-${viewport.name}${NO_SCRIPT ? '-noscript' : ''}${path.replace(/\//g, '_') || '_'}.png`;
        await page.screenshot({ path: file, fullPage: true });
      }
      await context.close();
    }
  }
  await browser.close();
  console.log('Screenshots written to screenshots/');
}

void main();
