/**
 * A recorded session replayed with the sagas running: the visitor's actions are dispatched into a
 * store made by the app's own factory, the provider answers what it answered while recording, and
 * what the sagas did is compared with the recording: the actions they put, in their order, the
 * requests they made, the toasts shown, the pages loaded (a language switch, a reload) and the
 * final state. Answers and the visitor's actions come in the order they came while recording,
 * one at a time, each followed by all it sets off; delays are answered at once: the recording
 * fixed the order of events, the clock adds nothing.
 */
import type { Action } from 'redux';
import type { EffectMiddleware } from 'redux-saga';
import { call, delay } from 'redux-saga/effects';
import { createApi } from '../../src/api/api';
import { decodeEnvelope, toApiError, type ApiClient } from '../../src/api/client';
import { createAppStore } from '../../src/app/store';
import type { Services } from '../../src/features/deps';
import type { RootState } from '../../src/features/rootReducer';
import { changedPaths, type Session } from './session';
import { firstReordering } from './effectOrder';

/** One provider call as the browser made it (path without /api) and its answer. */
export interface Exchange {
  method: 'GET' | 'POST';
  path: string;
  /** The query string, its parameters sorted. */
  query: string;
  status: number;
  body: unknown;
  /**
   * When the page got the answer, among all answers (0, 1, …), or when it gave it up (`aborted`);
   * none: it never did either (sessions recorded before aborts were kept).
   */
  order?: number;
  /** When the page got it, on the machine's clock (ms), as the visitor's actions are stamped: which of them it came before. */
  at?: number;
  /**
   * The page aborted the request (its load was cancelled) at `order`; `status` and `body` are what
   * the provider answered all the same. A replay whose sagas have not aborted it by then is given
   * that answer: a stale load no longer cancelled shows as what it puts.
   */
  aborted?: true;
  /**
   * The request failed on its way at `order` (a scenario's `route.abort()`, an outage it plays):
   * the page got no answer, so a replay gets a network failure then.
   */
  failed?: true;
}

/** What the visitor saw happen besides the page: toasts, and pages loaded anew (`reload` or a path). */
export interface Effects {
  toasts: string[];
  documents: string[];
}

/** What a session needs to be replayed with sagas, beside its actions. */
export interface SagaRecording {
  /** For each recorded action: put by a saga (true) or dispatched by the visitor or the browser. */
  bySaga: boolean[];
  provider: Exchange[];
  effects: Effects;
  /**
   * The values the recorder typed into each submitted form, in order: exports never hold them
   * (DevTools redacts a submission), and the sagas validate them again. Fictional data.
   */
  typed?: Record<string, string>[];
  /** The tab's sessionStorage when the page started (the chunk-reload guard keeps its time there). */
  storage?: Record<string, string>;
  /** When the page's load began (the browser's time origin); sessions recorded before it was kept: their first action's time. */
  pageStartedAt?: number;
}

export interface SagaReplay {
  ok: boolean;
  differences: string[];
}

/** The mark redux-saga sets (not enumerable) on every action a saga puts. */
export const SAGA_ACTION = '@@redux-saga/SAGA_ACTION';
/** The function redux-saga's delay() calls. */
const DELAY_FN = (delay(0) as unknown as { payload: { fn: unknown } }).payload.fn;

export const exchangeKey = (method: string, path: string, query: string) => `${method} ${path}${query ? `?${query}` : ''}`;
export function sortedQuery(params: Record<string, unknown>): string {
  const pairs: [string, string][] = Object.entries(params)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => [key, String(value)]);
  return new URLSearchParams(pairs.sort(([a], [b]) => a.localeCompare(b))).toString();
}

/** A load's request id and a form's submission id are new in every run: compared as "some id". */
const RUN_IDS = new Set(['requestId', 'submission']);
function normalised(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalised);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, RUN_IDS.has(key) && typeof child === 'string' ? '<id>' : normalised(child)]));
}

/** Each item of `a` not matched by one of `b` (as multisets, compared by their JSON), as text. */
function missing(a: unknown[], b: unknown[]): string[] {
  const left = b.map((item) => JSON.stringify(item));
  return a
    .filter((item) => {
      const index = left.indexOf(JSON.stringify(item));
      if (index < 0) return true;
      left.splice(index, 1);
      return false;
    })
    .map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));
}

/**
 * The provider of the recording: each request gets the next answer recorded for it, in the order
 * the page got them while recording (an answer waits for those the page had before it). A request
 * the page never got an answer to (its load was cancelled) is only ever aborted.
 */
class RecordedProvider {
  readonly requests: string[] = [];
  private readonly answers = new Map<string, Exchange[]>();
  /** Requests made whose answer waits for its turn, by recorded order. */
  private readonly waiting = new Map<number, () => void>();
  private next = 0;
  /** The last answer (by order) the page had got by the time of the visitor's next action. */
  private openUpTo = Infinity;
  private releasing = false;

  constructor(private readonly provider: Exchange[]) {
    for (const exchange of provider) {
      const key = exchangeKey(exchange.method, exchange.path, exchange.query);
      this.answers.set(key, [...(this.answers.get(key) ?? []), exchange]);
    }
  }

  /**
   * Lets through the answers the page had got by `time` (a visitor's action's stamp), and every
   * answer when `time` is undefined (after the last action, or a recording without stamps).
   */
  openUntil(time: number | undefined) {
    const stamped = this.provider.filter((exchange) => exchange.order !== undefined && exchange.at !== undefined);
    this.openUpTo =
      time === undefined || stamped.length === 0
        ? Infinity
        : Math.max(-1, ...stamped.filter((exchange) => exchange.at! <= time).map((exchange) => exchange.order!));
    this.release();
  }

  /** Answers let through waiting for a turn that no request of this replay takes (a request no longer made). */
  get stalled(): boolean {
    return [...this.waiting.keys()].some((order) => order <= this.openUpTo);
  }

  /** Gives the earliest waiting answer its turn. */
  skipAhead() {
    this.next = Math.min(...this.waiting.keys());
    this.release();
  }

  /**
   * Gives the next answer its turn, one answer per task: what the sagas do with one is over
   * before the next arrives, as in the browser, where each answer is a task of its own.
   */
  private release() {
    const go = this.waiting.get(this.next);
    if (this.releasing || !go || this.next > this.openUpTo) return;
    this.waiting.delete(this.next);
    this.next += 1;
    go();
    this.releasing = true;
    setImmediate(() => {
      this.releasing = false;
      this.release();
    });
  }

  private turn(order: number): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.set(order, resolve);
      this.release();
    });
  }

  async answer(method: 'GET' | 'POST', path: string, params: Record<string, unknown>, signal?: AbortSignal) {
    const key = exchangeKey(method, path, sortedQuery(params));
    this.requests.push(key);
    const exchange = this.answers.get(key)?.shift();
    if (!exchange) throw { kind: 'network', code: null, msg: `no answer recorded for ${key}` };
    const aborted = new Promise<never>((_resolve, reject) => {
      const abort = () => reject({ kind: 'network', code: null, msg: 'aborted' });
      if (signal?.aborted) abort();
      else signal?.addEventListener('abort', abort);
    });
    if (exchange.order === undefined) return aborted;
    // An answer the page gave up still takes its turn, so the answers after it keep their order.
    const turn = this.turn(exchange.order);
    await (exchange.aborted ? Promise.race([turn, aborted]) : turn);
    if (exchange.failed) throw toApiError({ isAxiosError: true, message: 'Network Error' });
    if (exchange.status >= 200 && exchange.status < 300) return decodeEnvelope(exchange.body);
    throw toApiError({ isAxiosError: true, message: `HTTP ${exchange.status}`, response: { status: exchange.status, data: exchange.body } });
  }

  client(): ApiClient {
    return {
      get: async (path, params, signal) => (await this.answer('GET', path, params, signal)).data,
      post: (path, params) => this.answer('POST', path, params),
    };
  }
}

function recordingServices(effects: Effects, clock: { now: number }, pageStartedAt: number, stored: Record<string, string> = {}): Services {
  const toast = (msg: string) => void effects.toasts.push(msg);
  const storage = new Map(Object.entries(stored));
  return {
    toast: { success: toast, error: toast, info: toast, warning: toast },
    confirm: () => true,
    scrollTo: () => undefined,
    scrollToElement: () => true,
    getScrollTop: () => 0,
    scrolledBeforeApp: () => false,
    getCookie: () => null,
    setCookie: () => undefined,
    removeCookie: () => undefined,
    reload: () => void effects.documents.push('reload'),
    load: (url) => void effects.documents.push(url),
    preloadPage: () => Promise.resolve(true),
    now: () => clock.now,
    pageStartedAt: () => pageStartedAt,
    storageGet: (key) => storage.get(key) ?? null,
    storageSet: (key, value) => void storage.set(key, value),
    log: () => undefined,
  };
}

/** Every delay answered at once. */
const instantDelays: EffectMiddleware = (next) => (effect: { type?: string; payload?: { fn?: unknown } }) =>
  next(effect?.type === 'CALL' && effect.payload?.fn === DELAY_FN ? call(() => Promise.resolve()) : effect);

/** Lets every answer and every saga it wakes run to the end. */
async function settled(provider: RecordedProvider, dispatched: () => number) {
  for (let quiet = 0; quiet < 3;) {
    const before = dispatched();
    await new Promise((resolve) => setImmediate(resolve));
    quiet = dispatched() === before ? quiet + 1 : 0;
    if (quiet === 3 && provider.stalled) {
      provider.skipAhead();
      quiet = 0;
    }
  }
}

/** The recorded submission with the values the recorder typed (in order of the submissions). */
function withTyped(action: Action<string>, typed: Record<string, string>[] | undefined, index: number): Action<string> {
  const payload = (action as { payload?: { values?: Record<string, string> } }).payload;
  const values = typed?.[index];
  if (!payload?.values || !values) return action;
  return { ...action, payload: { ...payload, values: { ...payload.values, ...values } } } as Action<string>;
}

export async function replayWithSagas(session: Session, recording: SagaRecording): Promise<SagaReplay> {
  const effects: Effects = { toasts: [], documents: [] };
  const clock = { now: 0 };
  const initial = session.initialState as RootState;
  const provider = new RecordedProvider(recording.provider);
  const { requests } = provider;
  const api = createApi(provider.client(), initial.site?.mediaUrl ?? '');
  const put: Action<string>[] = [];
  let count = 0;
  const watch = () => (next: (action: unknown) => unknown) => (action: unknown) => {
    count += 1;
    if ((action as Record<string, unknown>)[SAGA_ACTION]) put.push(action as Action<string>);
    return next(action);
  };
  const { store } = createAppStore(
    initial,
    { api, services: recordingServices(effects, clock, recording.pageStartedAt ?? session.timestamps?.[0] ?? 0, recording.storage) },
    { middleware: [watch], checks: false, effectMiddlewares: [instantDelays] },
  );
  let submissions = 0;
  for (const [index, action] of session.actions.entries()) {
    if (recording.bySaga[index] || action.type === '@@INIT') continue;
    clock.now = session.timestamps?.[index] ?? clock.now;
    provider.openUntil(session.timestamps?.[index]);
    await settled(provider, () => count);
    const submitted = action.type.endsWith('Submitted') ? withTyped(action, recording.typed, submissions++) : action;
    store.dispatch(submitted);
    await settled(provider, () => count);
  }
  provider.openUntil(undefined);
  await settled(provider, () => count);
  const recordedPuts = session.actions.filter((_, index) => recording.bySaga[index]).map(normalised);
  const replayedPuts = put.map(normalised);
  const [gone, added] = [missing(recordedPuts, replayedPuts), missing(replayedPuts, recordedPuts)];
  const differences = [
    ...gone.map((a) => `a saga no longer puts ${a}`),
    ...added.map((a) => `a saga now puts ${a}`),
    ...firstReordering(recordedPuts, replayedPuts),
    ...missing(
      recording.provider.map((e) => exchangeKey(e.method, e.path, e.query)),
      requests,
    ).map((r) => `no longer requested: ${r}`),
    ...missing(
      requests,
      recording.provider.map((e) => exchangeKey(e.method, e.path, e.query)),
    ).map((r) => `newly requested: ${r}`),
    ...missing(recording.effects.toasts, effects.toasts).map((t) => `toast no longer shown: ${t}`),
    ...missing(effects.toasts, recording.effects.toasts).map((t) => `toast now shown: ${t}`),
    ...(JSON.stringify(recording.effects.documents) === JSON.stringify(effects.documents)
      ? []
      : [`pages loaded: recorded ${JSON.stringify(recording.effects.documents)}, replayed ${JSON.stringify(effects.documents)}`]),
  ];
  if (session.recordedFinal !== undefined) {
    const paths = changedPaths(normalised(JSON.parse(JSON.stringify(session.recordedFinal))), normalised(JSON.parse(JSON.stringify(store.getState()))));
    differences.push(...paths.map((path) => `final state differs at ${path}`));
  }
  return { ok: differences.length === 0, differences };
}
