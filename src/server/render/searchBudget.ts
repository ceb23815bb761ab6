/**
 * Each new search (`/product?keyword=<anything>`) costs a server render, and so does a list page
 * number no rendered page of its list links to (`?page=<anything>`, pageRenderer.ts). The page cache bounds
 * how many run at once for everyone (pageCache.ts); this bounds how many one visitor may start:
 * SEARCH_ALLOWANCE, counted only when a render starts (a search in hand, or one being rendered for
 * someone else, is free). A visitor over it is told as when the global bound is full: 503 with
 * Retry-After and the client-rendered shell, which then asks /api itself.
 *
 * Counted where the embedded provider counts its form limits (`VisitorLimit`, start.ts):
 * with PostgreSQL (`DATABASE_URL`, with the provider embedded or at PROVIDER_URL), once for every
 * host, so nginx's round robin over N hosts does not give a visitor N allowances; in this
 * process's memory otherwise (no DATABASE_URL: SQLite, one machine).
 */
import { visitorKey } from '../../http/visitorKey';
import { memoryLimit, type Allowance, type VisitorLimit } from '../../http/visitorLimits';

/** Renders of new searches one visitor may start per window (a visitor's own searches in the app go to /api). */
export const SEARCH_ALLOWANCE: Allowance = { points: 10, windowMs: 60_000 };
/** The allowance's name where it is counted (beside the forms' `submit`). */
export const SEARCH_LIMIT_NAME = 'search-render';

export type SearchBudget = (ip: string) => Promise<boolean>;

/** Takes one render from the asking visitor's allowance; false when it is spent. */
export function createSearchBudget(limit: VisitorLimit = memoryLimit(SEARCH_LIMIT_NAME, SEARCH_ALLOWANCE)): SearchBudget {
  // By address, an IPv6 address by its /64: the same reading as the form limit's.
  return (ip) => limit(visitorKey(ip));
}
