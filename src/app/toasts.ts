/**
 * Toasts on demand: the first one loads the toast library and mounts its container
 * (src/app/ToastHost.tsx); every toast waits for that, so none is lost. Browser only.
 * The loading starts after the next frame: adding the library's stylesheet and script to the
 * document inside a tap would hold back the tap's own answer.
 */
import { afterPaint } from '../ui/afterNextPaint';
import type { Toast } from './ToastHost';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

let host: Promise<Toast> | null = null;

function loadHost(): Promise<Toast> {
  host ??= afterPaint()
    .then(() => import('./ToastHost'))
    .then(({ mountToastHost }) => mountToastHost());
  // A failed chunk load is retried by the next toast.
  host.catch(() => {
    host = null;
  });
  return host;
}

export function showToast(kind: ToastKind, message: string, options?: { autoClose?: number }): void {
  loadHost().then(
    (toast) => void toast[kind](message, options),
    (error: unknown) => console.warn('toast not shown:', message, error),
  );
}
