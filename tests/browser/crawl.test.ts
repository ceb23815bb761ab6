/**
 * A link checker on a site just started (nothing rendered, no picture copy made, no sitemap
 * asked): starting from every route in both languages, it follows every link, script, style
 * sheet, picture (each srcset entry) and poster of this site that the pages name, 8 requests at
 * a time from one address, in the order it finds them, as linkinator does. Every one answers
 * 200: the site's own category and page links are no searches, and a render that must wait for
 * a slot waits.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { localizedPath } from '../../src/contracts/routes';
import { ROUTE_SAMPLES, startTestSite, type TestSite } from './harness';

const CONCURRENCY = 8;

let site: TestSite;
before(async () => {
  site = await startTestSite();
});
after(async () => {
  await site?.close();
});

/** Every URL an element of the page names (href, src, poster, each srcset entry), resolved against it. */
function linksOf(html: string, base: URL): URL[] {
  const found: string[] = [];
  // React writes srcSet; HTML's names are case-insensitive.
  for (const [, name = '', value = ''] of html.matchAll(/\s(href|src|poster|srcset)="([^"]*)"/gi)) {
    const decoded = value.replace(/&amp;/g, '&');
    if (name.toLowerCase() === 'srcset') found.push(...decoded.split(',').map((entry) => entry.trim().split(/\s+/)[0] ?? ''));
    else found.push(decoded);
  }
  return found.filter((link) => link && !/^(mailto|tel|javascript|data):/i.test(link)).map((link) => new URL(link, base));
}

interface Checked {
  url: string;
  status: number;
  from: string;
}

async function crawl(origin: string, starts: string[]): Promise<Checked[]> {
  const seen = new Set<string>();
  const queue: { url: string; from: string }[] = [];
  const add = (url: URL, from: string) => {
    url.hash = '';
    if (url.origin !== origin || seen.has(url.href)) return;
    seen.add(url.href);
    queue.push({ url: url.href, from });
  };
  for (const start of starts) add(new URL(start, origin), '(start)');
  const checked: Checked[] = [];
  let busy = 0;
  const worker = async () => {
    for (;;) {
      const next = queue.shift();
      if (!next) {
        if (busy === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
        continue;
      }
      busy += 1;
      try {
        let response = await fetch(next.url);
        // A crawler comes back after the Retry-After of a 503 (a cold site's provider out of time), once.
        const retryAfter = Number(response.headers.get('retry-after'));
        if (response.status === 503 && retryAfter > 0) {
          await response.body?.cancel();
          await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
          response = await fetch(next.url);
        }
        const body = await response.text();
        checked.push({ url: next.url, status: response.status, from: next.from });
        if ((response.headers.get('content-type') ?? '').startsWith('text/html')) for (const link of linksOf(body, new URL(next.url))) add(link, next.url);
      } finally {
        busy -= 1;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return checked;
}

describe('a link checker on a cold site', () => {
  test('gets 200 for every link of every page, 8 at a time from one address', async () => {
    const starts = (['zh', 'en'] as const).flatMap((locale) => ROUTE_SAMPLES.map((route) => localizedPath(route.path, locale)));
    const checked = await crawl(new URL(site.url).origin, starts);
    const failed = checked.filter((each) => each.status !== 200).map((each) => `${each.status} ${each.url} (linked from ${each.from})`);
    assert.deepEqual(failed, []);
    // It did follow the links a visitor's search budget once refused: categories and list pages.
    // Category links in both languages (a category is named by its id, the same in each).
    const categories = checked.map((each) => new URL(each.url, site.url)).filter((url) => /\/product$/.test(url.pathname) && url.searchParams.has('category'));
    const inEach = (prefix: string) =>
      new Set(categories.filter((url) => url.pathname === `${prefix}/product`).map((url) => url.searchParams.get('category'))).size;
    assert.ok(inEach('') >= 2 && inEach('/en') >= 2, `category links followed: ${categories.join(' ')}`);
    assert.ok(
      checked.some((each) => /\/uploads\/.+[?&]w=/.test(each.url)),
      'picture copies checked',
    );
    console.log(`${checked.length} links checked, ${failed.length} failed`);
  });
});
