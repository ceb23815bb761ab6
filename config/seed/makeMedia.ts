/**
 * Makes the seed pack's pictures and its short video, deterministically, into config/seed/media.
 * Each picture is drawn as SVG and saved as WebP by Chromium, as a real site's photographs are
 * raster: a browser decodes those off the main thread, where every SVG picture would be a
 * document of its own to parse, lay out and paint.
 * Run: node --import tsx config/seed/makeMedia.ts (needs Chromium; ffmpeg for the video).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { launchBrowser } from '../../tests/browser/browser';
import { LOGO_SVG } from '../brand/logo';
import { loadContentPack } from '../../src/provider/content/loadPack';

const ROOT = join(__dirname, 'media');
const FONT = "'Noto Sans CJK SC','PingFang SC','Microsoft YaHei',sans-serif";
const PALETTES = [
  ['#0b6e6e', '#2a9d8f', '#e6f4f1'],
  ['#12547a', '#3a8fb7', '#e7f1f7'],
  ['#2f6b3a', '#6aa84f', '#edf6e9'],
  ['#5a4a8a', '#8e7cc3', '#f0edf8'],
  ['#8a5a1f', '#e9a23b', '#fbf3e6'],
];

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const hash = (text: string) => [...text].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);

interface Drawing {
  svg: string;
  /** Pixels per SVG unit: small marks are drawn sharper for high-density screens. */
  scale: number;
  /** WebP quality, 0–1; 1 is lossless (for the marks' hard edges). */
  quality: number;
}

/** Every picture of the pack by its media path (…/name.webp), as drawn. */
const drawings = new Map<string, Drawing>();

function write(path: string, svg: string, scale = 1, quality = 0.8) {
  if (!path.endsWith('.webp')) throw new Error(`A seed picture is WebP: ${path}`);
  drawings.set(path, { svg, scale, quality });
}

/** Draws every picture in Chromium (so Chinese labels get the CJK font) and saves it as WebP. */
async function rasterize() {
  const browser = await launchBrowser();
  try {
    const tab = await browser.newPage();
    for (const [path, drawing] of drawings) {
      const base64 = await tab.evaluate(async ({ svg, scale, quality }) => {
        const image = new Image();
        image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
        await image.decode();
        const canvas = Object.assign(document.createElement('canvas'), { width: image.naturalWidth * scale, height: image.naturalHeight * scale });
        canvas.getContext('2d')!.drawImage(image, 0, 0, canvas.width, canvas.height);
        return canvas.toDataURL('image/webp', quality).split(',')[1]!;
      }, drawing);
      const file = join(ROOT, path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, Buffer.from(base64, 'base64'));
    }
  } finally {
    await browser.close();
  }
}

/** A calm gradient scene with soft circles and leaf shapes; `label` is drawn when given. */
function scene(path: string, width: number, height: number, label = '', sub = '') {
  const seed = hash(path.replace(/\.\w+$/, '')); // the picture, whatever its format
  const [dark, mid, light] = PALETTES[seed % PALETTES.length] as string[];
  const circles = Array.from({ length: 6 }, (_, i) => {
    const r = (((seed >> i) % 5) + 2) * Math.min(width, height) * 0.06;
    const cx = (((seed >> (i + 3)) % 100) / 100) * width;
    const cy = (((seed >> (i + 5)) % 100) / 100) * height;
    return `<circle cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" r="${r.toFixed(0)}" fill="#fff" opacity="${(0.06 + i * 0.02).toFixed(2)}"/>`;
  }).join('');
  const leaf = `<path d="M${width * 0.78} ${height * 0.75} C ${width * 0.86} ${height * 0.35}, ${width * 0.95} ${height * 0.3}, ${width * 0.97} ${height * 0.2} C ${width * 0.9} ${height * 0.55}, ${width * 0.85} ${height * 0.7}, ${width * 0.78} ${height * 0.75} Z" fill="${light}" opacity="0.35"/>`;
  const size = Math.round(Math.min(width / 14, height / 5));
  const text = label
    ? `<text x="${width * 0.07}" y="${height * 0.55}" font-family="${FONT}" font-size="${size}" font-weight="700" fill="#fff">${escape(label)}</text>` +
      (sub
        ? `<text x="${width * 0.07}" y="${height * 0.55 + size * 1.2}" font-family="${FONT}" font-size="${Math.round(size * 0.5)}" fill="${light}">${escape(sub)}</text>`
        : '')
    : '';
  write(
    path,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${mid}"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#g)"/>${circles}${leaf}${text}</svg>`,
  );
}

/** A product pack: a tube, a jar or a bottle, on a light backdrop, with its name printed. */
function pack(path: string, name: string, form: string, variant: number, classify: number) {
  const [dark, mid, light] = PALETTES[(classify - 1) % PALETTES.length] as string[];
  const shapes = [
    `<rect x="170" y="120" width="260" height="330" rx="26" fill="#fff" stroke="${mid}" stroke-width="6"/><rect x="250" y="80" width="100" height="50" rx="8" fill="${dark}"/>`,
    `<rect x="150" y="200" width="300" height="230" rx="30" fill="#fff" stroke="${mid}" stroke-width="6"/><rect x="140" y="160" width="320" height="60" rx="14" fill="${dark}"/>`,
  ];
  const words = name.split(' ');
  const lines = [words.slice(0, Math.ceil(words.length / 2)).join(' '), words.slice(Math.ceil(words.length / 2)).join(' ')];
  write(
    path,
    `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600"><rect width="600" height="600" fill="${light}"/><circle cx="300" cy="300" r="250" fill="#fff" opacity="0.6"/>${shapes[variant % 2]}<rect x="190" y="290" width="220" height="6" fill="${mid}"/>` +
      lines
        .map(
          (line, i) =>
            `<text x="300" y="${340 + i * 30}" text-anchor="middle" font-family="${FONT}" font-size="20" font-weight="700" fill="${dark}">${escape(line)}</text>`,
        )
        .join('') +
      `<text x="300" y="420" text-anchor="middle" font-family="${FONT}" font-size="16" fill="${mid}">${escape(form)}</text><text x="300" y="560" text-anchor="middle" font-family="${FONT}" font-size="18" fill="${dark}">YUECHUAN</text></svg>`,
  );
}

/** A decorative grid that looks like a code but encodes nothing. */
function qrcode(path: string) {
  const cells: string[] = [];
  for (let y = 0; y < 25; y += 1)
    for (let x = 0; x < 25; x += 1) if (hash(`${x},${y}`) % 3 === 0) cells.push(`<rect x="${x * 8}" y="${y * 8}" width="8" height="8"/>`);
  const eye = (x: number, y: number) =>
    `<rect x="${x}" y="${y}" width="56" height="56" fill="#fff"/><rect x="${x}" y="${y}" width="56" height="56" fill="none" stroke="#1f2a30" stroke-width="8"/><rect x="${x + 16}" y="${y + 16}" width="24" height="24"/>`;
  write(
    path,
    `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200"><rect width="200" height="200" fill="#fff"/><g fill="#1f2a30">${cells.join('')}${eye(0, 0)}${eye(144, 0)}${eye(0, 144)}</g></svg>`,
    2,
    1,
  );
}

function video() {
  const out = join(ROOT, 'uploads/video/intro.mp4');
  try {
    execFileSync('ffmpeg', [
      '-y',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'gradients=s=960x540:c0=0x0b6e6e:c1=0x2a9d8f:c2=0x12547a:speed=0.02:d=6:r=24',
      '-an',
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-crf',
      '32',
      '-preset',
      'slow',
      '-movflags',
      '+faststart',
      out,
    ]);
  } catch (error) {
    console.warn(`Video not made (is ffmpeg installed?): ${(error as Error).message}`);
  }
}

async function main() {
  const p = loadContentPack();
  write(p.main.logo, LOGO_SVG, 2, 1);
  qrcode(p.main.qrcode);
  p.banners.forEach((b) => (b.type === '视频' ? scene(b.video_img, 1920, 1080, b.en.title) : scene(b.img, 1920, 1080)));
  p.pageBanners.forEach((b) => {
    scene(b.webimg, 1920, 600);
    scene(b.img, 750, 500);
  });
  p.homeProducts.forEach((t) => {
    scene(t.pic, 640, 480, t.en.title);
    scene(t.over_pic, 640, 480);
  });
  for (const path of new Set([p.homeAbout.pic, p.aboutUs.pic, p.contact.pic])) scene(path, 800, 600);
  p.business.forEach((b) => scene(b.pic, 640, 480, b.en.title));
  p.social.imgList.forEach((s) => scene(s.pic, 960, 640));
  p.products.forEach((product) =>
    product.pics
      .split(',')
      .forEach((path, i) => pack(path, product.en.name.replace(/^(Yuechuan|Chuanqing) /, ''), product.en.package.split(',')[0] ?? '', i, product.classify_id)),
  );
  p.news.forEach((n) => scene(n.pic, 800, 500));
  [p.publicationTop, ...p.publications].forEach((pub) => scene(pub.pic, 600, 800, 'JOURNAL', pub.title.en.slice(0, 28)));
  [p.sceneOverview, ...p.sceneTeam, ...p.sceneCooperation].forEach((s) => scene(s.pic, 800, 600));
  p.sceneResearch.forEach((r) => {
    scene(r.pic, 640, 480);
    scene(r.over_pic, 640, 480);
  });
  p.memberCulture.list.forEach((m) => scene(m.pic, 640, 480));
  p.members.forEach((m) => scene(m.pic, 480, 360));
  // The pack's pictures are exactly what was drawn: none left over from an earlier pack.
  for (const dir of new Set([...drawings.keys()].map((path) => dirname(join(ROOT, path))))) {
    for (const name of existsSync(dir) ? readdirSync(dir) : []) if (/\.(svg|webp)$/.test(name)) rmSync(join(dir, name));
  }
  await rasterize();
  if (!existsSync(join(ROOT, 'uploads/video/intro.mp4')) || process.argv.includes('--video')) video();
}

void main();
