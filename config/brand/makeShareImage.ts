/**
 * Makes public/share.png, the 1200×630 picture link previews fall back to (og:image): the
 * logo and the company name in both languages on the brand colours. Chromium draws it so the
 * Chinese text uses the CJK font. Run: node --import tsx config/brand/makeShareImage.ts
 */
import { join } from 'node:path';
import { launchBrowser } from '../../tests/browser/browser';
import { SITE_META } from '../../src/contracts/siteMeta';
import { LOGO_SVG } from './logo';

export const SHARE_IMAGE = { width: 1200, height: 630 } as const;
const ROOT = join(__dirname, '..', '..');
const FONT = "'Noto Sans CJK SC','PingFang SC','Microsoft YaHei',sans-serif";

function page(): string {
  const { width, height } = SHARE_IMAGE;
  return `<!doctype html><html><head><meta charset="utf-8"><style>
    html,body{margin:0;width:${width}px;height:${height}px;overflow:hidden}
    body{display:flex;flex-direction:column;justify-content:center;padding:0 96px;box-sizing:border-box;font-family:${FONT};
      background:linear-gradient(135deg,#0b6b57 0%,#074a3c 70%);color:#fff;position:relative}
    .logo svg{width:150px;height:150px}
    h1{font-size:68px;margin:36px 0 12px;font-weight:700;letter-spacing:4px}
    p{font-size:34px;margin:0;color:#e7f3ef}
    .bar{position:absolute;left:96px;bottom:72px;width:220px;height:10px;border-radius:5px;background:#b8862f}
    .leaf{position:absolute;right:-120px;top:-80px;width:560px;height:560px;border-radius:50%;background:rgba(255,255,255,.06)}
  </style></head><body><div class="leaf"></div><div class="logo">${LOGO_SVG}</div>
  <h1>${SITE_META.zh.title}</h1><p>${SITE_META.en.title}</p><div class="bar"></div></body></html>`;
}

async function main() {
  const browser = await launchBrowser();
  try {
    const tab = await browser.newPage({ viewport: SHARE_IMAGE, deviceScaleFactor: 1 });
    await tab.setContent(page());
    await tab.screenshot({ path: join(ROOT, 'public', 'share.png'), type: 'png' });
  } finally {
    await browser.close();
  }
}

if (require.main === module) void main();
