/**
 * Runs `task` once `element` comes within `margin` of the viewport, so a part of the page the
 * visitor never scrolls to costs nothing (at once where IntersectionObserver is missing).
 * Returns a cancel function.
 */
export function whenNearViewport(element: Element, task: () => void, margin = '200px'): () => void {
  if (typeof IntersectionObserver !== 'function') {
    task();
    return () => {};
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      task();
    },
    { rootMargin: margin },
  );
  observer.observe(element);
  return () => observer.disconnect();
}
