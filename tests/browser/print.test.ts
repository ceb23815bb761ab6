/**
 * Printing: with print media emulated, a product detail is its package insert (name, approval
 * number, every labelled field, the first picture, the company, the date printed) and a news
 * item an article, without header, menu, footer, carousel controls, toasts or the scroll-top
 * button; the A4 PDF Chromium renders holds that text (read back with pdftotext).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { localizedPath } from '../../src/contracts/routes';
import type { Browser, Page } from 'playwright-core';
import { onSuite, waitForContent, withPage, type TestSite } from './harness';

let browser: Browser;
let site: TestSite;
onSuite({}, (s, b) => {
  site = s;
  browser = b;
});
const dir = mkdtempSync(join(tmpdir(), 'print-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** The PDF's pages and text, as poppler reads them (CI installs poppler-utils). */
async function printed(page: Page, name: string): Promise<{ pages: number; text: string }> {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, await page.pdf({ format: 'A4', printBackground: true }));
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  assert.match(info, /Page size:.*\(A4\)/);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  return { pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]), text: text.replace(/\s+/g, ' ') };
}

const FURNITURE = ['.site-header', '.site-footer', '.scroll-top', '.breadcrumbs', '.carousel__controls', '.Toastify', '.form'];

async function hiddenOnPaper(page: Page): Promise<string[]> {
  const shown: string[] = [];
  for (const selector of FURNITURE) {
    for (const element of await page.locator(selector).all()) if (await element.isVisible()) shown.push(selector);
  }
  return shown;
}

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

for (const locale of ['zh', 'en'] as const) {
  describe(`printing in ${locale}`, () => {
    test('a product detail prints as its package insert', async (t) => {
      await withPage(t, browser, site, { locale }, async ({ page }) => {
        await page.goto(localizedPath('/product/1', locale));
        await waitForContent(page);
        const colophon = page.locator('.print-colophon');
        assert.equal(await colophon.isVisible(), false, 'the colophon is for paper only');
        const labels = await page.locator('.product-detail__table th').allTextContents();
        const values = await page.locator('.product-detail__table td').allTextContents();
        const name = (await page.locator('h1').textContent())!.trim();

        await page.emulateMedia({ media: 'print' });
        assert.deepEqual(await hiddenOnPaper(page), []);
        assert.ok(await colophon.isVisible());
        assert.equal(await colophon.getAttribute('data-print-date'), today());
        const slides = page.locator('.product-detail__gallery .swiper-slide');
        assert.ok((await slides.count()) > 1);
        assert.ok(await slides.first().locator('img').isVisible(), 'the first picture prints');
        assert.equal(await slides.nth(1).isVisible(), false, 'only the first picture prints');
        for (const row of await page.locator('.product-detail__table tr').all()) assert.ok(await row.isVisible());

        const pdf = await printed(page, `product-${locale}`);
        assert.ok(pdf.pages >= 1 && pdf.pages <= 3, `${pdf.pages} pages`);
        const company = (await colophon.textContent())!.split('·')[0]!.trim();
        for (const text of [name, ...labels, ...values, company, today()])
          assert.ok(pdf.text.includes(text.replace(/\s+/g, ' ').trim()), `the PDF holds "${text}"`);
        assert.match(pdf.text, locale === 'zh' ? /批准文号/ : /Approval number/);
      });
    });

    test('a news item prints as an article', async (t) => {
      await withPage(t, browser, site, { locale }, async ({ page }) => {
        await page.goto(localizedPath('/news/1', locale));
        await waitForContent(page);
        const title = (await page.locator('h1').textContent())!.trim();
        const firstParagraph = (await page.locator('.article .rich-html p').first().textContent())!.trim();
        const footerText = (await page.locator('.site-footer').textContent())!.trim().slice(0, 12);
        const back = (await page.locator('.article > .button').textContent())!.trim();
        await page.emulateMedia({ media: 'print' });
        assert.deepEqual(await hiddenOnPaper(page), []);
        const pdf = await printed(page, `news-${locale}`);
        assert.ok(pdf.pages >= 1 && pdf.pages <= 3, `${pdf.pages} pages`);
        assert.ok(pdf.text.includes(title), 'the headline prints');
        assert.ok(pdf.text.includes(firstParagraph.slice(0, 20)), 'the story prints');
        assert.ok(!pdf.text.includes(footerText), 'the footer stays on screen');
        assert.ok(!pdf.text.includes(back), 'the back button stays on screen');
      });
    });
  });
}
