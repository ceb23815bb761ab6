/**
 * Test doubles for the sagas' injected boundary (features/deps.ts): every service is a jest
 * mock that records its calls; the api answers from a table of fakes. No DOM needed.
 */
import type { Api } from '../api/api';
import type { ApiError } from '../api/types';
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
    getCookie: jest.fn(() => null),
    setCookie: jest.fn(),
    removeCookie: jest.fn(),
    reload: jest.fn(),
    load: jest.fn(),
    navigate: jest.fn(),
    now: jest.fn(() => (clock += 10)),
    storageGet: jest.fn((key: string) => storage.get(key) ?? null),
    storageSet: jest.fn((key: string, value: string) => void storage.set(key, value)),
    log: jest.fn(),
    ...overrides,
  };
}

/** An api whose every function rejects unless given; tests pass the ones they exercise. */
export function fakeApi(overrides: Partial<Record<keyof Api, (...args: never[]) => Promise<unknown>>> = {}): Api {
  return new Proxy({} as Api, {
    get: (_target, name: string) =>
      (overrides as Record<string, unknown>)[name] ?? (() => Promise.reject({ kind: 'network', code: null, msg: `no fake for ${name}` } satisfies ApiError)),
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
