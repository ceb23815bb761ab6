/**
 * The last good answer of each Strapi address, for when Strapi fails. Answers are kept as the
 * bytes of their JSON and parsed on use, so the bounds count what is really held (a parsed
 * object takes several times its text). Two stores: what every page needs (single types, whole
 * collections, page banners) is kept apart from what visitors choose (a product list's page or
 * keyword, an id), so a crawl of made-up addresses cannot push the site settings out before the
 * outage that needs them.
 */
import { LRUCache } from 'lru-cache';

/** The code chooses these addresses, so they are few; the bound only guards against a mistake. */
const PINNED_BYTES = 16 * 1024 * 1024;
const RECENT_BYTES = 32 * 1024 * 1024;
/** An entry's key and bookkeeping beside its bytes. */
const ENTRY_OVERHEAD = 200;

/** T: what the JSON parses to; 'none' is kept for a single type with no published document. */
export function createLastGood<T>({ pinnedBytes = PINNED_BYTES, recentBytes = RECENT_BYTES } = {}) {
  const store = (maxSize: number) =>
    new LRUCache<string, Buffer | 'none'>({ maxSize, sizeCalculation: (kept, address) => (kept === 'none' ? 0 : kept.byteLength) + Buffer.byteLength(address) + ENTRY_OVERHEAD });
  const pinned = store(pinnedBytes);
  const recent = store(recentBytes);

  return {
    keep(address: string, json: string | 'none', { pin }: { pin: boolean }) {
      (pin ? pinned : recent).set(address, json === 'none' ? 'none' : Buffer.from(json));
    },
    recall(address: string): T | 'none' | undefined {
      const kept = pinned.get(address) ?? recent.get(address);
      if (kept === undefined || kept === 'none') return kept;
      return JSON.parse(kept.toString('utf8')) as T;
    },
  };
}
