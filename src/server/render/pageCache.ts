/**
 * Rendered pages, kept compressed with one ETag per encoding. Bounded (lru-cache, by bytes); one
 * render per key at a time (concurrent requests for a cold page share it), and at most
 * `maxRenders` renders of any keys at once (more wait in a short queue; beyond it the request
 * gets the fallback at once). Fresh for `freshMs`, then served stale while one background
 * render refreshes it; once past that window a request waits for a new render, unless the last
 * refresh failed: then the last good page (for as long as `staleIfErrorMs`) is served at once
 * while one background render tries again. A render that says the page is gone drops its entry.
 * A caller may name another bound (`lane`) for renders it trusts less (pageRenderer.ts), and a
 * budget of its own (`admit`: asked only when a new render would start, once a render slot is
 * held; false: none starts). A page in hand, fresh or stale, costs nothing: its background
 * refresh is not charged to the visitor it is served to.
 * clear() (every key) and drop() (the keys a test picks) say the content changed: their pages are
 * marked out of date, not thrown away, so the next request waits for a new render and, if that
 * render fails, still gets the last good page (the only copy there is) rather than the shell.
 * They also disown the renders running for those keys: such a render answers its caller but
 * stores nothing, and a request after it never joins that render, so no page from before
 * outlives it as if it were new.
 * Nothing here depends on who asked: entries are shared by design and hold no visitor data.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { createSlots, type Slots } from '../slots';

export interface CachedPage {
  status: number;
  html: string;
  gzip: Buffer;
  br: Buffer;
  /** One per encoding: a cache must never answer a gzip client's If-None-Match with brotli's bytes. */
  etags: { identity: string; gzip: string; br: string };
  renderedAt: number;
  /** Where the page moved: a redirect's Location (html is empty), for good with status 301, for now with 302. */
  location?: string;
  /**
   * The content changed while this page rendered (a drop or a clear overtook it): it answers the
   * requests that waited for it, but is kept by no cache, this one or one in front.
   */
  overtaken?: true;
}

export interface PageCacheOptions {
  maxBytes: number;
  freshMs: number;
  staleWhileRevalidateMs: number;
  staleIfErrorMs: number;
  /** Renders running at once; each holds a store, a React tree and provider calls. */
  maxRenders?: number;
  /** Renders waiting for a slot; past it a request gets its fallback without waiting. */
  maxQueued?: number;
  now?: () => number;
  /** A render that threw: a bug, not an outage. */
  onRenderError?: (key: string, error: unknown) => void;
  /** A kept page served because its new render failed (the page may be out of date). */
  onKeptPageServed?: (key: string, page: CachedPage) => void;
  /** How a kept page is made smaller once its waiting visitors have it (recompressed() unless a test holds it). */
  recompress?: (page: CachedPage) => Promise<CachedPage>;
}

/** `gone`: the provider says this page's content does not exist. null: this render failed. */
export type RenderResult = { status: number; html: string; location?: string } | 'gone' | null;
export type Render = () => Promise<RenderResult>;
/** Whether the asking visitor may start a render (their budget, searchBudget.ts). */
export type Admit = () => Promise<boolean>;

/** A render the visitor's budget refused (not a render that failed). */
const REFUSED = Symbol('refused');

/** A budget that cannot be counted admits: the global bound on renders still holds. */
const admitted = (admit: Admit) => admit().catch(() => true);

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/** Quick (about a millisecond for a page): what the visitors waiting for a render are sent. */
const QUICK_BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };
/** Brotli's best: a tenth smaller than quick for a page, for about 60 ms of a pool thread. */
const BEST_BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } };
/** Pages waiting for brotli's best; a burst of renders (visitors' searches) beyond it keeps quick brotli. */
const MAX_QUEUED_RECOMPRESSIONS = 16;

/**
 * Compressed on libuv's thread pool: a large page never holds the event loop. The brotli ETag is
 * weak: recompressed() gives the same page other bytes.
 */
export async function toCachedPage(status: number, html: string, renderedAt: number, location?: string): Promise<CachedPage> {
  const [br, gz] = await Promise.all([compressBrotli(html, QUICK_BROTLI), compressGzip(html)]);
  const hash = createHash('sha1').update(html).digest('base64url').slice(0, 20);
  const page: CachedPage = { status, html, gzip: gz, br, etags: { identity: `"${hash}"`, gzip: `"${hash}-gz"`, br: `W/"${hash}-br"` }, renderedAt };
  return location === undefined ? page : { ...page, location };
}

/**
 * The kept page's brotli body at brotli's best, made once its waiting visitors have theirs. What
 * a page weighs counts most for a visitor's first page: a page that fits the server's first
 * flight of packets on a new connection (ten of them, about 14 KB) arrives a round trip sooner.
 */
export async function recompressed(page: CachedPage): Promise<CachedPage> {
  const br = await compressBrotli(page.html, BEST_BROTLI).catch(() => null);
  return br && br.length < page.br.length ? { ...page, br } : page;
}

export function createPageCache(options: PageCacheOptions) {
  const {
    maxBytes,
    freshMs,
    staleWhileRevalidateMs,
    staleIfErrorMs,
    maxRenders = 4,
    maxQueued = 32,
    now = Date.now,
    onRenderError,
    onKeptPageServed,
    recompress = recompressed,
  } = options;
  /** Keys whose last refresh failed while a good page was in hand (bounded with the pages). */
  const failing = new Set<string>();
  /** Keys whose content changed after their page was rendered (clear, drop); a new page lifts the mark. */
  const outdated = new Set<string>();
  const pages = new LRUCache<string, CachedPage>({
    maxSize: maxBytes,
    sizeCalculation: (page) => page.html.length * 2 + page.gzip.length + page.br.length,
    dispose: (_page, key) => {
      failing.delete(key);
      outdated.delete(key);
    },
  });
  const rendering = new Map<string, RunningRender>();
  const slots = createSlots(maxRenders, maxQueued);
  // Brotli's best is a saving, not a need: one at a time on the thread pool (which also compresses
  // and reads files for visitors), a few waiting; past that a page keeps its quick compression.
  const recompressions = createSlots(1, MAX_QUEUED_RECOMPRESSIONS);

  /** `held`: the caller acquired the lane's slot already (refresh with a budget), and hands it over. */
  async function renderOnce(key: string, render: Render, lane: Slots, owner: Owner, held: boolean): Promise<CachedPage | 'gone' | null> {
    if (!held && !(await lane.acquire())) return null;
    try {
      const result = await render();
      if (result === 'gone') {
        if (owner.current) pages.delete(key);
        return 'gone';
      }
      if (!result) return null;
      const page = await toCachedPage(result.status, result.html, now(), result.location);
      if (!owner.current) return { ...page, overtaken: true };
      pages.set(key, page);
      void keepBest(key, page);
      return page;
    } catch (error) {
      onRenderError?.(key, error);
      return null;
    } finally {
      lane.release();
    }
  }

  async function refresh(key: string, render: Render, lane: Slots, admit?: Admit): Promise<CachedPage | 'gone' | null | typeof REFUSED> {
    const running = rendering.get(key);
    if (running) return running.outcome;
    if (admit) {
      const before = pages.get(key, { allowStale: true });
      // The slot first: the visitor pays only for a render that will run, never for a full queue.
      if (!(await lane.acquire())) return null;
      let handedOver = false;
      try {
        if (!(await admitted(admit))) return REFUSED;
        // Another request may have rendered the same page, or started to, while the slot was awaited or the budget counted.
        const started = rendering.get(key);
        if (started) return started.outcome;
        const stored = pages.get(key, { allowStale: true });
        if (stored && stored !== before && !outdated.has(key)) return stored;
        handedOver = true;
      } finally {
        if (!handedOver) lane.release();
      }
    }
    const owner: Owner = { current: true };
    const outcome = renderOnce(key, render, lane, owner, admit !== undefined).then((result) => {
      if (!owner.current) return result;
      if (result === null && pages.has(key)) failing.add(key);
      else failing.delete(key);
      return result;
    });
    const run: RunningRender = { owner, outcome };
    rendering.set(key, run);
    void run.outcome.finally(() => {
      if (rendering.get(key) === run) rendering.delete(key);
    });
    return run.outcome;
  }

  /** Stores `page` recompressed, unless something replaced it or marked it meanwhile. */
  async function keepBest(key: string, page: CachedPage) {
    const stillKept = () => pages.peek(key) === page && !outdated.has(key) && !failing.has(key);
    if (!(await recompressions.acquire())) return;
    try {
      if (!stillKept()) return; // replaced, dropped or purged while it waited: no work for nothing
      const best = await recompress(page);
      if (best !== page && stillKept()) pages.set(key, best);
    } finally {
      recompressions.release();
    }
  }

  /** What a running render learns no longer belongs in the cache: the content changed under it. */
  function disown(key: string) {
    const run = rendering.get(key);
    if (!run) return;
    run.owner.current = false;
    rendering.delete(key);
  }

  /** The content of `key` changed: its page waits for a new render, and stands in only if that fails. */
  function markOutdated(key: string) {
    disown(key);
    if (!pages.has(key)) return;
    outdated.add(key);
    failing.delete(key);
  }

  /** Marks the keys `affected` picks out of date; returns those of them with a kept page (the ones a cache in front may hold too). */
  function drop(affected: (key: string) => boolean): string[] {
    const kept: string[] = [];
    for (const key of new Set([...rendering.keys(), ...pages.keys()])) {
      if (!affected(key)) continue;
      if (pages.has(key)) kept.push(key);
      markOutdated(key);
    }
    return kept;
  }

  return {
    /**
     * The page to serve for key; 'gone' when its content no longer exists; null: serve the
     * fallback. `lane`: the bound a render of this key waits for, when not the cache's own;
     * `admit`: whether the caller may start a render (a page in hand or a render running is free).
     */
    async get(key: string, render: Render, lane: Slots = slots, admit?: Admit): Promise<CachedPage | 'gone' | null> {
      const cached = pages.get(key, { allowStale: true });
      const age = cached ? now() - cached.renderedAt : Infinity;
      const current = !outdated.has(key);
      if (cached && current && age < freshMs) return cached;
      const standIn = cached && age < staleIfErrorMs && failing.has(key);
      if (cached && ((current && age < freshMs + staleWhileRevalidateMs) || standIn)) {
        // An out-of-date page stands in only after its new render failed (told then, and retried here).
        // The visitor is served the page in hand: the background refresh is not charged to them.
        void refresh(key, render, lane);
        return cached;
      }
      const page = await refresh(key, render, lane, admit);
      // The visitor's budget is spent: no render was tried, so none failed.
      if (page === REFUSED) return cached && age < staleIfErrorMs ? cached : null;
      if (page) return page;
      if (!cached || age >= staleIfErrorMs) return null;
      onKeptPageServed?.(key, cached);
      return cached;
    },
    /** The content changed: every page is out of date, and what renders still running will learn it. Returns the kept pages' keys. */
    clear(): string[] {
      return drop(() => true);
    },
    /** Like clear(), for the keys `affected` picks alone. */
    drop,
    /** Like drop(), and their pages are thrown away: what they showed was taken down, and must not stand in for a failed render. */
    forget(affected: (key: string) => boolean): string[] {
      const kept = drop(affected);
      for (const key of kept) pages.delete(key);
      return kept;
    },
    get size() {
      return pages.size;
    },
  };
}

/** Turns false once a clear() or drop() overtakes the render: then it stores nothing. */
interface Owner {
  current: boolean;
}

interface RunningRender {
  owner: Owner;
  outcome: Promise<CachedPage | 'gone' | null>;
}

export type PageCache = ReturnType<typeof createPageCache>;
