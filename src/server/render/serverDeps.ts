/**
 * What the sagas get on the server: the provider reached directly (keep-alive, no visitor
 * token, a deadline) and services that do nothing, since there is no visitor to show a toast to,
 * no page to scroll and no cookie to set. Made per request; nothing here outlives it.
 */
import { Agent } from 'node:http';
import { createApi } from '../../api/api';
import { createApiClient } from '../../api/client';
import type { Deps, Services } from '../../features/deps';

export function createProviderApi(providerUrl: string, mediaUrl: string, deadlineMs: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 32 });
  return createApi(createApiClient({ getToken: () => null, baseURL: providerUrl, timeoutMs: deadlineMs, httpAgent: agent }), mediaUrl);
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
    getCookie: () => null,
    setCookie: nothing,
    removeCookie: nothing,
    reload: nothing,
    load: nothing,
    navigate: nothing,
    now: () => Date.now(),
    storageGet: () => null,
    storageSet: nothing,
    log,
  };
}

export function serverDeps(api: Deps['api'], log: (...args: unknown[]) => void): Deps {
  return { api, services: serverServices(log) };
}
