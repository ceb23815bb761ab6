/**
 * The site's icon as a PNG, made from the build's favicon.svg on first request and kept: the icon
 * at a URL search engines fetch from the home page (Google reads a site's icon from its home
 * page's `<link rel="apple-touch-icon">` as from `rel="icon"`, which every page fills with a
 * data: URL no crawler fetches), and the one iOS puts on a home screen. 192 px: a multiple of 48,
 * as Google asks, and above iOS's 180. Opaque on white: iOS fills transparency with black.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';

export const TOUCH_ICON_SIZE = 192;
/** SVG lengths are CSS pixels at 72 dpi for librsvg: this density draws `width` px at TOUCH_ICON_SIZE. */
const densityFor = (width: number) => (72 * TOUCH_ICON_SIZE) / width;

export function touchIcon(distDir: string): () => Promise<Buffer> {
  let made: Promise<Buffer> | undefined;
  const make = async () => {
    const svg = await readFile(join(distDir, 'favicon.svg'));
    const { width = TOUCH_ICON_SIZE } = await sharp(svg).metadata();
    return sharp(svg, { density: densityFor(width) })
      .resize(TOUCH_ICON_SIZE, TOUCH_ICON_SIZE, { fit: 'contain', background: '#ffffff' })
      .flatten({ background: '#ffffff' })
      .png()
      .toBuffer();
  };
  return () => {
    // A failed make is tried again on the next request, not kept.
    made ??= make().catch((error: unknown) => {
      made = undefined;
      throw error;
    });
    return made;
  };
}
