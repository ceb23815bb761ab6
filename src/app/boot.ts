/**
 * The page's only script tag, a few hundred bytes: once the server-rendered page has painted,
 * with its picture above the fold, it asks for the app's scripts (run in order), then the
 * page's chunks. Until then the page's own text and pictures have the connection to
 * themselves; the app then hydrates what is on screen.
 */
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

// The picture above the fold (the one the server marks fetchpriority="high") is part of the
// page: on a slow connection the scripts would take its bandwidth, so they wait until it is in.
const hero = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
if (hero && !hero.complete) {
  hero.addEventListener('load', afterPaint, { once: true });
  hero.addEventListener('error', afterPaint, { once: true });
} else {
  afterPaint();
}
// A tab opened in the background runs no frames, and a picture may never come: the timer
// starts the app all the same.
setTimeout(loadApp, 1000);

export {}; // a module: its names stay its own
