import type { Action, DevToolsEnhancerOptions, Middleware } from '@reduxjs/toolkit';
import { APPLICATION_FIELDS, PATIENT_FIELDS } from '../contracts/forms';

/**
 * What Redux DevTools may show of a visit. A recorded session is exported and attached to bug
 * reports, so what a visitor typed into a form is replaced by a marker of the same length:
 * the shape of the problem (empty, too long) stays visible, the person does not.
 */

/** The same number of characters (UTF-16 units, as maxLength and the length rules count them). */
export function redact(value: string): string {
  return '*'.repeat(value.length);
}

/** Every field a visitor types into; the patient form's category is a choice from a fixed list. */
const TYPED_FIELDS: ReadonlySet<string> = new Set([...APPLICATION_FIELDS, ...PATIENT_FIELDS].filter((field) => field !== 'category'));

/** A form's values travel under `values` (the submit actions); a `token` is secret wherever it is. */
const isSecret = (key: string, inValues: boolean) => key === 'token' || (inValues && TYPED_FIELDS.has(key));

function redactLeaves(value: unknown): unknown {
  if (typeof value === 'string') return redact(value);
  if (typeof value === 'number') return redact(String(value));
  if (Array.isArray(value)) return value.map(redactLeaves);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, redactLeaves(child)]));
  return value;
}

/** A copy with the secrets redacted, sharing every part that has none; the input is never changed. */
function sanitize<T>(value: T, inValues = false): T {
  if (Array.isArray(value)) {
    const copy = value.map((child) => sanitize(child, inValues));
    return (copy.some((child, index) => child !== value[index]) ? copy : value) as T;
  }
  if (!value || typeof value !== 'object') return value;
  let copy: Record<string, unknown> | null = null;
  for (const [key, child] of Object.entries(value)) {
    const next = isSecret(key, inValues) ? redactLeaves(child) : sanitize(child, key === 'values');
    if (next !== child) {
      copy ??= { ...(value as Record<string, unknown>) };
      copy[key] = next;
    }
  }
  return (copy ?? value) as T;
}

export const actionSanitizer = <A extends Action>(action: A): A => sanitize(action);
export const stateSanitizer = <S>(state: S): S => sanitize(state);

/**
 * The sanitizers shape what the DevTools monitor shows, but the extension's Export writes the
 * actions as the store recorded them. So the recorded copy is redacted too: this middleware sits
 * after the saga middleware (which already handed the sagas the action as dispatched) and passes
 * the store, and so the DevTools inside it, the redacted one. Reducers never read typed values.
 */
export const redactedForDevTools: Middleware = () => (next) => (action) => next(actionSanitizer(action as Action));

export const devToolsOptions: DevToolsEnhancerOptions = {
  name: 'Yuechuan website',
  trace: process.env.NODE_ENV === 'development',
  // Enough history for a whole visit with its loads, not only the last moments.
  maxAge: 500,
  actionSanitizer,
  stateSanitizer,
};
