/**
 * A file replaced or deleted in the CMS, and the copies of it the site and the cache in front
 * hold: each process's resized copies (pictures.ts) of the versions that are no longer the file's
 * are forgotten at once, those still being made too, with those on disk, and the URLs a cache may
 * keep them under, by every version the site ever named and every srcset width, are refreshed
 * through it (purgeRelay.ts), so a deleted picture answers 404 there too, whatever version its
 * URL names. The versions come from the ledger on disk every process of the host shares
 * (versionLedger.ts), so a restart or a peer that served the picture alone changes nothing, and
 * from this process's memory. A media edit counts as a replacement only when the file's version
 * changed: renaming a file or editing its alternative text leaves every copy as it was. A deleted
 * file's last version is forgotten too, so no copy of it is served while the provider fails.
 */
import type { VersionLedger } from './versionLedger';
import { PICTURE_WIDTHS, PICTURE_WIDTH_PARAM } from '../../contracts/endpoints';
import { PICTURE_VERSION_PARAM } from '../../http/mediaCaching';
import type { PictureVersions } from './pictureVersions';

interface Resizer {
  forget(path: string, keep: string | null): string[];
  forgetStored(path: string, gone: Iterable<string>): Promise<void>;
}

/** What this module reads and drops of the host's shared ledger. */
type Ledger = Pick<VersionLedger, 'list' | 'drop'>;

/** Every URL a cache may keep the file or a copy of it under: plain or by version, whole or at a width. */
export function fileUrls(path: string, versions: Iterable<string>): string[] {
  const queries = [null, ...versions].flatMap((version) => {
    const named = version === null ? [] : [`${PICTURE_VERSION_PARAM}=${version}`];
    return [named, ...PICTURE_WIDTHS.map((width) => [...named, `${PICTURE_WIDTH_PARAM}=${width}`])];
  });
  return queries.map((query) => (query.length > 0 ? `${path}?${query.join('&')}` : path));
}

/**
 * `ledger`: the versions named by every process of the host (null: this process's memory only);
 * `origin`: where visitors reach the pictures (PUBLIC_URL); null: no cache's copies are named.
 */
export function createFileTakedown(pictures: Resizer, versions: PictureVersions, ledger: Ledger | null, origin: string | null) {
  /** The version a replaced file has now, by path, until the copies of the others are forgotten. */
  const replacedBy = new Map<string, string | null>();

  async function named(path: string): Promise<Set<string>> {
    return new Set([...((await ledger?.list(path)) ?? []), versions.known?.(path) ?? '']);
  }

  /** Asked of the provider now, not taken from a memory resting after a failed lookup. */
  const versionNow = (path: string) => versions.checkNow?.(path) ?? versions.current(path, 0);

  return {
    async replaced(path: string): Promise<boolean> {
      const before = await named(path);
      const now = await versionNow(path);
      before.delete('');
      if (now) before.delete(now);
      // No page of this host named another version: nothing kept anywhere shows old bytes.
      if (before.size === 0) return false;
      replacedBy.set(path, now);
      return true;
    },
    /** `replaced`: a peer found the file replaced; its version now is kept, whatever this process saw. */
    async forgetFile(path: string, replaced = false): Promise<string[]> {
      const keep = replacedBy.has(path) ? (replacedBy.get(path) ?? null) : replaced ? await versionNow(path) : null;
      replacedBy.delete(path);
      const gone = await named(path);
      if (!keep) versions.forget?.(path); // deleted: its last version is no answer while the provider fails
      for (const version of pictures.forget(path, keep)) gone.add(version);
      gone.delete('');
      if (keep) gone.delete(keep);
      await pictures.forgetStored(path, gone);
      await ledger?.drop(path, gone);
      return origin ? fileUrls(path, gone).map((url) => `${origin}${url}`) : [];
    },
  };
}
