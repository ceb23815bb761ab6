/**
 * The accessibility suite of one language (a file per language, so the two run side by side):
 * axe-core on every route, desktop and phone, finds no serious or critical violation;
 * HTML_CodeSniffer (the engine pa11y runs) finds no WCAG 2 AA error on the desktop ones.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import type { Locale } from '../../src/contracts/locale';
import { DESKTOP, PHONE, openPage, screenshotOnFailure, sharedPage, waitForContent, type TestSite, onSuite, ROUTE_SAMPLES } from './harness';

const PATHS = [...ROUTE_SAMPLES.map((route) => route.path), '/nope', '/login'];

/** What pa11y reports as errors: HTML_CodeSniffer's WCAG2AA messages of type 1. */
const HTMLCS_SCRIPT = join(require.resolve('@pa11y/html_codesniffer/package.json'), '..', 'build', 'HTMLCS.js');

/** HTML_CodeSniffer's WCAG2AA errors in the page's document (its script loaded by the page's init script). */
const htmlCodeSnifferErrors = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const htmlcs = (
          window as unknown as {
            HTMLCS: {
              process(standard: string, root: Document, done: () => void): void;
              getMessages(): { type: number; code: string; msg: string; element: Element }[];
            };
          }
        ).HTMLCS;
        htmlcs.process('WCAG2AA', document, () =>
          resolve(
            htmlcs
              .getMessages()
              .filter((m) => m.type === 1)
              .map((m) => `${m.code}: ${m.msg} <${m.element.tagName.toLowerCase()} ${m.element.getAttribute('name') ?? m.element.className}>`),
          ),
        );
      }),
  );

export function accessibilitySuite(locale: Locale) {
  let browser: Browser;
  let site: TestSite;
  onSuite({}, (s, b) => {
    site = s;
    browser = b;
  });

  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    // HTML_CodeSniffer reads the desktop documents axe reads: a document loaded once for both.
    const codeSniffer = name === 'desktop';
    describe(`accessibility in ${locale} on ${name}${codeSniffer ? ', with HTML_CodeSniffer' : ''}`, () => {
      const shared = sharedPage(async () => {
        const opened = await openPage(browser, site, { locale, viewport });
        if (codeSniffer) await opened.page.addInitScript({ path: HTMLCS_SCRIPT });
        return opened;
      });
      for (const path of PATHS) {
        test(path, async (t) => {
          const { page } = shared();
          await screenshotOnFailure(t, page, async () => {
            await page.goto(path);
            await waitForContent(page);
            const results = await new AxeBuilder({ page }).analyze();
            const serious = results.violations
              .filter((v) => v.impact === 'serious' || v.impact === 'critical')
              .map(
                (v) =>
                  `${v.id}: ${v.help} (${v.nodes
                    .map((n) => n.target.join(' '))
                    .slice(0, 3)
                    .join(', ')})`,
              );
            assert.deepEqual(serious, []);
            if (codeSniffer) assert.deepEqual(await htmlCodeSnifferErrors(page), [], 'HTML_CodeSniffer, WCAG 2 AA');
          });
        });
      }
    });
  }
}
