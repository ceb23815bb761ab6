/**
 * Strapi's REST API (Content API, read-only token) over plain HTTP. Every good answer is kept
 * per address (lastGood.ts), so a CMS that is down, slow or failing (5xx) still gets the last
 * good content served, with a warning in the log, rather than error pages; a circuit breaker
 * (breaker.ts) makes an outage cost one timeout, not one per call. A refusal (4xx: a query the
 * content types no longer allow, a revoked token) is an error, never hidden behind old content.
 */
import { TIMING } from '../../contracts/constants';
import { createBreaker } from './breaker';
import { createLastGood, unchanged } from './lastGood';
import { withoutDocument, type Takedown } from './takedown';
import { endsWhenSilent } from '../../http/silentBody';

/**
 * How long a file's body from Strapi may pause before its answer ends in error. Strapi streams
 * from its own disk, so a pause this long is a stall (a file rewritten in place by "Replace media"
 * while it was sent, shorter than the length announced): without a bound the answer, and the
 * connection it holds, would wait for bytes that never come.
 */
export const STRAPI_BODY_IDLE_MS = 5_000;

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

/** What one round of `recheck` did: addresses asked, forgotten (refused), and whether it stopped early. */
export interface RecheckReport {
  asked: number;
  forgotten: number;
  stopped: boolean;
}

export class StrapiUnavailable extends Error {}
/** Strapi refused the request: the adapter, the content types or the token need fixing. */
export class StrapiRefused extends Error {}
/** No answer in time, or no connection: what makes every further call wait as long. */
class StrapiSilent extends StrapiUnavailable {}

export interface StrapiClientOptions {
  /** Strapi's origin, e.g. http://127.0.0.1:1337. */
  url: string;
  /** A read-only API token; never leaves the server. */
  token: string;
  /** The CMS as editors open it (CMS_PUBLIC_URL), when not `url`: its rich-text editor names uploads by it. */
  publicUrl?: string;
  timeoutMs?: number;
  /** How long a file's body may go without a byte before its answer ends in error (default STRAPI_BODY_IDLE_MS). */
  bodyIdleMs?: number;
  coolDownMs?: number;
  /** Bounds of the last good answers, in bytes. */
  kept?: { pinnedBytes?: number; recentBytes?: number; ttlMs?: number };
  warn?: (message: string) => void;
  /** 'draft': every read asks for the documents' drafts (the site's previews; a token allowed to read them). */
  status?: 'draft';
  /** Sent with every content read besides the token: a preview's admin (preview.ts). */
  headers?: Record<string, string>;
}

export interface GetOptions {
  /** A single type: a 404 means nothing is published, and the answer is null. */
  missingIsEmpty?: boolean;
  /** An address the code fixes and every page needs: its last good answer is never pushed out by visitors' addresses. */
  pin?: boolean;
}

export function createStrapiClient({
  url,
  token,
  timeoutMs = TIMING.strapiTimeoutMs,
  bodyIdleMs = STRAPI_BODY_IDLE_MS,
  coolDownMs = TIMING.strapiCoolDownMs,
  kept,
  warn = () => {},
  status,
  headers = {},
}: StrapiClientOptions) {
  const origin = new URL(url).origin;
  const lastGood = createLastGood<StrapiAnswer>(kept);

  async function fetchAnswer(address: string, missingIsEmpty: boolean): Promise<{ answer: StrapiAnswer | 'none'; json: string | 'none' }> {
    const path = address.slice(origin.length);
    let response: Response;
    let text: string;
    try {
      response = await fetch(address, {
        headers: { ...headers, authorization: `Bearer ${token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      throw new StrapiSilent(`Strapi did not answer ${path}: ${String(error)}`, { cause: error });
    }
    // A single type nobody has published yet; for a collection, a path Strapi does not have.
    if (response.status === 404 && missingIsEmpty) return { answer: 'none', json: 'none' };
    if (response.status >= 400 && response.status < 500) throw new StrapiRefused(`Strapi refused ${path} (${response.status}): ${text.slice(0, 300)}`);
    if (!response.ok) throw new StrapiUnavailable(`Strapi answered ${response.status} to ${path}`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    if (typeof body !== 'object' || body === null || !('data' in body)) throw new StrapiUnavailable(`Strapi answered ${path} without data`);
    return { answer: body as StrapiAnswer, json: text };
  }

  /**
   * A file of Strapi's /uploads/ (a picture, the video), behind the same breaker as the content:
   * an outage costs one timeout for both, then a file fails at once. The timeout is the answer's
   * headers'; a long video's body keeps streaming as long as bytes keep coming (bodyIdleMs).
   */
  async function fetchFile(path: string, headers: Record<string, string>, method: string): Promise<Response> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error('timed out')), timeoutMs);
    let response: Response;
    try {
      response = await fetch(`${origin}${path}`, { method, headers, signal: controller.signal });
    } catch (error) {
      throw new StrapiSilent(`Strapi did not answer ${path}: ${String(error)}`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
    if (response.status >= 500) {
      await response.body?.cancel();
      throw new StrapiUnavailable(`Strapi answered ${response.status} to ${path}`);
    }
    return endsWhenSilent(response, bodyIdleMs, () => new StrapiSilent(`Strapi sent nothing of ${path} for ${bodyIdleMs} ms`));
  }

  const breaker = createBreaker((run: () => Promise<unknown>) => run(), {
    coolDownMs,
    isNotFailure: (error) => error instanceof StrapiRefused,
    opensAtOnce: (error) => error instanceof StrapiSilent,
    onOpen: () => warn(`Strapi is failing: the last good content is served until one call tries Strapi again in ${coolDownMs} ms`),
    onClose: () => warn('Strapi answers again'),
  });

  return {
    origin,
    /** GET /api/<path>; null when a single type (`missingIsEmpty`) has no published document. */
    async get(path: string, query: QueryObject, { missingIsEmpty = false, pin = false }: GetOptions = {}): Promise<StrapiAnswer | null> {
      const address = `${origin}/api/${path}?${strapiQuery(status ? { ...query, status } : query)}`;
      let answer: StrapiAnswer | 'none';
      try {
        const fetched = (await breaker.call(() => fetchAnswer(address, missingIsEmpty))) as Awaited<ReturnType<typeof fetchAnswer>>;
        lastGood.keep(address, fetched.json, { pin, missingIsEmpty });
        answer = fetched.answer;
      } catch (error) {
        if (error instanceof StrapiRefused) throw error;
        const last = lastGood.recall(address);
        const turnedAway = breaker.turnedAway(error);
        if (last === undefined) throw turnedAway ? new StrapiUnavailable('Strapi is failing: waiting before trying it again', { cause: error }) : error;
        // While the circuit is open, its opening was logged once: not every call.
        if (!turnedAway) warn(`Strapi failed (${String(error)}); serving the last good answer to ${address.slice(origin.length)}`);
        answer = last;
      }
      return answer === 'none' ? null : answer;
    },
    /** GET of a file under /uploads/ (`path`), with the request's conditional and range headers; throws while Strapi fails. */
    file: (path: string, headers: Record<string, string>, method = 'GET') => breaker.call(() => fetchFile(path, headers, method)) as Promise<Response>,
    /**
     * Asks Strapi again, one address at a time, for every kept answer it last gave `olderThanMs`
     * ago or more, and keeps the new one: an entry taken down or edited whose webhook never reached
     * this provider (a lost call, a site restarting) leaves the memory for outages all the same.
     * An address Strapi now refuses is forgotten. Stops at the first failure (the rest wait for
     * the next round: the breaker's outage is one timeout), or once `signal` aborts.
     */
    async recheck(olderThanMs: number, signal?: AbortSignal): Promise<RecheckReport> {
      const report: RecheckReport = { asked: 0, forgotten: 0, stopped: false };
      for (const { address, pin, missingIsEmpty } of lastGood.olderThan(olderThanMs)) {
        if (signal?.aborted) return { ...report, stopped: true };
        report.asked += 1;
        try {
          const fetched = (await breaker.call(() => fetchAnswer(address, missingIsEmpty))) as Awaited<ReturnType<typeof fetchAnswer>>;
          lastGood.keep(address, fetched.json, { pin, missingIsEmpty });
        } catch (error) {
          if (!(error instanceof StrapiRefused)) return { ...report, stopped: true };
          lastGood.forget(address);
          report.forgotten += 1;
        }
      }
      return report;
    },
    /** An entry taken down in Strapi leaves every last good answer; returns how many named it. */
    takeDown(takedown: Takedown): number {
      return lastGood.rewrite(takedown.documentId, (answer, address) => {
        const data = withoutDocument(answer.data, takedown, new URL(address).searchParams.get('locale'));
        if (data === unchanged) return unchanged;
        // A single type's one document taken down: as if nothing were published.
        return data === null ? 'none' : { ...answer, data: data as StrapiAnswer['data'] };
      });
    },
  };
}

export type StrapiClient = ReturnType<typeof createStrapiClient>;
