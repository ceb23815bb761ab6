/**
 * The shared helpers of the state machine's tests. Test doubles for the sagas' injected boundary
 * (features/deps.ts): every service is a jest mock that records its calls; the api answers from a
 * table of fakes. No DOM needed. States built by real actions through the reducers, and the
 * providers that answer a saga's time and content loads. Importing this file registers nothing:
 * config/jest/setupClient.ts checks after every client test that the fake api was not called
 * without a fake (unexpectedApiCalls.testing.ts).
 */
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic } from 'redux-saga-test-plan/providers';
import { END, type Channel } from 'redux-saga';
import { actionChannel, delay, put, select, take, type ActionPattern } from 'redux-saga/effects';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { Api } from '../api/api';
import { recordUnexpectedApiCall } from './unexpectedApiCalls.testing';
import { fetchContent } from './content/saga';
import type { ContentName, ContentParams } from './content/types';
import type { Locale } from '../contracts/locale';
import type { ApiError } from '../api/types';
import { contentFailed, contentRequested, contentSucceeded } from './content/slice';
import { rootReducer } from './rootReducer';
import type { RootState } from './rootReducer';
import type { Deps, Services } from './deps';

export function fakeServices(overrides: Partial<Services> = {}): Services {
  let clock = 1_000_000;
  const storage = new Map<string, string>();
  return {
    toast: { success: jest.fn(), error: jest.fn(), info: jest.fn(), warning: jest.fn() },
    confirm: jest.fn(() => true),
    scrollTo: jest.fn(),
    scrollToElement: jest.fn(() => true),
    getScrollTop: jest.fn(() => 0),
    scrolledBeforeApp: jest.fn(() => false),
    getCookie: jest.fn(() => null),
    setCookie: jest.fn(),
    removeCookie: jest.fn(),
    reload: jest.fn(),
    load: jest.fn(),
    now: jest.fn(() => (clock += 10)),
    pageStartedAt: jest.fn(() => 0),
    storageGet: jest.fn((key: string) => storage.get(key) ?? null),
    storageSet: jest.fn((key: string, value: string) => void storage.set(key, value)),
    log: jest.fn(),
    ...overrides,
  };
}

export { takeUnexpectedApiCalls } from './unexpectedApiCalls.testing';

/**
 * An api that answers only with the fakes a test gives. Any other call fails the test: it is
 * recorded, and it rejects with an Error (not an ApiError), which callApi logs and rethrows
 * instead of turning it into an outage the saga would quietly show.
 */
export function fakeApi(overrides: Partial<Record<keyof Api, (...args: never[]) => Promise<unknown>>> = {}): Api {
  return new Proxy({} as Api, {
    get: (_target, name) => {
      if (typeof name !== 'string' || name === 'then') return undefined;
      const fake = (overrides as Record<string, unknown>)[name];
      if (fake) return fake;
      return () => {
        recordUnexpectedApiCall(name);
        return Promise.reject(new Error(`Unexpected api call: ${name} has no fake in this test`));
      };
    },
  });
}

export function fakeDeps(api: Partial<Record<keyof Api, (...args: never[]) => Promise<unknown>>> = {}, services: Partial<Services> = {}): Deps {
  return { api: fakeApi(api), services: fakeServices(services) };
}

export const envelopeError = (code: number, msg: string): ApiError => ({ kind: 'envelope', code, msg });
export const networkError = (msg = 'timeout'): ApiError => ({ kind: 'network', code: null, msg });

/** An answer the test gives while the saga runs: a late answer, or one that never comes. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A full state built by the real reducers, then adjusted. */
export function stateWith(adjust: (state: RootState) => void = () => {}): RootState {
  const state = rootReducer(undefined, { type: '@@test/init' });
  const copy = JSON.parse(JSON.stringify(state)) as RootState;
  adjust(copy);
  return copy;
}

/** The function redux-saga's `delay(ms)` calls: a provider for it makes every delay a step of the test. */
export const DELAY_FN = (delay(0) as unknown as { payload: { fn: (ms: number) => Promise<void> } }).payload.fn;

/**
 * Time as an input, never a wait: `.provide([clock.provider, …])` answers every `delay`
 * at once and counts the time it stood for, so "after 200 ms" and "the 4 s give-up" are steps
 * of the test, not waits. `waits` lists each delay asked for, in order; `now()` is their sum.
 */
export function virtualClock() {
  let time = 0;
  const waits: number[] = [];
  const provider: [matchers.Matcher, ReturnType<typeof dynamic>] = [
    matchers.call.fn(DELAY_FN),
    dynamic((effect: { args: unknown[] }) => {
      const ms = Number(effect.args[0]);
      waits.push(ms);
      time += ms;
      return undefined;
    }),
  ];
  return { provider, waits, now: () => time };
}

/** A content load as the provider was asked for it (the arguments of `fetchContent`). */
export interface AskedContent {
  name: ContentName;
  params: ContentParams;
  locale: Locale;
  signal: AbortSignal;
}

/**
 * The provider of a saga test: `.provide([provider.fetch])` answers every content load with
 * `answer` (a value, a promise the test settles during the run, or a rejection), and
 * `provider.asked` lists the loads asked, with the signal that aborts each.
 */
export function contentProvider(answer: (asked: AskedContent) => unknown) {
  const asked: AskedContent[] = [];
  const fetch: [matchers.Matcher, ReturnType<typeof dynamic>] = [
    matchers.call.fn(fetchContent),
    dynamic(({ args }: { args: unknown[] }) => {
      const [, name, params, locale, signal] = args as [unknown, ContentName, ContentParams, Locale, AbortSignal];
      asked.push({ name, params, locale, signal });
      return answer({ name, params, locale, signal });
    }),
  ];
  return { fetch, asked };
}

type AnyAction = Parameters<typeof rootReducer>[1];

/** A state built by real actions through the reducers, from their initial state. */
export const stateAfter = (...actions: AnyAction[]): RootState => actions.reduce(rootReducer, rootReducer(undefined, { type: '@@test/init' }));

/**
 * A content load that settled, as the sagas load it: its request, then the answer carrying the
 * request's id: `data`, or with `error` the failure.
 */
export function settledEntry(
  key: string,
  answer: { data: unknown } | { error: ApiError },
): [ReturnType<typeof contentRequested>, ReturnType<typeof contentSucceeded> | ReturnType<typeof contentFailed>] {
  const request = contentRequested({ key });
  const { requestId } = request.payload;
  return [request, 'error' in answer ? contentFailed({ key, requestId, error: answer.error }) : contentSucceeded({ key, requestId, data: answer.data })];
}

/** A content load that was answered with `data`: its request, and the answer carrying the request's id. */
export const loadedEntry = (key: string, data: unknown) => settledEntry(key, { data });

/**
 * The end of a watcher test as a step of its script, not a wait: puts `actions` in order, then,
 * once an action matching `last` has been put (by them or by the sagas under test), puts END,
 * which ends every watcher after the work it has started. Run it beside the watchers, forked
 * before it: `yield fork(watcher, deps); yield* endOn(done.type, visit)`.
 */
export function* endOn(last: ActionPattern, ...actions: UnknownAction[]): Generator<unknown, void, unknown> {
  const seen = (yield actionChannel(last)) as Channel<UnknownAction>;
  for (const action of actions) yield put(action);
  yield take(seen);
  yield put(END);
}

/**
 * Waits until `done` holds for the store's state, looking again after each action: a scripted
 * visit's next step follows what the sagas did, not a span of time.
 */
export function* until(done: (state: RootState) => boolean): Generator<unknown, void, unknown> {
  while (!((yield select(done)) as boolean)) yield take('*');
}
