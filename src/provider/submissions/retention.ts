/**
 * How long each kind of submission is kept, as the privacy notice says: job applications are
 * deleted within six months; patient-service messages (adverse-reaction reports among them)
 * are kept for the pharmacovigilance period (GVP: records at least ten years). The provider
 * applies these periods by itself once a day (`dailyRetention`); staff can run them at will.
 */
import type Database from 'better-sqlite3';
import { isIPv4, isIPv6 } from 'node:net';
import { vacuumByHand, type PurgeOutcome, type SubmissionKind, type SubmissionStore } from './store';

export type { PurgeOutcome } from './store';

export const RETENTION_DAYS: Record<SubmissionKind, number> = { applications: 180, patients: 3650 };

/**
 * What empties the WAL when a checkpoint could not: running the command again deletes nothing,
 * so checkpoints nothing; SQLite checkpoints when the file's last connection closes.
 */
export const WAL_BY_HAND = 'Stopping the provider (and any staff command still open) empties it: SQLite checkpoints the WAL when its last connection closes.';

/**
 * Deleted rows are overwritten in the file (secure_delete), but their earlier versions stay in
 * the WAL until a checkpoint: copy it back and truncate it, so the data is gone from both.
 * Says what is left when a reader kept the WAL from being emptied.
 */
export function eraseFromWal(db: Database.Database): string[] {
  const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
  return !result || result.busy === 0
    ? []
    : [`The WAL could not be emptied while the site was reading: the deleted rows may remain in provider.sqlite-wal. ${WAL_BY_HAND}`];
}

/** A visitor's address is kept in full this long (for abuse and rate-limit questions), then cut to its network. */
export const CLIENT_IP_FULL_DAYS = 30;

/**
 * An address cut to its network: IPv4 to /24 (`203.0.113.0/24`, an IPv4-mapped IPv6 address
 * too), IPv6 to /48 (`2001:db8:1234::/48`). What is not an address becomes ''. A value already
 * cut (it has a `/`) is left as it is.
 */
export function truncateAddress(address: string): string {
  if (address.includes('/')) return address;
  const plain = address.replace(/%.*$/, '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  if (isIPv4(plain)) return `${plain.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(plain)) return '';
  const groups = expandIPv6(plain);
  return `${new URL(`http://[${groups.slice(0, 3).join(':')}::]`).hostname.slice(1, -1)}/48`;
}

/** The eight 16-bit groups of an IPv6 address (an IPv4 tail becomes two groups). */
function expandIPv6(address: string): string[] {
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const hex = tail
    ? address.slice(0, tail.index) + [Number(tail[1]) * 256 + Number(tail[2]), Number(tail[3]) * 256 + Number(tail[4])].map((n) => n.toString(16)).join(':')
    : address;
  const [head = '', rest] = hex.split('::');
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  return [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
}

export interface DailyOutcome {
  purged: PurgeOutcome[];
  truncated: PurgeOutcome[];
  /** What could not be erased from the files yet (`eraseDeleted`); the next run tries again. */
  notErased: string[];
}

/**
 * What the provider does by itself once a day: delete what is past the privacy notice's
 * periods (RETENTION_DAYS, as `npm run staff -- purge`), cut older visitors' addresses to their
 * network, and erase the old versions of the rows touched (SQLite's WAL, PostgreSQL's VACUUM).
 */
export async function dailyRetention(store: SubmissionStore, now: Date): Promise<DailyOutcome> {
  const purged = await store.purge(RETENTION_DAYS, now, false);
  const truncated = await store.truncateOldAddresses(CLIENT_IP_FULL_DAYS, now);
  const touched = [...purged, ...truncated].filter((outcome) => outcome.rows > 0).map((outcome) => outcome.kind);
  return { purged, truncated, notErased: await eraseAfterCommit(store, touched) };
}

/**
 * `eraseDeleted` after a deletion has committed. Its failure (a VACUUM past its statement timeout
 * or waiting on a lock) does not undo the deletion: it is said as what could not be guaranteed,
 * so the deletion is still reported and recorded as done.
 */
export async function eraseAfterCommit(store: Pick<SubmissionStore, 'eraseDeleted' | 'kind'>, kinds: SubmissionKind[]): Promise<string[]> {
  if (kinds.length === 0) return [];
  try {
    return await store.eraseDeleted([...new Set(kinds)]);
  } catch (error) {
    // A second run deletes nothing, so it would erase nothing: what is left to do is the erasure itself.
    const advice = store.kind === 'postgres' ? vacuumByHand(kinds) : WAL_BY_HAND;
    return [`${ERASE_FAILED}: ${(error as Error).message}. ${advice}`];
  }
}

export const ERASE_FAILED = 'the rows are deleted, but the space they took could not be overwritten';
