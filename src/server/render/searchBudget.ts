/**
 * Each new search (`/product?keyword=<anything>`) costs a server render. The page cache bounds
 * how many run at once for everyone (pageCache.ts); this bounds how many one client may start:
 * `perWindow` per `windowMs`, counted only when a render starts (a search in hand, or one being
 * rendered for someone else, is free). A client over its budget is told as when the global bound
 * is full: 503 with Retry-After and the client-rendered shell, which then asks /api itself.
 */
import { LRUCache } from 'lru-cache';
import { visitorKey } from '../../http/visitorKey';

/** Clients remembered at once; a client forgotten starts afresh (the global bound still holds). */
const CLIENTS = 10_000;

export function createSearchBudget(perWindow: number, windowMs: number) {
  const spent = new LRUCache<string, { count: number }>({ max: CLIENTS, ttl: windowMs });
  /** Takes one render from the client's budget; false when it is spent. */
  return (ip: string): boolean => {
    // By address, an IPv6 address by its /64: the same reading as the form rate limit's.
    const client = visitorKey(ip);
    const entry = spent.get(client);
    if (!entry) {
      spent.set(client, { count: 1 });
      return true;
    }
    if (entry.count >= perWindow) return false;
    entry.count += 1;
    return true;
  };
}

export type SearchBudget = ReturnType<typeof createSearchBudget>;
