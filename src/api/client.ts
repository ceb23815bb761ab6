/**
 * The one HTTP client of the app: base /api, form-urlencoded bodies, `token` header from the
 * token cookie, 10 s timeout. It unwraps the {code, msg, data} envelope into data, or rejects
 * with a serialisable ApiError that tells an envelope error from a network failure.
 *
 * axios loads with the first request, not with the page: a server-rendered page makes no
 * request until the visitor moves on, so its first paint never waits for axios's evaluation.
 */
import type { AxiosError, AxiosInstance } from 'axios';
import { ENVELOPE_CODE } from '../contracts/envelope';
import { TIMING } from '../contracts/constants';
import type { ApiError } from './types';

export interface ApiClientOptions {
  getToken: () => string | null;
  baseURL?: string;
  timeoutMs?: number;
}

export interface ApiClient {
  /** `signal` aborts the request (its caller no longer waits for it). */
  get(path: string, params: Record<string, string | number | undefined>, signal?: AbortSignal): Promise<unknown>;
  post(path: string, params: Record<string, string | undefined>, body: Record<string, string | number>): Promise<{ data: unknown; msg: string }>;
}

const NETWORK_MESSAGE = 'network error';

export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && 'kind' in value && 'msg' in value;
}

/** Reads an answer body as an envelope; anything else is a network-class failure. */
export function decodeEnvelope(body: unknown): { data: unknown; msg: string } {
  if (typeof body !== 'object' || body === null || !('code' in body)) {
    throw { kind: 'network', code: null, msg: 'malformed answer' } satisfies ApiError;
  }
  const { code, msg, data } = body as { code: unknown; msg: unknown; data: unknown };
  const text = typeof msg === 'string' ? msg : '';
  if (code === ENVELOPE_CODE.ok || code === String(ENVELOPE_CODE.ok)) return { data, msg: text };
  const numeric = Number(code);
  throw { kind: 'envelope', code: Number.isFinite(numeric) ? numeric : ENVELOPE_CODE.error, msg: text } satisfies ApiError;
}

/** What axios.isAxiosError checks, without loading axios to ask it. */
function isAxiosError(error: unknown): error is AxiosError {
  return typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;
}

export function toApiError(error: unknown): ApiError {
  if (isApiError(error)) return error;
  if (isAxiosError(error)) {
    // The site proxy answers a down or slow provider with an envelope (502/504): that is an envelope error.
    const { response } = error;
    if (response && typeof response.data === 'object' && response.data !== null && 'code' in response.data) {
      try {
        decodeEnvelope(response.data);
      } catch (decoded) {
        // A body with a code decodes to an envelope error (code 0 returns instead).
        const envelope = decoded as Extract<ApiError, { kind: 'envelope' }>;
        return response.status === 404 ? { ...envelope, notFound: true } : envelope;
      }
    }
    return { kind: 'network', code: null, msg: error.code === 'ETIMEDOUT' ? 'timeout' : error.message || NETWORK_MESSAGE };
  }
  return { kind: 'network', code: null, msg: error instanceof Error ? error.message : NETWORK_MESSAGE };
}

export function createApiClient({ getToken, baseURL = '/api', timeoutMs = TIMING.requestTimeoutMs }: ApiClientOptions): ApiClient {
  let instance: Promise<AxiosInstance> | null = null;
  const http = () =>
    (instance ??= import(/* webpackChunkName: "axios", webpackPrefetch: true */ 'axios').then(
      ({ default: axios }) => {
        const created = axios.create({
          baseURL,
          timeout: timeoutMs,
          // A timeout is ETIMEDOUT, not the ECONNABORTED of an aborted request.
          transitional: { clarifyTimeoutError: true },
        });
        created.interceptors.request.use((config) => {
          const token = getToken();
          if (token) config.headers.set('token', token);
          return config;
        });
        return created;
      },
      (error: unknown) => {
        instance = null; // offline for a moment: the next request (Retry) loads it again
        throw error;
      },
    ));

  const send = async (run: (http: AxiosInstance) => Promise<{ data: unknown }>) => {
    // A failed download of axios's chunk rejects as itself, not as an ApiError: it is no provider
    // failure but an old tab after a deploy, which the sagas hand to the chunk-reload guard.
    const client = await http();
    try {
      const response = await run(client);
      return decodeEnvelope(response.data);
    } catch (error) {
      throw toApiError(error);
    }
  };

  return {
    get: async (path, params, signal) => (await send((http) => http.get(path, { params, signal }))).data,
    post: (path, params, body) =>
      send((http) =>
        http.post(path, new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])), {
          params,
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        }),
      ),
  };
}
