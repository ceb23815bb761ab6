/**
 * Document outline of every route in both languages: exactly one h1, and heading levels
 * never skip (each heading is at most one level below the one before it), counting the
 * header, footer and provider HTML alike, as an assistive technology or a crawler reads them.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { onSuite, ROUTE_SAMPLES, waitForContent, withPage, type TestSite } from './harness';

let browser: Browser;
let site: TestSite;
onSuite({}, (s, b) => {
  site = s;
  browser = b;
});

/** Visible or not: a heading in the DOM is in the outline screen readers list. */
const outline = () =>
  [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => ({ level: Number(h.tagName[1]), text: (h.textContent ?? '').trim().slice(0, 40) }));

for (const locale of ['zh', 'en'] as const) {
  describe(`heading outline in ${locale}`, () => {
    test('one h1 and no skipped level on every route', async (t) => {
      await withPage(t, browser, site, { locale }, async ({ page }) => {
        const failures: string[] = [];
        for (const route of ROUTE_SAMPLES) {
          await page.goto(route.path);
          await waitForContent(page);
          const headings = await page.evaluate(outline);
          const h1s = headings.filter((h) => h.level === 1).length;
          if (h1s !== 1) failures.push(`${route.path}: ${h1s} h1 elements`);
          let previous = 1;
          for (const heading of headings) {
            if (heading.level > previous + 1) failures.push(`${route.path}: h${heading.level} "${heading.text}" after h${previous}`);
            previous = heading.level;
          }
          if (headings[0]?.level !== 1) failures.push(`${route.path}: the first heading is h${headings[0]?.level}, not the h1`);
        }
        assert.deepEqual(failures, []);
      });
    });
  });
}
