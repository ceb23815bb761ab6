/**
 * Strapi's REST API (Content API, read-only token) over plain HTTP. Every good answer is kept
 * per address, so a CMS that is down or slow still gets the last good content served, with a
 * warning in the log, rather than error pages.
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

export interface StrapiClientOptions {
  /** Strapi's origin, e.g. http://127.0.0.1:1337. */
  url: string;
  /** A read-only API token; never leaves the server. */
  token: string;
  timeoutMs?: number;
  warn?: (message: string) => void;
}

const KEPT_ANSWERS = 2000;

export function createStrapiClient({ url, token, timeoutMs = 5000, warn = () => {} }: StrapiClientOptions) {
  const origin = new URL(url).origin;
  const lastGood = new LRUCache<string, StrapiAnswer | 'none'>({ max: KEPT_ANSWERS });

  async function fetchAnswer(address: string): Promise<StrapiAnswer | 'none'> {
    const response = await fetch(address, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
    // A single type nobody has published yet.
    if (response.status === 404) return 'none';
    if (!response.ok) throw new StrapiUnavailable(`Strapi answered ${response.status} to ${address.slice(origin.length)}: ${(await response.text()).slice(0, 300)}`);
    const body = (await response.json()) as StrapiAnswer;
    if (typeof body !== 'object' || body === null || !('data' in body)) throw new StrapiUnavailable(`Strapi answered ${address.slice(origin.length)} without data`);
    return body;
  }

  return {
    origin,
    /** GET /api/<path>; null when Strapi has no such document. */
    async get(path: string, query: QueryObject): Promise<StrapiAnswer | null> {
      const address = `${origin}/api/${path}?${strapiQuery(query)}`;
      let answer: StrapiAnswer | 'none';
      try {
        answer = await fetchAnswer(address);
        lastGood.set(address, answer);
      } catch (error) {
        const kept = lastGood.get(address);
        if (kept === undefined) throw error instanceof StrapiUnavailable ? error : new StrapiUnavailable(`Strapi is unreachable: ${String(error)}`, { cause: error });
        warn(`Strapi failed (${String(error)}); serving the last good answer to ${address.slice(origin.length)}`);
        answer = kept;
      }
      return answer === 'none' ? null : answer;
    },
  };
}

export type StrapiClient = ReturnType<typeof createStrapiClient>;
