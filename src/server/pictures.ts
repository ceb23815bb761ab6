/**
 * Narrower copies of the provider's pictures, for the srcset of full-width pictures: resized once
 * per picture and width (concurrent requests share the work), kept in a bounded LRU by bytes.
 * Anything it cannot do (not a picture, too large, provider down) returns null and the media
 * proxy passes the original through instead.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import sharp, { type FormatEnum } from 'sharp';
import { PICTURE_WIDTHS, PICTURE_WIDTH_PARAM } from '../contracts/endpoints';

export interface Picture {
  body: Buffer;
  type: string;
  etag: string;
  /** The original's, so a copy is kept as long as the picture it was made from. */
  cacheControl: string;
}

const RESIZABLE = /^image\/(webp|jpeg|png|avif)$/;
/**
 * Encoder settings of a copy, by the original's format. A copy is shown enlarged on a phone's
 * dense screen, where the encoders' default quality (80) leaves visible blocks in smooth gradients.
 */
const ENCODE: Record<string, Record<string, unknown>> = { webp: { quality: 88 }, jpeg: { quality: 88, mozjpeg: true }, avif: { quality: 70 }, png: {} };
const MAX_SOURCE_BYTES = 16 * 1024 * 1024;
const MAX_SOURCE_PIXELS = 40_000_000;
/** Pictures change under the same path rarely; a copy older than this is made again. */
const TTL_MS = 10 * 60_000;

// Copies are cached here, whole; libvips' own cache of operations would only hold memory twice.
sharp.cache(false);

/**
 * The copy a media URL asks for (`/uploads/a.webp?w=828`): the picture's path and the width, if
 * it is one the site makes. The provider serves media as files, so other query keys name the same
 * picture; they are left off, so no query string can multiply the resizing work.
 */
export function pictureRequest(url: string): { path: string; width: number } | null {
  const parsed = new URL(url, 'http://site');
  const width = Number(parsed.searchParams.get(PICTURE_WIDTH_PARAM));
  return (PICTURE_WIDTHS as readonly number[]).includes(width) ? { path: parsed.pathname, width } : null;
}

export function createPictureResizer({ providerUrl, timeoutMs, maxBytes = 32 * 1024 * 1024 }: { providerUrl: string; timeoutMs: number; maxBytes?: number }) {
  async function resize(key: string): Promise<Picture | undefined> {
    const [path, width] = JSON.parse(key) as [string, number];
    try {
      const source = await fetch(`${providerUrl}${path}`, { signal: AbortSignal.timeout(timeoutMs) });
      const type = source.headers.get('content-type') ?? '';
      if (!source.ok || !RESIZABLE.test(type) || Number(source.headers.get('content-length') ?? 0) > MAX_SOURCE_BYTES) {
        await source.body?.cancel();
        return undefined;
      }
      const input = Buffer.from(await source.arrayBuffer());
      if (input.length > MAX_SOURCE_BYTES) return undefined; // sent without a length
      const format = type.slice('image/'.length);
      const { data, info } = await sharp(input, { limitInputPixels: MAX_SOURCE_PIXELS })
        .resize({ width, withoutEnlargement: true })
        .toFormat(format as keyof FormatEnum, ENCODE[format])
        .toBuffer({ resolveWithObject: true });
      const etag = `"${createHash('sha1').update(data).digest('base64url').slice(0, 20)}"`;
      return { body: data, type: `image/${info.format}`, etag, cacheControl: source.headers.get('cache-control') ?? 'public, max-age=86400' };
    } catch {
      return undefined; // down, slow, or not a picture sharp can read: the original is served instead
    }
  }

  const copies = new LRUCache<string, Picture>({ maxSize: maxBytes, sizeCalculation: (picture) => picture.body.length, ttl: TTL_MS, fetchMethod: resize });

  return {
    /** The copy of the picture at path at width, or null. */
    async get(path: string, width: number): Promise<Picture | null> {
      return (await copies.fetch(JSON.stringify([path, width]))) ?? null;
    },
  };
}
