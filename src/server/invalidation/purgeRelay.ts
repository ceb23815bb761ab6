/**
 * A CMS change reaches every site process and the cache in front of them (config/nginx). The
 * process Strapi calls marks its own pages at once; then, with a burst of changes coalesced (a
 * bulk publish of N entries is one round, not N webhooks × every process), it
 * passes them to its peers (SITE_PEERS), which mark theirs before they answer, and only then
 * asks the cache (CACHE_REFRESH_URL) for a new copy of each page it had kept, and of each listed
 * page the changes show on (`listed`: a copy the cache made before every process restarted is
 * one no process can name). The order matters:
 * a refresh that reached a peer still holding the old page would store the old page again.
 * A peer that is down is logged and skipped: its pages age out with its cache's fresh window.
 */
import { request } from 'node:http';
import type { CmsChange } from '../render/cmsAffectedPages';

/** Sent to the cache: this request replaces the copy it holds (config/nginx/site-cache-http.conf says who may). */
export const CACHE_REFRESH_HEADER = 'x-cache-refresh';
const REFRESHES_AT_ONCE = 4;
/** The copies nginx keeps of a page, one per encoding the site sends (config/nginx/site-cache-http.conf). */
const PAGE_VARIANTS = ['br', 'gzip', ''].map((encoding) => ({ 'accept-encoding': encoding }));
/** The copies nginx keeps of a picture, one per format it asks the site for (config/nginx/site-cache.conf). */
const PICTURE_VARIANTS = ['image/avif', 'image/webp', ''].map((accept) => ({ accept }));
const PEER_TIMEOUT_MS = 5000;

export interface PurgeRelayOptions {
  /** The other site processes, as this one reaches them (http://10.0.0.12:3000). */
  peers: readonly string[];
  /** The caching proxy in front of the site processes, as this one reaches it; null: none. */
  cacheUrl: string | null;
  /** The CMS webhook's secret, which the peers check too. */
  secret: string;
  /** The webhook path of the peers. */
  path: string;
  /** The pages the changes show on that the site lists, kept by a process or not (changedPages.ts). */
  listed?: (changes: CmsChange[]) => Promise<string[]>;
  /** Quiet time that ends a burst of changes, and the longest a change waits for its burst to end. */
  windowMs?: number;
  maxWaitMs?: number;
  warn(message: string): void;
}

export function createPurgeRelay({ peers, cacheUrl, secret, path, listed, windowMs = 200, maxWaitMs = 2000, warn }: PurgeRelayOptions) {
  let changes: CmsChange[] = [];
  /** What the changes turned out to be here, whose pages are listed (a media edit that showed nothing lists none). */
  let shown: CmsChange[] = [];
  let pages = new Set<string>();
  /** URLs of copies of replaced or deleted files (fileTakedown.ts). */
  let pictures = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let firstAt: number | null = null;
  let rounds: Promise<void> = Promise.resolve();

  async function tell(peer: string, batch: CmsChange[]) {
    try {
      const res = await fetch(new URL(path, peer), {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({ relayed: batch }),
        signal: AbortSignal.timeout(PEER_TIMEOUT_MS),
      });
      if (!res.ok) warn(`Site process ${peer} refused the CMS changes (${res.status})`);
    } catch (error) {
      warn(`Site process ${peer} could not be told of the CMS changes: ${(error as Error).message}`);
    }
  }

  /**
   * The refresh of each copy (page and variant) still under way: the next one of the same copy
   * waits for it. Without that, a refresh a publish started (the lane of listed pages can run
   * seconds) could answer nginx after the refresh an unpublish started a moment later, and nginx
   * would keep the page that shows the article taken down.
   */
  const refreshing = new Map<string, Promise<void>>();
  function refresh(page: string, variant: Record<string, string>): Promise<void> {
    const copy = `${page} ${JSON.stringify(variant)}`;
    const mine = (refreshing.get(copy) ?? Promise.resolve()).then(() => refreshOnce(page, variant));
    refreshing.set(copy, mine);
    void mine.then(() => {
      if (refreshing.get(copy) === mine) refreshing.delete(copy);
    });
    return mine;
  }

  /** One GET through the cache with the refresh header, for the page's own host and a variant (the cache's key). */
  function refreshOnce(page: string, variant: Record<string, string>): Promise<void> {
    const target = new URL(page);
    const via = new URL(cacheUrl as string);
    return new Promise((resolve) => {
      const req = request(
        {
          host: via.hostname,
          port: via.port,
          path: `${target.pathname}${target.search}`,
          headers: { host: target.host, ...variant, [CACHE_REFRESH_HEADER]: '1' },
          timeout: PEER_TIMEOUT_MS,
        },
        (res) => {
          // A redirect or a refusal means the refresh went to the wrong place (an https-only
          // listener, an address site-cache-http.conf does not list): say so, the pages stay old.
          const status = res.statusCode ?? 0;
          if (status >= 300 && status !== 404 && status !== 304) warn(`The cache at ${cacheUrl} answered ${status} to the refresh of ${target.pathname}`);
          res.resume().on('end', resolve).on('error', resolve);
        },
      );
      req.on('timeout', () => req.destroy(new Error('timed out')));
      req.on('error', (error) => {
        warn(`The cache at ${cacheUrl} could not refresh ${target.pathname}: ${error.message}`);
        resolve();
      });
      req.end();
    });
  }

  async function refreshAll(list: string[], variants: Record<string, string>[] = PAGE_VARIANTS) {
    const queue = list.flatMap((page) => variants.map((variant) => [page, variant] as const));
    const worker = async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) await refresh(...next);
    };
    await Promise.all(Array.from({ length: Math.min(REFRESHES_AT_ONCE, queue.length) }, worker));
  }

  /**
   * Listed pages no process held, refreshed in a lane of their own, a page named by several
   * rounds while it waits once: a change that shows everywhere names the whole catalogue, and the
   * next change's round must not wait behind it.
   */
  const unheld = new Set<string>();
  let draining: Promise<void> | null = null;
  function refreshUnheld(pages: readonly string[]) {
    for (const page of pages) unheld.add(page);
    draining ??= (async () => {
      while (unheld.size > 0) {
        const next = [...unheld];
        unheld.clear();
        await refreshAll(next);
      }
      draining = null;
    })();
  }

  async function round(batch: CmsChange[], listedFor: CmsChange[], kept: string[], files: string[]) {
    if (batch.length > 0) await Promise.all(peers.map((peer) => tell(peer, batch)));
    if (!cacheUrl) return;
    await refreshAll(files, PICTURE_VARIANTS);
    await refreshAll(kept);
    if (!listed || listedFor.length === 0) return;
    const held = new Set(kept);
    listed(listedFor).then(
      (pages) => refreshUnheld(pages.filter((page) => !held.has(page))),
      (error: Error) => warn(`The pages the CMS changes show on could not be listed: ${error.message}`),
    );
  }

  function flush() {
    timer = null;
    firstAt = null;
    const batch = changes;
    const listedFor = shown;
    const kept = [...pages];
    const files = [...pictures];
    changes = [];
    shown = [];
    pages = new Set();
    pictures = new Set();
    rounds = rounds.then(() => round(batch, listedFor, kept, files));
  }

  /** Goes out once no change came for `windowMs`, or `maxWaitMs` after the first (a long bulk publish). */
  function schedule() {
    const now = Date.now();
    firstAt ??= now;
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, Math.max(0, Math.min(windowMs, firstAt + maxWaitMs - now)));
  }

  return {
    /**
     * A change the CMS sent this process, the kept pages it marked and the file copies it forgot:
     * passed on to the peers and the cache. `settled`: what it turned out to be here (a media
     * edit: a replaced file, or null when nothing public changed here), whose pages are listed.
     */
    received(change: CmsChange, marked: readonly string[], files: readonly string[] = [], settled: CmsChange | null = change) {
      changes.push(change);
      if (settled) shown.push(settled);
      for (const page of marked) pages.add(page);
      for (const file of files) pictures.add(file);
      schedule();
    },
    /** Changes a peer passed on, and what they marked and forgot here: the cache only (the peer told the others). */
    relayed(marked: readonly string[], files: readonly string[] = []) {
      for (const page of marked) pages.add(page);
      for (const file of files) pictures.add(file);
      if (marked.length > 0 || files.length > 0) schedule();
    },
  };
}

export type PurgeRelay = ReturnType<typeof createPurgeRelay>;
