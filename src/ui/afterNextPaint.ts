/**
 * Runs `callback` in the task after the next frame, when that frame shows what was rendered
 * before: work a tap starts but its answer need not wait for. A hidden tab runs no frames, so
 * a timer runs it there (and whenever no frame comes within a tenth of a second).
 * Returns what cancels it.
 */
export function afterNextPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frame: number | undefined;
  const cancel = () => {
    clearTimeout(timer);
    clearTimeout(fallback);
    if (frame !== undefined) cancelAnimationFrame(frame);
  };
  const run = () => {
    cancel();
    callback();
  };
  const fallback = setTimeout(run, document.visibilityState === 'hidden' ? 0 : 100);
  if (document.visibilityState !== 'hidden') frame = requestAnimationFrame(() => (timer = setTimeout(run, 0)));
  return cancel;
}

/** afterNextPaint as a promise: settles in the task after the next frame. */
export const afterPaint = () => new Promise<void>((resolve) => void afterNextPaint(resolve));
