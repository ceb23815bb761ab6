import { createAction } from '@reduxjs/toolkit';
import type { ApiError } from '../../api/types';

/** What a caller tells of its call, carried on the failure's report. */
export interface CallContext {
  /**
   * The route's detail load (navigation/routeLoads.ts): its "no such id" makes the page the 404
   * page, which says so itself. A "not found" from any other call is an error like any other.
   */
  routeDetail?: true;
  /** A form being sent (or what it needs to be sent): a reload now would lose what the visitor typed. */
  submission?: true;
}

/**
 * Every failed call is reported once, here; one saga decides what the visitor sees. The type names
 * that saga's folder (errors/) and stays so: recorded sessions (config/devtools/sessions) carry it.
 */
export const apiFailed = createAction('errors/apiFailed', (error: ApiError, context?: CallContext) => ({ payload: error, meta: context }));
