/**
 * The versions of each picture the site has named (`/uploads/a.jpg?v=3kq9…`), kept on disk beside
 * the picture copies (pictureDisk.ts) and so shared by every site process of the host and by a
 * restarted one. A cache in front keeps a URL naming a version for a year; when the file is
 * replaced or deleted, the URLs of every version listed here are refreshed, whichever process gave
 * them out and however long ago. One empty file per version in a folder per picture: processes
 * adding and dropping at once never lose each other's versions, and nothing is rewritten.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, rmdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A version token is base64url (mediaCaching.ts versionOf): anything else is no file name of ours. */
const TOKEN = /^[\w-]{1,64}$/;

export function createVersionLedger(dir: string) {
  const folderOf = (path: string) => join(dir, createHash('sha256').update(path).digest('base64url'));
  return {
    /** Notes that pages may name `token` for the picture at path; a failed write leaves it known to this process's memory only. */
    async add(path: string, token: string): Promise<void> {
      if (!TOKEN.test(token)) return;
      const folder = folderOf(path);
      await mkdir(folder, { recursive: true })
        .then(() => writeFile(join(folder, token), ''))
        .catch(() => undefined);
    },
    /** Every version noted for the picture at path. */
    async list(path: string): Promise<string[]> {
      return readdir(folderOf(path)).catch(() => []);
    },
    /** The versions are no longer the picture's: their URLs were refreshed. */
    async drop(path: string, tokens: Iterable<string>): Promise<void> {
      const folder = folderOf(path);
      for (const token of tokens) if (TOKEN.test(token)) await unlink(join(folder, token)).catch(() => undefined);
      await rmdir(folder).catch(() => undefined); // only when empty: a version added meanwhile stays
    },
  };
}

export type VersionLedger = ReturnType<typeof createVersionLedger>;
