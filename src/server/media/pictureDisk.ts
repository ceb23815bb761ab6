/**
 * Picture copies on disk, in one folder under DATA_DIR shared by every site process of the host:
 * a restarted process, or its neighbour, finds the copies made before instead of encoding them
 * again. A file is named by the hash of what its copy was made from (path, version token, width,
 * format): "Replace media" gives the picture a new token, hence a new name, so an old copy is
 * never found for new bytes; only copies of a named version are stored, and those of a deleted
 * or replaced version are removed (pictures.ts forget), so nobody reaches them again. The rest
 * leave with the size bound: past `maxBytes`, the files least recently used go first (a read
 * touches its file's time). The folder `versions` holds the versions pages named (versionLedger.ts).
 * A file is written whole under a temporary name and renamed, so no reader sees half of one.
 * A copy made ahead is marked while it is made (claim): the processes of a host start together
 * and make the same copies ahead, and each would otherwise encode all of them.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readdir, readFile, rename, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface StoredCopy {
  body: Buffer;
  type: string;
}

/** Pruned down to this share of the bound, so a full folder is not scanned on every write. */
const PRUNE_TO = 0.8;
const TEMPORARY = '.tmp';
const MAKING = '.making';
/** Longer than any copy takes to make: a temporary file or a mark this old was left by a process that stopped. */
const ABANDONED_MS = 60_000;

export function createPictureDisk(dir: string, maxBytes: number) {
  mkdirSync(dir, { recursive: true });
  const fileOf = (key: string) => join(dir, createHash('sha256').update(key).digest('base64url'));
  /** What this process last counted on disk, plus what it wrote since; null: not counted yet. */
  let counted: number | null = null;
  let pruning: Promise<void> | null = null;

  async function prune() {
    const files: { name: string; size: number; mtimeMs: number }[] = [];
    for (const name of await readdir(dir)) {
      const file = await stat(join(dir, name)).catch(() => null);
      if (!file?.isFile()) continue; // the versions' folder (versionLedger.ts) is not a copy
      // A write or a making a crash cut short leaves its file: gone once surely nobody writes it.
      if (name.endsWith(TEMPORARY) || name.endsWith(MAKING)) {
        if (Date.now() - file.mtimeMs > ABANDONED_MS) await unlink(join(dir, name)).catch(() => undefined);
      } else files.push({ name, size: file.size, mtimeMs: file.mtimeMs });
    }
    let total = files.reduce((sum, file) => sum + file.size, 0);
    if (total > maxBytes) {
      for (const file of files.sort((a, b) => a.mtimeMs - b.mtimeMs)) {
        if (total <= maxBytes * PRUNE_TO) break;
        await unlink(join(dir, file.name)).catch(() => undefined); // another process may have taken it
        total -= file.size;
      }
    }
    counted = total;
  }

  /** One count or prune at a time per process; another process's writes are found at the next count. */
  function pruneSoon(): Promise<void> {
    pruning ??= prune()
      .catch(() => undefined)
      .finally(() => {
        pruning = null;
      });
    return pruning;
  }

  return {
    /** The copy stored under key, or null. */
    async read(key: string): Promise<StoredCopy | null> {
      const file = fileOf(key);
      let data: Buffer;
      try {
        data = await readFile(file);
      } catch {
        return null;
      }
      const newline = data.indexOf(10);
      if (newline < 1) return null;
      const now = new Date();
      void utimes(file, now, now).catch(() => undefined);
      return { type: data.subarray(0, newline).toString('latin1'), body: data.subarray(newline + 1) };
    },
    /** Stores a copy (its type on the first line, then its bytes); failures only cost a later encode. */
    async write(key: string, copy: StoredCopy): Promise<void> {
      const file = fileOf(key);
      const temporary = `${file}.${randomBytes(6).toString('hex')}${TEMPORARY}`;
      try {
        await writeFile(temporary, Buffer.concat([Buffer.from(`${copy.type}\n`, 'latin1'), copy.body]));
        await rename(temporary, file);
      } catch {
        await unlink(temporary).catch(() => undefined);
        return;
      }
      if (counted === null) return pruneSoon();
      counted += copy.body.length;
      if (counted > maxBytes) return pruneSoon();
    },
    /**
     * Marks the copy under key as being made here, so the other processes of the host leave it to
     * this one and read it once written; returns the unmarking, or null when another process is
     * making it (marked less than ABANDONED_MS ago). A mark that cannot be written costs only an
     * encode twice.
     */
    async claim(key: string): Promise<(() => Promise<void>) | null> {
      const mark = `${fileOf(key)}${MAKING}`;
      const unmark = () => unlink(mark).catch(() => undefined);
      try {
        await writeFile(mark, '', { flag: 'wx' });
        return unmark;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return async () => undefined;
        const marked = await stat(mark).catch(() => null);
        return marked && Date.now() - marked.mtimeMs < ABANDONED_MS ? null : unmark;
      }
    },
    /** Removes the copy stored under key, if any (its picture was deleted or replaced). */
    async remove(key: string): Promise<void> {
      await unlink(fileOf(key)).catch(() => undefined);
    },
    /** Counts (and if need be prunes) what the folder holds, e.g. at start. */
    settle: pruneSoon,
  };
}

export type PictureDisk = ReturnType<typeof createPictureDisk>;
