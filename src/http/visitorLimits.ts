/**
 * Per-visitor allowances (the provider's submissions, 10 a minute; the site's search renders, 10
 * a minute): counted where the submissions are, the site's through its embedded provider's store. With PostgreSQL, in its `rate_limits` table, shared by every host, so one visitor has one
 * allowance however many hosts nginx spreads them over; without it, in this process's memory
 * (one machine). While PostgreSQL does not answer within LIMIT_ANSWER_MS, each process counts in
 * memory instead (the library's insurance limiter): a visitor is never refused, nor let through
 * unbounded, because the database is out.
 */
import type pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, RLWrapperTimeouts } from 'rate-limiter-flexible';

export interface Allowance {
  points: number;
  windowMs: number;
}

/** Takes one from `key`'s allowance; false when it is spent. */
export type VisitorLimit = (key: string) => Promise<boolean>;

const seconds = (ms: number) => Math.max(1, Math.round(ms / 1000));

function limitOf(limiter: RateLimiterMemory | RLWrapperTimeouts): VisitorLimit {
  return async (key) => {
    try {
      await limiter.consume(key);
      return true;
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return false;
      throw refusal;
    }
  };
}

export function memoryLimit(name: string, { points, windowMs }: Allowance): VisitorLimit {
  return limitOf(new RateLimiterMemory({ keyPrefix: name, points, duration: seconds(windowMs) }));
}

/** How long a count waits for PostgreSQL before the process counts in memory: a form never waits on the limit. */
export const LIMIT_ANSWER_MS = 1_000;

/** Counted in the `rate_limits` table the migrations create (so no host creates it at start). */
export function postgresLimit(pool: pg.Pool, name: string, { points, windowMs }: Allowance): VisitorLimit {
  const shared = new RateLimiterPostgres({
    storeClient: pool,
    storeType: 'pool',
    tableName: 'rate_limits',
    tableCreated: true,
    keyPrefix: name,
    points,
    duration: seconds(windowMs),
  });
  const insurance = new RateLimiterMemory({ keyPrefix: name, points, duration: seconds(windowMs) });
  return limitOf(new RLWrapperTimeouts({ limiter: shared, timeoutMs: LIMIT_ANSWER_MS, insuranceLimiter: insurance }));
}
