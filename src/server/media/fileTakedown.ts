/**
 * A file replaced or deleted in the CMS, and the copies of it the site and the cache in front
 * hold: each process's resized copies (pictures.ts) are forgotten at once, and the URLs a cache
 * may keep them under, by every version this process knew and every srcset width, are refreshed
 * through it (purgeRelay.ts), so a deleted picture answers 404 there too, whatever version its
 * URL names. A media edit counts as a replacement only when the file's version changed: renaming
 * a file or editing its alternative text leaves every copy as it was.
 */
import { PICTURE_WIDTHS, PICTURE_WIDTH_PARAM } from '../../contracts/endpoints';
import { PICTURE_VERSION_PARAM } from '../../http/mediaCaching';
import type { PictureVersions } from './pictureVersions';

interface Resizer {
  forget(path: string): string[];
}

/** Every URL a cache may keep the file or a copy of it under: plain or by version, whole or at a width. */
export function fileUrls(path: string, versions: Iterable<string>): string[] {
  const queries = [null, ...versions].flatMap((version) => {
    const named = version === null ? [] : [`${PICTURE_VERSION_PARAM}=${version}`];
    return [named, ...PICTURE_WIDTHS.map((width) => [...named, `${PICTURE_WIDTH_PARAM}=${width}`])];
  });
  return queries.map((query) => (query.length > 0 ? `${path}?${query.join('&')}` : path));
}

/** `origin`: where visitors reach the pictures (PUBLIC_URL); null: no cache's copies are named. */
export function createFileTakedown(pictures: Resizer, versions: PictureVersions, origin: string | null) {
  /** The version a replaced file had before, by path, until its copies are forgotten. */
  const superseded = new Map<string, string>();
  return {
    async replaced(path: string): Promise<boolean> {
      const before = versions.known?.(path);
      // Never read here: no page of this process named it, no copy was made.
      if (!before) return false;
      const now = await versions.current(path, 0);
      if (now === before) return false;
      superseded.set(path, before);
      return true;
    },
    forgetFile(path: string): string[] {
      const known = new Set([...pictures.forget(path), versions.known?.(path) ?? '', superseded.get(path) ?? '']);
      superseded.delete(path);
      known.delete('');
      return origin ? fileUrls(path, known).map((url) => `${origin}${url}`) : [];
    },
  };
}
