import type { ApiError } from '../../api/types';

/** Every remote resource is a small state machine (CONVENTIONS rule 4). */
export type Status = 'idle' | 'loading' | 'succeeded' | 'failed';
export interface Resource<T> {
  status: Status;
  data: T | null;
  error: ApiError | null;
}

export const IDLE: Resource<never> = { status: 'idle', data: null, error: null };

/** Loaded, or on its way: entering the page again asks for nothing. */
export const isSettledOrLoading = (status: Status | undefined): boolean => status === 'succeeded' || status === 'loading';
