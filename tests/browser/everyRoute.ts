/**
 * Every route in one language (a file per language, so the two run side by side), each page
 * loaded once per viewport, desktop (1440 px) and phone (390 px), for everything checked of it:
 * a page load costs the browser far more than any check made on the loaded page.
 * - The route table's pages (ROUTE_SAMPLES): answered 200 in the page's language, their sample
 *   text shown, no section failed, headings in main, nothing errors and no request fails, and
 *   hydration asks the provider for nothing the server sent (no /api/ request).
 * - Their document outline: exactly one h1, first, and heading levels never skip (each heading at
 *   most one level below the one before it), counting the header, footer and provider HTML alike,
 *   visible or not, as an assistive technology or a crawler reads them.
 * - Accessibility, on those and on a page not found and /login: axe-core finds no serious or
 *   critical violation; HTML_CodeSniffer (the engine pa11y runs) no WCAG 2 AA error on desktop.
 * - Valid HTML (desktop): the W3C Nu HTML checker finds no error in the HTML the server sends for
 *   each route, nor in the document the browser holds once the scripts have run (what they add:
 *   the chunks' prefetch links, the carousels, the toasts' region), and each served page declares
 *   its charset in its first 1024 bytes. Nothing is let through: the pages carry no attribute from
 *   outside the HTML standard.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import type { Locale } from '../../src/contracts/locale';
import { localizedPath } from '../../src/contracts/routes';
import { DESKTOP, PHONE, openPage, screenshotOnFailure, sharedPage, waitForContent, watchHydration, type TestSite, onSuite, ROUTE_SAMPLES } from './harness';
import { nuCheckerErrors } from './nuChecker';

const PATHS = [...ROUTE_SAMPLES.map((route) => route.path), '/nope', '/login'];

/** The document outline: every heading, visible or not, in document order. */
const outline = () =>
  [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => ({ level: Number(h.tagName[1]), text: (h.textContent ?? '').trim().slice(0, 40) }));

/** What is wrong with an outline: not exactly one h1, a first heading that is not it, a skipped level. */
function outlineFaults(headings: { level: number; text: string }[]): string[] {
  const faults: string[] = [];
  const h1s = headings.filter((h) => h.level === 1).length;
  if (h1s !== 1) faults.push(`${h1s} h1 elements`);
  if (headings[0]?.level !== 1) faults.push(`the first heading is h${headings[0]?.level}, not the h1`);
  let previous = 1;
  for (const heading of headings) {
    if (heading.level > previous + 1) faults.push(`h${heading.level} "${heading.text}" after h${previous}`);
    previous = heading.level;
  }
  return faults;
}

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

/**
 * Each route's HTML as the server sends it (fetched for the same address) and as the browser
 * holds it once hydrated (the page the other checks loaded), saved as files for the Nu checker
 * (it refuses localhost URLs).
 */
function htmlFiles(locale: Locale) {
  const dir = mkdtempSync(join(tmpdir(), `html-${locale}-`));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const served: { file: string; url: string; bytes: Buffer }[] = [];
  const scripted: string[] = [];
  return {
    dir,
    served,
    scripted,
    async save(site: TestSite, page: Page, url: string) {
      const name = join(dir, url.replace(/\//g, '_'));
      const response = await fetch(`${site.url}${url}`);
      assert.equal(response.status, 200, url);
      const bytes = Buffer.from(await response.arrayBuffer());
      writeFileSync(`${name}.html`, bytes);
      served.push({ file: `${name}.html`, url, bytes });
      writeFileSync(`${name}.scripted.html`, await page.evaluate(() => `<!DOCTYPE html>\n${document.documentElement.outerHTML}`));
      scripted.push(`${name}.scripted.html`);
    },
  };
}

export function everyRouteSuite(locale: Locale) {
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
    // HTML_CodeSniffer and the Nu checker read the desktop documents axe reads: a page loaded once for all.
    const desktop = name === 'desktop';
    describe(`every route in ${locale} on ${name}: content, outline and accessibility${desktop ? ', with HTML_CodeSniffer and the Nu checker' : ''}`, () => {
      const asked: string[] = [];
      const html = desktop ? htmlFiles(locale) : undefined;
      let hydrated: () => Promise<void> = async () => {};
      const shared = sharedPage(async () => {
        const opened = await openPage(browser, site, { locale, viewport });
        opened.page.on('request', (request) => void (new URL(request.url()).pathname.startsWith('/api/') && asked.push(request.url())));
        if (desktop) {
          await opened.page.addInitScript({ path: HTMLCS_SCRIPT });
          hydrated = await watchHydration(opened.page);
        }
        return opened;
      });
      for (const path of PATHS) {
        const route = ROUTE_SAMPLES.find((sample) => sample.path === path);
        test(path, async (t) => {
          const { page, problems } = shared();
          asked.length = 0;
          await screenshotOnFailure(t, page, async () => {
            const url = localizedPath(path, locale);
            const response = await page.goto(url);
            // The HTML kept for the Nu checker is the hydrated document once its loads are done.
            if (html && route) await hydrated();
            await waitForContent(page);
            if (route) {
              assert.equal(response?.status(), 200);
              assert.equal(await page.locator('html').getAttribute('lang'), locale === 'zh' ? 'zh-CN' : 'en');
              await page.getByText(route[locale], { exact: false }).first().waitFor({ state: 'attached' });
              assert.equal(await page.locator('main .async-state--error').count(), 0, 'no section failed');
              assert.ok((await page.locator('main h1, main h2').count()) > 0, 'the page has headings');
              assert.deepEqual(outlineFaults(await page.evaluate(outline)), [], 'the heading outline');
              // Saved before axe and HTML_CodeSniffer check it.
              if (html) await html.save(site, page, url);
            }
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
            if (desktop) assert.deepEqual(await htmlCodeSnifferErrors(page), [], 'HTML_CodeSniffer, WCAG 2 AA');
            // Asked last: a request or an error that hydration sent late has had the time of the checks above to come.
            if (route) {
              assert.deepEqual(asked, [], 'hydration asks the provider for nothing the server sent');
              assert.deepEqual(problems, [], 'no console error (hydration included) and no failed request');
            }
          });
        });
      }
      if (html) nuCheckerTests(html);
    });
  }
}

/** The Nu checker over the saved pages, the served and the scripted ones and a broken page, in one run. */
function nuCheckerTests({ dir, served, scripted }: ReturnType<typeof htmlFiles>) {
  describe('its HTML, in the W3C Nu HTML checker', () => {
    const broken = join(dir, 'broken.html');
    let errors: Map<string, string[]>;
    const nameOf = (file: string) => file.split('/').pop()!;
    const errorsIn = (files: string[]) => files.flatMap((file) => (errors.get(nameOf(file)) ?? []).map((error) => `${nameOf(file)}: ${error}`));
    before(() => {
      writeFileSync(broken, '<!doctype html><html lang="en"><head><title>x</title></head><body><p><div></p></body></html>');
      errors = nuCheckerErrors([...served.map((page) => page.file), ...scripted, broken]);
    });

    test('served: no error, for every route', () => {
      assert.equal(served.length, ROUTE_SAMPLES.length, 'every route saved');
      assert.deepEqual(errorsIn(served.map((page) => page.file)), []);
    });

    test('once the scripts have run: none either', () => {
      assert.equal(scripted.length, ROUTE_SAMPLES.length, 'every route saved');
      assert.deepEqual(errorsIn(scripted), []);
    });

    test('the checker itself finds a broken page, in the same run', () => {
      assert.ok(
        errorsIn([broken]).some((error) => error.includes('Unclosed element “div”')),
        errorsIn([broken]).join('; '),
      );
    });

    test('each served page declares its charset within the first 1024 bytes', () => {
      for (const { url, bytes } of served) assert.match(bytes.subarray(0, 1024).toString('latin1'), /<meta charset="?utf-8"?/i, url);
    });
  });
}
