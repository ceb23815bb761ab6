/**
 * With PostgreSQL, the content pack is one truth for every host: `npm run content:import` writes
 * it to the `content_packs` table, and each host's provider follows that table into its own
 * SQLite copy (which its content routes read). A host imports the newest pack before it starts
 * listening, so a host started or restarted later serves it from its first answer, and looks for a
 * newer one every FOLLOW_MS, then tells its site to drop its pages. The privacy notice's version,
 * part of the pack, follows with it: a consent is checked against the same version everywhere
 * within FOLLOW_MS of an import.
 *
 * A pack this code cannot read (written by a newer release whose pack format changed) is not
 * imported: the host imports the newest pack it can read (or keeps what it has) and warns, and
 * follows again once upgraded. A look that waits on the database is never queued behind: a tick
 * that finds one under way is skipped.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { ContentPack } from '../../contracts/schema/contentPack';
import type { ProviderDatabase } from '../sqliteDatabase';
import { formatReport, importPack, totals, type ImportReport } from './importPack';
import { ContentPackError, packOf, type PackFiles } from './loadPack';

/** How often a host looks for a newer pack: an import reaches every host within this. */
export const FOLLOW_MS = 5_000;

export interface SharedPack {
  id: number;
  digest: string;
  pack: ContentPack;
}

/** The digest naming a pack's files (the same files, the same digest, on every host). */
export const packDigest = (files: PackFiles) => createHash('sha256').update(JSON.stringify(files)).digest('hex').slice(0, 16);

/**
 * Stores `files` as the newest pack of every host; `by`: who imported it (shown to operators).
 * `pool` may be a client inside a transaction of the caller's.
 */
export async function publishPack(pool: Pick<pg.Pool, 'query'>, files: PackFiles, by: string): Promise<{ id: number; digest: string }> {
  const digest = packDigest(files);
  const { rows } = await pool.query<{ id: number }>('INSERT INTO content_packs (digest, files, imported_by) VALUES ($1, $2, $3) RETURNING id', [
    digest,
    JSON.stringify(files),
    by,
  ]);
  return { id: rows[0]!.id, digest };
}

/**
 * A pack named by its id and its digest: after a pg_restore of the shared database the identity
 * hands out ids again, so an id alone may name another pack than the one a host applied.
 */
const packKey = (pack: { id: number; digest: string } | undefined) => (pack ? `${pack.id}:${pack.digest}` : 'none');

/** The newest pack's id and digest, or undefined when none was ever imported into the shared database. */
async function newestPack(pool: pg.Pool): Promise<{ id: number; digest: string } | undefined> {
  const { rows } = await pool.query<{ id: number; digest: string }>('SELECT id, digest FROM content_packs ORDER BY id DESC LIMIT 1');
  return rows[0];
}

type PackRow = { id: number; digest: string; files: PackFiles };

/**
 * The newest pack this code can read, with the ids of the newer ones it cannot (written by a
 * newer release), newest first.
 */
async function newestReadable(pool: pg.Pool): Promise<{ shared: SharedPack | null; unreadable: { id: number; error: ContentPackError }[] }> {
  const unreadable: { id: number; error: ContentPackError }[] = [];
  let below: number | null = null;
  for (;;) {
    const { rows }: pg.QueryResult<PackRow> = await pool.query<PackRow>(
      'SELECT id, digest, files FROM content_packs WHERE $1::bigint IS NULL OR id < $1 ORDER BY id DESC LIMIT 1',
      [below],
    );
    const row: PackRow | undefined = rows[0];
    if (row === undefined) return { shared: null, unreadable };
    try {
      return { shared: { id: row.id, digest: row.digest, pack: packOf(row.files, (name) => `content pack ${row.digest} (${name})`) }, unreadable };
    } catch (error) {
      if (!(error instanceof ContentPackError)) throw error;
      unreadable.push({ id: row.id, error });
      below = row.id;
    }
  }
}

/** How long stopping waits for a look under way. */
const STOP_WAIT_MS = 2_000;

/** The bound on connecting to the shared database: a host that drops SYNs would otherwise hold a look for the OS's ~2 min. */
export const PACK_CONNECT_MS = 5_000;

export interface PackFollower {
  /** Stops looking for newer packs, once a look under way is over (STOP_WAIT_MS at most). */
  stop(): Promise<void>;
}

export interface FollowOptions {
  pool: pg.Pool;
  db: ProviderDatabase;
  /** A newer pack was imported into this host's copy. */
  onImported?: (report: ImportReport, pack: SharedPack) => void;
  warn: (message: string, error?: unknown) => void;
  everyMs?: number;
}

/**
 * Imports the newest shared pack into `db` (when there is one), then keeps following. Resolves
 * once the first import is done or found impossible (the host then serves what it has).
 */
export async function followSharedPack({ pool, db, onImported = () => {}, warn, everyMs = FOLLOW_MS }: FollowOptions): Promise<PackFollower> {
  // Id and digest (packKey) of the pack imported last, and of the newest pack found unreadable.
  let applied = packKey(undefined);
  let unreadable = packKey(undefined);
  let failing = false;

  async function catchUp(): Promise<void> {
    const newest = await newestPack(pool);
    if (newest === undefined || packKey(newest) === applied || packKey(newest) === unreadable) return;
    // A pack this release cannot read (a newer release's, during a rolling upgrade) is passed
    // over for the newest one it can: a host started meanwhile serves the pack the others serve,
    // not the shipped seed with its older privacy notice.
    const { shared, unreadable: newer } = await newestReadable(pool);
    if (newer.length > 0) {
      unreadable = packKey(newest);
      warn(
        `the newest content pack (${newer[0]!.id}) cannot be read by this release; ${shared ? `content pack ${shared.digest} (${shared.id}), the newest it can read, is served` : 'the content imported before is served'}`,
        newer[0]!.error,
      );
    }
    if (!shared || packKey(shared) === applied) return;
    const report = importPack(db, shared.pack);
    applied = packKey(shared);
    if (totals(report).added + totals(report).changed + totals(report).removed > 0) onImported(report, shared);
  }

  async function step(): Promise<void> {
    try {
      await catchUp();
      failing = false;
    } catch (error) {
      // Said once per outage: the host serves the content it has meanwhile.
      if (!failing) warn('the shared content pack could not be read; the content imported before is served', error);
      failing = true;
    }
  }

  await step();
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    // A look still waiting on the database (a connection or an answer that does not come): this
    // tick is skipped, not queued behind it, so looks never pile up and the next one starts fresh.
    if (running) return;
    running = step().finally(() => (running = undefined));
  }, everyMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      // A look stuck on a silent database is not waited for past STOP_WAIT_MS: its pool is ended next.
      let waited: NodeJS.Timeout | undefined;
      await Promise.race([running, new Promise<void>((resolve) => (waited = setTimeout(resolve, STOP_WAIT_MS)))]);
      clearTimeout(waited);
    },
  };
}

/** What a host's log says of an import it followed. */
export const followedReport = (report: ImportReport, shared: SharedPack) => `content pack ${shared.digest} (${shared.id}) imported:\n${formatReport(report)}`;
