/**
 * Each new search (`/product?keyword=<anything>`) costs a server render. The page cache bounds
 * how many run at once for everyone (pageCache.ts); this bounds how many one client may start:
 * `perWindow` per `windowMs`, counted only when a render starts (a search in hand, or one being
 * rendered for someone else, is free). A client over its budget is told as when the global bound
 * is full: 503 with Retry-After and the client-rendered shell, which then asks /api itself.
 */
import { LRUCache } from 'lru-cache';

/** Clients remembered at once; a client forgotten starts afresh (the global bound still holds). */
const CLIENTS = 10_000;

/** A client for budgets: its address, an IPv6 address by its /64 (one subscriber's network holds many). */
export function clientOf(ip: string): string {
  const address = ip.split('%')[0] ?? ip; // a zone id (fe80::1%eth0) names no one else
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1] ?? address;
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

export function createSearchBudget(perWindow: number, windowMs: number) {
  const spent = new LRUCache<string, { count: number }>({ max: CLIENTS, ttl: windowMs });
  /** Takes one render from the client's budget; false when it is spent. */
  return (ip: string): boolean => {
    const client = clientOf(ip);
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
