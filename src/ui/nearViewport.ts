type Cleanup = () => void;

/**
 * Runs `task` once `element` comes within `margin` of the viewport, so a part of the page the
 * visitor never scrolls to costs nothing (at once where IntersectionObserver is missing).
 * Returns a cancel function, which also cancels what the task started (its returned cleanup).
 */
export function whenNearViewport(element: Element, task: () => Cleanup | void, margin = '200px'): Cleanup {
  let cleanup: Cleanup | void;
  if (typeof IntersectionObserver !== 'function') {
    cleanup = task();
    return () => cleanup?.();
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      cleanup = task();
    },
    { rootMargin: margin },
  );
  observer.observe(element);
  return () => {
    observer.disconnect();
    cleanup?.();
  };
}
