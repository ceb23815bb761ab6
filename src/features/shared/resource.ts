import type { ApiError } from '../../api/types';

/** Every remote resource is a small state machine: idle → loading → succeeded | failed. */
export type Status = 'idle' | 'loading' | 'succeeded' | 'failed';

/**
 * One load of anything the provider gives (a page's section, a list page): its status, its
 * data (kept while it loads again), its error, and the request that owns it: only that
 * request's answer settles it. The request id travels in the actions, so a saga never asks the
 * state whether it owns a load (Redux DevTools may be showing the past).
 */
export interface Resource<T> {
  status: Status;
  data: T | null;
  error: ApiError | null;
  requestId: string | null;
}

export const IDLE: Resource<never> = { status: 'idle', data: null, error: null, requestId: null };

/** Loaded, and the provider has none: a section an editor left out (unpublished, deleted, emptied). */
export const isAbsent = (resource: Resource<unknown>): boolean => resource.status === 'succeeded' && resource.data === null;
