/**
 * The copies of the provider's pictures that the pages' srcset names (`/uploads/a.jpg?v=…&w=828`):
 * at one of the site's widths, turned upright by the EXIF orientation a phone writes (a copy keeps
 * no EXIF, so a sideways phone photo would stay sideways), in the best format the browser accepts
 * (AVIF, then WebP, else JPEG or PNG) with `Vary: Accept`. Made once per picture version, width
 * and format (concurrent requests share the work), at most two at once, kept in a bounded LRU by
 * bytes and, for a named version, on disk too (pictureDisk.ts), so a restart encodes nothing
 * again. A copy of the version the URL names is kept for a year; any other (no version, or one
 * that was replaced since) for seconds, so "Replace media" shows at once. Anything it cannot or
 * need not do (not a picture, too large, already that narrow, provider down) returns null,
 * remembered as well, and the media proxy passes the original through instead.
 * prepare() makes copies before anyone asks: the pictures above the fold at start, a picture
 * an editor uploads or replaces when the CMS says so.
 */
import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import { LRUCache } from 'lru-cache';
import sharp, { type FormatEnum } from 'sharp';
import { MEDIA_PREFIX, PICTURE_WIDTHS, PICTURE_WIDTH_PARAM } from '../../contracts/endpoints';
import { createSlots } from '../slots';
import type { PictureDisk } from './pictureDisk';
import { type PictureVersions } from './pictureVersions';
import { CHANGING_PICTURE, IMMUTABLE_PICTURE, PICTURE_VERSION_PARAM, versionOf } from '../../http/mediaCaching';

export interface Picture {
  body: Buffer;
  type: string;
  etag: string;
  cacheControl: string;
  /** The version of the bytes it was made from ('' when the provider gives no validator). */
  version: string;
}

const RESIZABLE = /^image\/(webp|jpeg|png|avif)$/;
/**
 * Encoder settings by output format. A copy is shown enlarged on a phone's dense screen, where the
 * encoders' default quality (80) leaves visible blocks in smooth gradients; AVIF reaches the same
 * look at a lower number, and a lower effort keeps its encoding within a second on a small server.
 */
const ENCODE: Record<string, Record<string, unknown>> = {
  webp: { quality: 88 },
  jpeg: { quality: 88, mozjpeg: true },
  avif: { quality: 60, effort: 2 },
  png: {},
};
const MAX_SOURCE_BYTES = 24 * 1024 * 1024;
/** A 48-megapixel phone photo (8000×6000) is the largest an editor is expected to upload. */
const MAX_SOURCE_PIXELS = 50_000_000;
/** A copy is of one version of a picture and never changes; this only frees memory. */
const TTL_MS = 60 * 60_000;
/** A provider that failed may be back soon: that miss is remembered for less long. */
const OUTAGE_TTL_MS = 30_000;
/** sharp holds the whole picture decoded: two at once is what a small server affords. */
const MAX_RESIZES = 2;
const MAX_QUEUED_RESIZES = 64;

/** What the browser is sent: AVIF or WebP when its Accept names them, else the picture's own kind. */
export type PictureFormat = 'avif' | 'webp' | 'fallback';

export function pictureFormat(accept: string | undefined): PictureFormat {
  if (accept && /image\/avif/i.test(accept)) return 'avif';
  if (accept && /image\/webp/i.test(accept)) return 'webp';
  return 'fallback';
}

/** Why there is no copy: nothing to make (the original is the answer), or the provider failed. */
type Miss = { miss: 'original' | 'outage' };
type Encode = (input: Buffer, width: number, format: string) => Promise<{ data: Buffer; info: { format: string } }>;

const encodeWithSharp: Encode = (input, width, format) =>
  sharp(input, { limitInputPixels: MAX_SOURCE_PIXELS })
    .rotate() // by the EXIF orientation, which the copy does not keep
    .resize({ width, withoutEnlargement: true })
    .toFormat(format as keyof FormatEnum, ENCODE[format])
    .toBuffer({ resolveWithObject: true });

// Copies are cached here, whole; libvips' own cache of operations would only hold memory twice.
sharp.cache(false);

/**
 * The copy a media URL asks for (`/uploads/a.webp?v=3kq9&w=828`): the picture's path, the width
 * if it is one the site makes, and the version it names. The provider serves media as files, so
 * other query keys name the same picture; they are left off, so no query string can multiply
 * the resizing work.
 */
export function pictureRequest(url: string): { path: string; width: number; version: string | null } | null {
  const parsed = new URL(url, 'http://site');
  const width = Number(parsed.searchParams.get(PICTURE_WIDTH_PARAM));
  if (!(PICTURE_WIDTHS as readonly number[]).includes(width)) return null;
  const path = mediaPath(parsed.pathname);
  return path ? { path, width, version: parsed.searchParams.get(PICTURE_VERSION_PARAM) } : null;
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
  versions: PictureVersions;
  maxBytes?: number;
  /** The resize itself; sharp unless a test watches it. */
  encode?: Encode;
  /** Where copies of a named version outlive the process; none: memory only. */
  disk?: PictureDisk | null;
}

/** The formats browsers accept today, made ahead; a browser with neither gets its copy when it asks. */
const AHEAD_FORMATS: readonly PictureFormat[] = ['avif', 'webp'];
const ALL_FORMATS: readonly PictureFormat[] = ['avif', 'webp', 'fallback'];
const WIDEST_FIRST = [...PICTURE_WIDTHS].sort((a, b) => b - a);

export function createPictureResizer({
  providerUrl,
  timeoutMs,
  versions,
  maxBytes = 32 * 1024 * 1024,
  encode = encodeWithSharp,
  disk = null,
}: PictureResizerOptions) {
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
    const [path, , width, format] = parseKey(key);
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
      const meta = await sharp(input).metadata();
      if (meta.width * meta.height > MAX_SOURCE_PIXELS) return original;
      const kind = type.slice('image/'.length);
      const output = format !== 'fallback' ? format : kind === 'jpeg' || kind === 'png' ? kind : meta.hasAlpha ? 'png' : 'jpeg';
      const upright = (meta.orientation ?? 1) === 1;
      // Already that narrow, upright and of that kind: the original is the copy.
      if (meta.autoOrient.width <= width && upright && output === kind) return original;
      const { data, info } = await encode(input, width, output);
      const etag = etagOf(data);
      return {
        body: data,
        type: `image/${info.format === 'heif' ? 'avif' : info.format}`,
        etag,
        cacheControl: CHANGING_PICTURE,
        version: versionOf(source.headers) ?? '',
      };
    } catch {
      return original; // not a picture sharp can read
    } finally {
      if (!source.bodyUsed) await source.body?.cancel().catch(() => undefined);
    }
  }

  /**
   * Files forgotten while copies were looked up, read or made: such a copy may be of bytes that
   * are gone (a deleted file, or a replaced file's old version), and the cache lists no key still
   * being fetched, so forget() cannot reach it. A lookup notes the count of forgets before it asks
   * the version, and its fetch throws away a copy of a file forgotten since, of any version but
   * the one kept. The notes are cleared whenever no lookup or fetch is under way.
   */
  let forgets = 0;
  let underWay = 0;
  const forgotten = new Map<string, { at: number; keep: string | null }>();
  const forgottenSince = (key: string, forgetsBefore: number) => {
    const [path, version] = parseKey(key);
    const last = forgotten.get(path);
    return last !== undefined && last.at > forgetsBefore && version !== last.keep;
  };
  async function whileUnderWay<T>(run: () => Promise<T>): Promise<T> {
    underWay += 1;
    try {
      return await run();
    } finally {
      underWay -= 1;
      if (underWay === 0) forgotten.clear();
    }
  }

  /** The copy under key, from disk or made now, and how long the cache keeps it. */
  async function readOrMake(key: string, options: { ttl?: number }, forgetsBefore: number): Promise<Picture | Miss> {
    const [, version] = parseKey(key);
    const stored = version ? await disk?.read(key) : null;
    if (stored) return { ...stored, etag: etagOf(stored.body), cacheControl: CHANGING_PICTURE, version };
    const entry = await resize(key);
    if (entry === outage) options.ttl = OUTAGE_TTL_MS;
    // Without a version, or replaced between the version's lookup and the read, the picture may
    // change under this key: made again when asked after a moment.
    else if (!version || ('body' in entry && entry.version !== version)) options.ttl = 2000;
    else if ('body' in entry && !forgottenSince(key, forgetsBefore)) await disk?.write(key, entry);
    return entry;
  }

  const MISS_SIZE = 1024;
  // The context is the count of forgets before the lookup that started the fetch.
  const copies = new LRUCache<string, Picture | Miss, number>({
    maxSize: maxBytes,
    // A miss counts as a small answer would, so unknown paths cannot grow the cache without bound.
    sizeCalculation: (entry) => ('body' in entry ? entry.body.length : MISS_SIZE),
    ttl: TTL_MS,
    // A fetch is under way of its own: it may outlive the lookup that started it (lru-cache
    // abandons one its cache evicts).
    fetchMethod: (key, _stale, { options, context: forgetsBefore }) =>
      whileUnderWay(async () => {
        const entry = await readOrMake(key, options, forgetsBefore);
        if (!forgottenSince(key, forgetsBefore)) return entry;
        // Kept nowhere, not even on disk (forgotten while it was written: forgetStored() may have
        // looked before it was there); every lookup waiting for it serves the original.
        await disk?.remove(key);
        return undefined;
      }),
  });

  /**
   * The copy of the picture at path, width and format, or null: serve the original. Kept a
   * year by whoever caches it when `asked` is the version the provider holds now.
   */
  function get(path: string, width: number, format: PictureFormat, asked: string | null): Promise<Picture | null> {
    return whileUnderWay(async () => {
      const forgetsBefore = forgets;
      const version = (await versions.current(path)) ?? '';
      return copyOf(copyKey(path, version, width, format), asked, forgetsBefore);
    });
  }

  async function copyOf(key: string, asked: string | null, forgetsBefore: number): Promise<Picture | null> {
    const entry = await copies.fetch(key, { context: forgetsBefore });
    if (!entry || !('body' in entry)) return null;
    // Kept a year only when the URL names the bytes the copy was made from.
    return entry.version && asked === entry.version ? { ...entry, cacheControl: IMMUTABLE_PICTURE } : entry;
  }

  /** One copy made ahead, unless another process of the host is making it: this one reads it from disk when asked. */
  function prepareCopy(path: string, width: number, format: PictureFormat): Promise<void> {
    return whileUnderWay(async () => {
      const forgetsBefore = forgets;
      const version = (await versions.current(path)) ?? '';
      const key = copyKey(path, version, width, format);
      const unmark = version && disk ? await disk.claim(key) : async () => undefined;
      if (!unmark) return;
      try {
        await copyOf(key, null, forgetsBefore);
      } finally {
        await unmark();
      }
    });
  }

  return {
    get,
    /**
     * Makes the copies of `paths` (in that order) before anyone asks, widest first: a large
     * screen's copy is the slowest to make. One at a time, so visitors' copies keep a slot;
     * `signal` stops it between two copies (the server closing).
     */
    async prepare(paths: readonly string[], signal?: AbortSignal): Promise<void> {
      for (const width of WIDEST_FIRST) {
        for (const path of paths) {
          for (const format of AHEAD_FORMATS) {
            if (signal?.aborted) return;
            await prepareCopy(path, width, format);
          }
        }
      }
    },
    /**
     * The file was replaced or deleted: its copies go, but those of the version `keep` (a
     * replaced file's bytes now). Returns the versions they were of, which URLs kept elsewhere name.
     */
    forget(path: string, keep: string | null = null): string[] {
      forgets += 1;
      if (underWay > 0) forgotten.set(path, { at: forgets, keep });
      const versions = new Set<string>();
      for (const key of [...copies.keys()]) {
        const [copyPath, version] = parseKey(key);
        if (copyPath !== path || (keep !== null && version === keep)) continue;
        copies.delete(key);
        if (version) versions.add(version);
      }
      return [...versions];
    },
    /**
     * The copies on disk of the versions `gone` go: any process of the host could read them by a
     * token it still holds, even while the provider fails.
     */
    async forgetStored(path: string, gone: Iterable<string>): Promise<void> {
      if (!disk) return;
      const keys = [...gone].flatMap((version) => PICTURE_WIDTHS.flatMap((width) => ALL_FORMATS.map((format) => copyKey(path, version, width, format))));
      await Promise.all(keys.map((key) => disk.remove(key)));
    },
  };
}

export type PictureResizer = ReturnType<typeof createPictureResizer>;

/** A copy's name in memory and on disk: what it is made from ('' for a picture of no known version). */
const copyKey = (path: string, version: string, width: number, format: PictureFormat) => JSON.stringify([path, version, width, format]);
const parseKey = (key: string) => JSON.parse(key) as [path: string, version: string, width: number, format: PictureFormat];

const etagOf = (data: Buffer) => `"${createHash('sha1').update(data).digest('base64url').slice(0, 20)}"`;
