/**
 * Which version of each picture the provider holds now, as the short token a page names in the
 * picture's URL (`/uploads/a.jpg?v=3kq9…`, src/http/mediaCaching.ts): read from the file's
 * validators, so it costs a HEAD, not the file. "Replace media" in Strapi keeps the file's name
 * and writes new bytes: the validators change, and so does the token.
 */
import { LRUCache } from 'lru-cache';
import type { VersionLedger } from './versionLedger';
import { TIMING } from '../../contracts/constants';
import { PICTURE_VERSION_PARAM, versionOf } from '../../http/mediaCaching';
/**
 * For a copy asked by its plain URL, a token is believed this long before the provider is asked
 * again: a replaced picture shows within a second or two of the CMS saving it, and the burst of
 * requests a page's srcset makes costs one HEAD per picture. A render always asks afresh.
 */
const FRESH_MS = 1000;
const MAX_PATHS = 20_000;
/**
 * A render waits a quarter of its deadline at most for a token (a HEAD of a file: quick when the
 * media are up; 500 ms under production's 2 s); without one, the picture keeps its plain URL. A
 * lookup that fails or times out stops the others for COOL_DOWN_MS, as the Strapi client's breaker
 * does: during an outage a render pays for it once, not once per page, and stays within its deadline.
 */
const LOOKUP_SHARE_OF_DEADLINE = 0.25;
const COOL_DOWN_MS = 10_000;
/** A check that follows a CMS change is no render: it may wait for the provider this long. */
const CHECK_TIMEOUT_MS = 5000;

export interface PictureVersions {
  /**
   * The token of the picture at path now (one the provider gave within `maxAgeMs`); the last one
   * known while the provider fails; null if none.
   */
  current(path: string, maxAgeMs?: number): Promise<string | null>;
  /**
   * The token of the picture at path, asked of the provider now, even while lookups rest after a
   * failure: a "Replace media" is told by the version the file has now, and the renders after it
   * are given that version, not the one they knew (whose copies the change takes away).
   */
  checkNow?(path: string): Promise<string | null>;
  /** The token last read for path, without asking (undefined: never read): what pages were given. */
  known?(path: string): string | null | undefined;
  /** The picture was deleted: its last token is no answer, not even while the provider fails, nor what a lookup asked before says. */
  forget?(path: string): void;
}

/** Where the tokens given out are noted for every process of the host (versionLedger.ts). */
type TokenLedger = Pick<VersionLedger, 'add'>;

export function createPictureVersions(
  providerUrl: string,
  now: () => number = Date.now,
  renderDeadlineMs: number = TIMING.renderDeadlineMs,
  ledger: TokenLedger | null = null,
): PictureVersions {
  const lookupTimeoutMs = renderDeadlineMs * LOOKUP_SHARE_OF_DEADLINE;
  /** The token the provider gave, when that question was asked, and its place among the questions (a deletion counts as one). */
  const tokens = new LRUCache<string, { token: string | null; at: number; order: number }>({ max: MAX_PATHS });
  const asking = new Map<string, { at: number; answer: Promise<string | null> }>();
  let failedAt = -Infinity;
  let questions = 0;

  function newerThan(path: string, order: number) {
    const entry = tokens.get(path);
    return entry && entry.order > order ? entry : undefined;
  }

  async function ask(path: string, at: number, timeoutMs = lookupTimeoutMs): Promise<string | null> {
    const order = (questions += 1);
    try {
      const answer = await fetch(`${providerUrl}${encodeURI(path)}`, { method: 'HEAD', signal: AbortSignal.timeout(timeoutMs) });
      await answer.body?.cancel();
      if (answer.status >= 500) throw new Error(`status ${answer.status}`);
      const token = answer.ok ? versionOf(answer.headers) : null;
      // Noted before any page names it, so the file's replacement or deletion refreshes its URLs.
      if (token && !newerThan(path, order) && tokens.get(path)?.token !== token) await ledger?.add(path, token);
      // An older question's answer never wins: its caller gets the newer one's, or none if the
      // file was deleted since (it would name bytes that are gone).
      const newer = newerThan(path, order);
      if (newer) return newer.token;
      tokens.set(path, { token, at, order });
      return token;
    } catch {
      // The provider failed or is slow: what it said last still holds, and nobody asks for a while.
      failedAt = now();
      return tokens.get(path)?.token ?? null;
    }
  }

  return {
    current(path, maxAgeMs = FRESH_MS) {
      const entry = tokens.get(path);
      const asked = now();
      if ((entry && asked - entry.at < maxAgeMs) || asked - failedAt < COOL_DOWN_MS) return Promise.resolve(entry?.token ?? null);
      // A question on its way is answer enough if asked within maxAgeMs (for a render: in the same
      // millisecond): one asked before a "Replace media" must not give a render the old version.
      const pending = asking.get(path);
      if (pending && asked - pending.at < Math.max(maxAgeMs, 1)) return pending.answer;
      const answer = ask(path, asked).finally(() => {
        if (asking.get(path)?.answer === answer) asking.delete(path);
      });
      asking.set(path, { at: asked, answer });
      return answer;
    },
    checkNow: (path) => ask(path, now(), Math.max(lookupTimeoutMs, CHECK_TIMEOUT_MS)),
    known: (path) => tokens.get(path)?.token,
    forget(path) {
      tokens.set(path, { token: null, at: now(), order: (questions += 1) });
      asking.delete(path);
    },
  };
}

/** The picture's URL naming its version: `/uploads/a.jpg` → `/uploads/a.jpg?v=<token>`. */
export const versionedUrl = (path: string, token: string) => `${path}?${PICTURE_VERSION_PARAM}=${token}`;
