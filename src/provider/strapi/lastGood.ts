/**
 * The last good answer of each Strapi address, for when Strapi fails. Answers are kept as the
 * bytes of their JSON and parsed on use, so the bounds count what is really held (a parsed
 * object takes several times its text). Two stores: what every page needs (single types, whole
 * collections, page banners) is kept apart from what visitors choose (a product list's page or
 * keyword, an id), so a crawl of made-up addresses cannot push the site settings out before the
 * outage that needs them.
 * Each copies Strapi's answer to its address, and follows it: every good answer replaces it; a
 * takedown the site relays (takedownRoute.ts) rewrites every kept answer naming the entry at once;
 * an answer Strapi has not given again for a while is asked again (client.ts, `recheck`), so a
 * takedown or an edit whose webhook never arrived is followed too; and an answer kept a day without
 * Strapi answering that address again is dropped, as the site's pages are (stale-if-error), so
 * nothing a person took back can return from an old memory.
 */
import { LRUCache } from 'lru-cache';

/** The code chooses these addresses, so they are few; the bound only guards against a mistake. */
const PINNED_BYTES = 16 * 1024 * 1024;
const RECENT_BYTES = 32 * 1024 * 1024;
/** An entry's key and bookkeeping beside its bytes. */
const ENTRY_OVERHEAD = 200;
/** What a rewrite's change returns for an answer it leaves as it is. */
export const unchanged = Symbol('unchanged');
export const LAST_GOOD_TTL_MS = 24 * 60 * 60_000;

/** How an address was asked, so that it can be asked again the same way. */
export interface KeptAddress {
  address: string;
  pin: boolean;
  /** A 404 means "nothing published" (a single type), kept as 'none'. */
  missingIsEmpty: boolean;
}

interface Kept {
  bytes: Buffer | 'none';
  missingIsEmpty: boolean;
}

/** T: what the JSON parses to; 'none' is kept for a single type with no published document. */
export function createLastGood<T>({ pinnedBytes = PINNED_BYTES, recentBytes = RECENT_BYTES, ttlMs = LAST_GOOD_TTL_MS } = {}) {
  const store = (maxSize: number) =>
    new LRUCache<string, Kept>({
      maxSize,
      ttl: ttlMs,
      sizeCalculation: ({ bytes }, address) => (bytes === 'none' ? 0 : bytes.byteLength) + Buffer.byteLength(address) + ENTRY_OVERHEAD,
    });
  const pinned = store(pinnedBytes);
  const recent = store(recentBytes);

  return {
    keep(address: string, json: string | 'none', { pin, missingIsEmpty = false }: { pin: boolean; missingIsEmpty?: boolean }) {
      (pin ? pinned : recent).set(address, { bytes: json === 'none' ? 'none' : Buffer.from(json), missingIsEmpty });
    },
    recall(address: string): T | 'none' | undefined {
      const kept = (pinned.get(address) ?? recent.get(address))?.bytes;
      if (kept === undefined || kept === 'none') return kept;
      return JSON.parse(kept.toString('utf8')) as T;
    },
    /**
     * Every kept answer that holds `needle` (a quick test of its bytes) passed to `change`, which
     * returns it changed, 'none' (nothing left), or `unchanged`; returns how many were changed.
     */
    rewrite(needle: string, change: (answer: T, address: string) => T | 'none' | typeof unchanged): number {
      let changed = 0;
      for (const kept of [pinned, recent]) {
        for (const [address, { bytes, missingIsEmpty }] of [...kept.entries()]) {
          if (bytes === 'none' || !bytes.includes(needle)) continue;
          const next = change(JSON.parse(bytes.toString('utf8')) as T, address);
          if (next === unchanged) continue;
          // Its remaining time is kept: a rewrite is no new answer from Strapi.
          kept.set(address, { bytes: next === 'none' ? 'none' : Buffer.from(JSON.stringify(next)), missingIsEmpty }, { ttl: kept.getRemainingTTL(address) });
          changed += 1;
        }
      }
      return changed;
    },
    /** The addresses whose answer Strapi last gave `ageMs` ago or more, the oldest first. */
    olderThan(ageMs: number): KeptAddress[] {
      const found: (KeptAddress & { age: number })[] = [];
      for (const [kept, pin] of [
        [pinned, true],
        [recent, false],
      ] as const) {
        for (const [address, { missingIsEmpty }] of kept.entries()) {
          const age = ttlMs - kept.getRemainingTTL(address);
          if (age >= ageMs) found.push({ address, pin, missingIsEmpty, age });
        }
      }
      return found.sort((a, b) => b.age - a.age).map(({ address, pin, missingIsEmpty }) => ({ address, pin, missingIsEmpty }));
    },
    /** An address Strapi now refuses: its answer can no longer be checked, so it is not served. */
    forget(address: string) {
      pinned.delete(address);
      recent.delete(address);
    },
  };
}
