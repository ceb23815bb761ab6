/**
 * Strapi's REST API (Content API, read-only token) over plain HTTP. Every good answer is kept
 * per address, so a CMS that is down, slow or failing (5xx) still gets the last good content
 * served, with a warning in the log, rather than error pages. A refusal (4xx: a query the
 * content types no longer allow, a revoked token) is an error, never hidden behind old content.
 */
import { LRUCache } from 'lru-cache';

export type QueryValue = string | number | boolean | QueryObject | QueryValue[];
export interface QueryObject {
  [key: string]: QueryValue | undefined;
}

/** Strapi's bracket syntax: {populate: {pic: true}} → populate[pic]=true. */
export function strapiQuery(query: QueryObject): string {
  const params = new URLSearchParams();
  const add = (prefix: string, value: QueryValue | undefined) => {
    if (value === undefined) return;
    if (typeof value !== 'object') params.append(prefix, String(value));
    else for (const [key, inner] of Object.entries(value)) add(prefix ? `${prefix}[${key}]` : key, inner);
  };
  add('', query);
  return params.toString();
}

export interface StrapiEntry {
  [field: string]: unknown;
}

export interface StrapiAnswer {
  data: StrapiEntry | StrapiEntry[] | null;
  meta?: { pagination?: { total: number; pageCount: number } };
}

export class StrapiUnavailable extends Error {}
/** Strapi refused the request: the adapter, the content types or the token need fixing. */
export class StrapiRefused extends Error {}

export interface StrapiClientOptions {
  /** Strapi's origin, e.g. http://127.0.0.1:1337. */
  url: string;
  /** A read-only API token; never leaves the server. */
  token: string;
  timeoutMs?: number;
  warn?: (message: string) => void;
}

/** Memory for last good answers; visitors choose some addresses (pages, ids), so it is bounded in bytes. */
const KEPT_BYTES = 32 * 1024 * 1024;

export function createStrapiClient({ url, token, timeoutMs = 3000, warn = () => {} }: StrapiClientOptions) {
  const origin = new URL(url).origin;
  const lastGood = new LRUCache<string, { answer: StrapiAnswer | 'none'; bytes: number }>({ maxSize: KEPT_BYTES, sizeCalculation: (kept) => kept.bytes + 200 });

  async function fetchAnswer(address: string, missingIsEmpty: boolean): Promise<{ answer: StrapiAnswer | 'none'; bytes: number }> {
    const response = await fetch(address, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
    const path = address.slice(origin.length);
    // A single type nobody has published yet; for a collection, a path Strapi does not have.
    if (response.status === 404 && missingIsEmpty) return { answer: 'none', bytes: 0 };
    if (response.status >= 400 && response.status < 500) throw new StrapiRefused(`Strapi refused ${path} (${response.status}): ${(await response.text()).slice(0, 300)}`);
    if (!response.ok) throw new StrapiUnavailable(`Strapi answered ${response.status} to ${path}`);
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    if (typeof body !== 'object' || body === null || !('data' in body)) throw new StrapiUnavailable(`Strapi answered ${path} without data`);
    return { answer: body as StrapiAnswer, bytes: text.length };
  }

  return {
    origin,
    /** GET /api/<path>; null when a single type (`missingIsEmpty`) has no published document. */
    async get(path: string, query: QueryObject, { missingIsEmpty = false } = {}): Promise<StrapiAnswer | null> {
      const address = `${origin}/api/${path}?${strapiQuery(query)}`;
      let kept: { answer: StrapiAnswer | 'none'; bytes: number };
      try {
        kept = await fetchAnswer(address, missingIsEmpty);
        lastGood.set(address, kept);
      } catch (error) {
        const last = error instanceof StrapiRefused ? undefined : lastGood.get(address);
        if (last === undefined) throw error instanceof StrapiUnavailable || error instanceof StrapiRefused ? error : new StrapiUnavailable(`Strapi is unreachable: ${String(error)}`, { cause: error });
        warn(`Strapi failed (${String(error)}); serving the last good answer to ${address.slice(origin.length)}`);
        kept = last;
      }
      return kept.answer === 'none' ? null : kept.answer;
    },
  };
}

export type StrapiClient = ReturnType<typeof createStrapiClient>;
