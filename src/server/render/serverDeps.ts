/**
 * What the sagas get on the server: the provider reached directly (keep-alive, no visitor
 * token, a deadline) and services that do nothing, since there is no visitor to show a toast to,
 * no page to scroll and no cookie to set. Made per request; nothing here outlives it.
 */
import { createApi } from '../../api/api';
import { decodeEnvelope, isApiError, type ApiClient } from '../../api/client';
import type { ApiError } from '../../api/types';
import type { Deps, Services } from '../../features/deps';
import { REQUEST_ID_HEADER } from '../../contracts/constants';

/**
 * The provider as the server asks it (fetch keeps connections alive). The provider answers an
 * id it does not know with HTTP 404 and envelope code 1 (a `notFound` envelope error, the only
 * failure a page takes for "not found"), a refusal with code 1, and an outage (busy database,
 * crash) with a 5xx. A 5xx, a timeout, a dropped connection or garbage are `network` failures.
 */
export function createProviderClient(providerUrl: string, timeoutMs: number, requestId?: string, authorization?: string): ApiClient {
  const failure = (msg: string): ApiError => ({ kind: 'network', code: null, msg });
  const answer = async (url: string, cancel?: AbortSignal): Promise<{ body: unknown; notFound: boolean }> => {
    try {
      const headers: Record<string, string> = { ...(requestId ? { [REQUEST_ID_HEADER]: requestId } : {}), ...(authorization ? { authorization } : {}) };
      // A render past its deadline cancels its loads: their requests end with them.
      const timeout = AbortSignal.timeout(timeoutMs);
      const response = await fetch(url, { signal: cancel ? AbortSignal.any([timeout, cancel]) : timeout, headers });
      const notFound = response.status === 404;
      if (!response.ok && !notFound) {
        await response.body?.cancel();
        throw failure(`the provider answered HTTP ${response.status}`);
      }
      return { body: await response.json(), notFound };
    } catch (error) {
      if (typeof error === 'object' && error !== null && 'kind' in error) throw error;
      throw failure(error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'malformed or missing answer');
    }
  };
  return {
    async get(path, params, signal) {
      const query = new URLSearchParams();
      for (const [name, value] of Object.entries(params)) if (value !== undefined) query.set(name, String(value));
      const { body, notFound } = await answer(`${providerUrl}${path}?${query}`, signal);
      try {
        return decodeEnvelope(body).data;
      } catch (error) {
        throw notFound && isApiError(error) && error.kind === 'envelope' ? { ...error, notFound: true } : error;
      }
    },
    post: () => Promise.reject(failure('the server renderer submits nothing')),
  };
}

/**
 * `requestId`: the visitor request a render serves, so the provider's log lines name it too.
 * `authorization`: what the provider asks before answering from drafts (a preview's calls).
 */
export function createProviderApi(providerUrl: string, mediaUrl: string, deadlineMs: number, requestId?: string, authorization?: string) {
  return createApi(createProviderClient(providerUrl, deadlineMs, requestId, authorization), mediaUrl);
}

/** The typed provider calls (src/api) as the server makes them. */
export type ProviderApi = ReturnType<typeof createProviderApi>;

const nothing = () => undefined;

export function serverServices(log: (...args: unknown[]) => void): Services {
  return {
    toast: { success: nothing, error: nothing, info: nothing, warning: nothing },
    confirm: () => false,
    scrollTo: nothing,
    scrollToElement: () => false,
    getScrollTop: () => 0,
    scrolledBeforeApp: () => false,
    getCookie: () => null,
    setCookie: nothing,
    removeCookie: nothing,
    reload: nothing,
    load: nothing,
    now: () => Date.now(),
    pageStartedAt: () => Date.now(),
    storageGet: () => null,
    storageSet: nothing,
    log,
  };
}

export function serverDeps(api: Deps['api'], log: (...args: unknown[]) => void): Deps {
  return { api, services: serverServices(log) };
}
