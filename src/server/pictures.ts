/**
 * Narrower copies of the provider's pictures, for the srcset of full-width pictures: resized once
 * per picture and width (concurrent requests share the work), at most two resizes at once, kept
 * in a bounded LRU by bytes. Anything it cannot or need not do (not a picture, too large, already
 * that narrow, provider down) returns null, remembered as well, and the media proxy passes the
 * original through instead.
 */
import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import { LRUCache } from 'lru-cache';
import sharp, { type FormatEnum } from 'sharp';
import { PICTURE_WIDTHS, PICTURE_WIDTH_PARAM } from '../contracts/endpoints';
import { createSlots } from './slots';

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
/** A provider that failed may be back soon: that miss is remembered for less long. */
const OUTAGE_TTL_MS = 30_000;
const MEDIA_PREFIX = '/uploads/';
/** sharp holds the whole picture decoded: two at once is what a small server affords. */
const MAX_RESIZES = 2;
const MAX_QUEUED_RESIZES = 64;

/** Why there is no copy: nothing to make (the original is the answer), or the provider failed. */
type Miss = { miss: 'original' | 'outage' };
type Encode = (input: Buffer, width: number, format: string) => Promise<{ data: Buffer; info: { format: string } }>;

const encodeWithSharp: Encode = (input, width, format) =>
  sharp(input, { limitInputPixels: MAX_SOURCE_PIXELS })
    .resize({ width, withoutEnlargement: true })
    .toFormat(format as keyof FormatEnum, ENCODE[format])
    .toBuffer({ resolveWithObject: true });

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
  if (!(PICTURE_WIDTHS as readonly number[]).includes(width)) return null;
  const path = mediaPath(parsed.pathname);
  return path ? { path, width } : null;
}

/**
 * One spelling per picture: decoded (`%62anner` is `banner`), dot segments and repeated slashes
 * resolved, and still under the media folder. Anything that is not is no picture of ours.
 */
function mediaPath(encoded: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(encoded);
  } catch {
    return null;
  }
  if (/[\0\\?#%]/.test(decoded)) return null;
  const path = posix.normalize(decoded);
  return path.startsWith(MEDIA_PREFIX) && path.length > MEDIA_PREFIX.length ? path : null;
}

export interface PictureResizerOptions {
  providerUrl: string;
  timeoutMs: number;
  maxBytes?: number;
  /** The resize itself; sharp unless a test watches it. */
  encode?: Encode;
}

export function createPictureResizer({ providerUrl, timeoutMs, maxBytes = 32 * 1024 * 1024, encode = encodeWithSharp }: PictureResizerOptions) {
  const slots = createSlots(MAX_RESIZES, MAX_QUEUED_RESIZES);
  const original: Miss = { miss: 'original' };
  const outage: Miss = { miss: 'outage' };

  /** The whole of a copy's making holds a slot: the original in memory, its reading and its encoding. */
  async function resize(key: string): Promise<Picture | Miss> {
    if (!(await slots.acquire())) return outage; // too much at once: the original now, a copy later
    try {
      return await makeCopy(key);
    } finally {
      slots.release();
    }
  }

  async function makeCopy(key: string): Promise<Picture | Miss> {
    const [path, width] = JSON.parse(key) as [string, number];
    let source: Response;
    try {
      source = await fetch(`${providerUrl}${encodeURI(path)}`, { signal: AbortSignal.timeout(timeoutMs) });
    } catch {
      return outage;
    }
    try {
      const type = source.headers.get('content-type') ?? '';
      if (source.status >= 500) return outage;
      if (!source.ok || !RESIZABLE.test(type) || Number(source.headers.get('content-length') ?? 0) > MAX_SOURCE_BYTES) return original;
      const input = Buffer.from(await source.arrayBuffer());
      if (input.length > MAX_SOURCE_BYTES) return original; // sent without a length
      const { width: sourceWidth } = await sharp(input, { limitInputPixels: MAX_SOURCE_PIXELS }).metadata();
      if (!sourceWidth || sourceWidth <= width) return original; // already that narrow: nothing to gain
      const format = type.slice('image/'.length);
      const { data, info } = await encode(input, width, format);
      const etag = `"${createHash('sha1').update(data).digest('base64url').slice(0, 20)}"`;
      return { body: data, type: `image/${info.format}`, etag, cacheControl: source.headers.get('cache-control') ?? 'public, max-age=86400' };
    } catch {
      return original; // not a picture sharp can read
    } finally {
      if (!source.bodyUsed) await source.body?.cancel().catch(() => undefined);
    }
  }

  const MISS_SIZE = 1024;
  const copies = new LRUCache<string, Picture | Miss>({
    maxSize: maxBytes,
    // A miss counts as a small answer would, so unknown paths cannot grow the cache without bound.
    sizeCalculation: (entry) => ('body' in entry ? entry.body.length : MISS_SIZE),
    ttl: TTL_MS,
    fetchMethod: async (key, _stale, { options }) => {
      const entry = await resize(key);
      if (entry === outage) options.ttl = OUTAGE_TTL_MS;
      return entry;
    },
  });

  return {
    /** The copy of the picture at path at width, or null: serve the original. */
    async get(path: string, width: number): Promise<Picture | null> {
      const entry = await copies.fetch(JSON.stringify([path, width]));
      return entry && 'body' in entry ? entry : null;
    },
  };
}
