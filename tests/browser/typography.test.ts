/**
 * Typefaces: Chinese pages are set in the system's Chinese face; English pages set Latin text in
 * a Latin face (a CJK face's Latin letters look foreign and its large file would be loaded for
 * nothing), and the Chinese words they carry (the footer's QR caption) still fall back to the
 * Chinese face rather than showing as missing glyphs. Read from the fonts Chromium really
 * rendered each element with (DevTools protocol), not from the CSS.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { onSuite, PHONE, waitForContent, withPage, type TestSite } from './harness';

let browser: Browser;
let site: TestSite;
onSuite({}, (s, b) => {
  site = s;
  browser = b;
});

const CJK_FACE = /CJK|PingFang|YaHei/i;

/** The font families Chromium used for the first element matching `selector`. */
async function renderedFaces(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    assert.ok(nodeId, `${selector} is on the page`);
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts.map((font) => font.familyName);
  } finally {
    await cdp.detach();
  }
}

describe('typefaces', () => {
  test('a Chinese page is set in the Chinese face', async (t) => {
    await withPage(t, browser, site, { viewport: PHONE }, async ({ page }) => {
      await page.goto('/product');
      await waitForContent(page);
      const faces = await renderedFaces(page, 'h1');
      assert.ok(faces.length > 0 && faces.every((face) => CJK_FACE.test(face)), `h1 in ${faces.join(', ')}`);
    });
  });

  test('an English page sets Latin text in a Latin face, and its Chinese words in the Chinese face', async (t) => {
    await withPage(t, browser, site, { locale: 'en', viewport: PHONE }, async ({ page }) => {
      await page.goto('/en/product');
      await waitForContent(page);
      const heading = await renderedFaces(page, 'h1');
      assert.ok(heading.length > 0 && !heading.some((face) => CJK_FACE.test(face)), `h1 in ${heading.join(', ')}`);
      const caption = await renderedFaces(page, '.site-footer__qr figcaption');
      assert.ok(
        caption.some((face) => CJK_FACE.test(face)),
        `the QR caption in ${caption.join(', ')}`,
      );
    });
  });
});
