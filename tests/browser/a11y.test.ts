/** axe-core on every route in both languages, desktop and phone: no serious or critical violation. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { DESKTOP, PHONE, waitForContent, withPage, type TestSite, onSuite, ROUTE_SAMPLES } from './harness';

const PATHS = [...ROUTE_SAMPLES.map((route) => route.path), '/nope', '/login'];

let browser: Browser;
let site: TestSite;
onSuite({}, (s, b) => {
  site = s;
  browser = b;
});

for (const locale of ['zh', 'en'] as const) {
  for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    describe(`accessibility in ${locale} on ${name}`, () => {
      for (const path of PATHS) {
        test(path, async (t) => {
          await withPage(t, browser, site, { locale, viewport }, async ({ page }) => {
            await page.goto(path);
            await waitForContent(page);
            const results = await new AxeBuilder({ page }).analyze();
            const serious = results.violations
              .filter((v) => v.impact === 'serious' || v.impact === 'critical')
              .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
            assert.deepEqual(serious, []);
          });
        });
      }
    });
  }
}
