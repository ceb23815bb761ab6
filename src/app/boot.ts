/**
 * The page's only script tag, a few hundred bytes: once the server-rendered page has painted,
 * with its picture above the fold, it asks for the app's scripts (run in order), then the
 * page's chunks. Until then the page's own text and pictures have the connection to
 * themselves; the app then hydrates what is on screen.
 */
import { ABOVE_THE_FOLD_TIMING } from '../contracts/runtimeConfig';

const tag = document.currentScript as HTMLScriptElement | null;
const list = (value: string | undefined) => (value ?? '').split(' ').filter(Boolean);

let started = false;
function loadApp() {
  if (started || !tag) return;
  started = true;
  for (const src of list(tag.dataset.entry)) document.head.append(Object.assign(document.createElement('script'), { src, async: false }));
  // The page's chunks a task later: every request costs the main thread, and two short tasks
  // leave room for input where one would not.
  setTimeout(() => {
    for (const href of list(tag.dataset.chunks)) {
      // Preloaded, not run: only webpack's loader runs a page chunk, so a failure reaches the reload guard.
      document.head.append(Object.assign(document.createElement('link'), { rel: 'preload', as: 'script', href }));
    }
  }, 0);
}

/** A frame later the page has painted. */
const afterPaint = () => requestAnimationFrame(() => setTimeout(loadApp, 0));

/**
 * A task after the picture is on screen: its Element Timing entry comes once the frame that
 * shows it is presented, where a frame callback can run before that. False where the browser
 * has no Element Timing.
 */
function afterShown(picture: HTMLImageElement): boolean {
  if (!window.PerformanceObserver?.supportedEntryTypes?.includes('element')) return false;
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntries().some((entry) => (entry as PerformanceEntry & { element?: Element | null }).element === picture)) return;
    observer.disconnect();
    setTimeout(loadApp, 0);
  });
  observer.observe({ type: 'element', buffered: true });
  return true;
}

// The picture above the fold is part of the page: on a slow connection the scripts would take
// its bandwidth, and a script asked for before it shows delays it, so they wait until it is on
// screen. A picture that fails is never shown: the app starts a frame after the failure.
const hero = document.querySelector<HTMLImageElement>(`img[elementtiming="${ABOVE_THE_FOLD_TIMING}"]`);
if (!hero || (hero.complete && hero.naturalWidth === 0)) {
  afterPaint();
} else {
  hero.addEventListener('error', afterPaint, { once: true });
  if (!afterShown(hero)) {
    if (hero.complete) afterPaint();
    else hero.addEventListener('load', afterPaint, { once: true });
  }
}
// A tab opened in the background runs no frames, and a picture may never come: the timer
// starts the app all the same.
setTimeout(loadApp, 1000);
