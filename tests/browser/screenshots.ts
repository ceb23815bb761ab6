/**
 * Full-page screenshots of every route, zh at its own paths and en under /en, at 1440 px and 390 px, into screenshots/.
 * Usage: with the site running (npm start), `npm run screenshots [-- http://localhost:3000]`.
 */
import { mkdirSync } from 'node:fs';
import { launchBrowser } from './browser';

const BASE = process.argv[2] ?? 'http://localhost:3000';
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
      const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
      const page = await context.newPage();
      for (const path of PATHS) {
        // The language is the URL's: English pages live under /en.
        await page.goto(`${BASE}${locale === 'en' ? `/en${path}` : path}`, { waitUntil: 'networkidle' });
        // Scroll through once so lazy images and reveal animations settle.
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += 600) {
            window.scrollTo(0, y);
            await new Promise((r) => setTimeout(r, 50));
          }
          window.scrollTo(0, 0);
        });
        await page.waitForLoadState('networkidle');
        const file = `screenshots/${locale}-${viewport.name}${path.replace(/\//g, '_') || '_'}.png`;
        await page.screenshot({ path: file, fullPage: true });
      }
      await context.close();
    }
  }
  await browser.close();
  console.log('Screenshots written to screenshots/');
}

void main();
