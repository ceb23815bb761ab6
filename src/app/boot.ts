/**
 * The page's only script tag, a few hundred bytes: once the server-rendered page has painted,
 * with the pictures of its first screen, it asks for the app's scripts (run in order), then the
 * page's chunks. Until then the page's own text and pictures have the connection to
 * themselves; the app then hydrates what is on screen. Taps on the app's buttons and links, and
 * its forms' submissions, in the meantime are kept and given to the app once it has hydrated.
 */
import { APP_HYDRATED_EVENT, APP_HYDRATING_EVENT, SCROLLED_EARLY_ATTRIBUTE } from '../contracts/runtimeConfig';
import { isOwnPageLink, isPlainClick } from '../ui/plainClick';

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

/** Pictures with any part inside the first screen: what the visitor sees before scrolling. */
function picturesOnScreen(): HTMLImageElement[] {
  return [...document.images].filter((picture) => {
    const box = picture.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && box.bottom > 0 && box.right > 0 && box.top < window.innerHeight && box.left < window.innerWidth;
  });
}

/** Settles once the picture is decoded, so the next frame shows it, or once it has failed. */
function decoded(picture: HTMLImageElement): Promise<void> {
  return new Promise((resolve) => {
    const decode = () => picture.decode().then(resolve, () => resolve());
    if (picture.complete) void decode();
    else {
      picture.addEventListener('load', decode, { once: true });
      picture.addEventListener('error', () => resolve(), { once: true });
    }
  });
}

/**
 * The area the browser counts for a picture's largest paint: its part on screen, no more than
 * its file's own pixels when drawn larger, and none for a failed picture or one with so few
 * bytes for its size (under 0.05 bits a pixel) that the browser takes it for a placeholder.
 */
function paintedArea(picture: HTMLImageElement): number {
  const box = picture.getBoundingClientRect();
  const width = Math.min(box.right, window.innerWidth) - Math.max(box.left, 0);
  const height = Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0);
  if (width <= 0 || height <= 0) return 0;
  const bytes = (performance.getEntriesByName(picture.currentSrc)[0] as PerformanceResourceTiming | undefined)?.encodedBodySize;
  if (bytes !== undefined && (bytes * 8) / (width * height) < 0.05) return 0;
  return width * height * Math.min(1, (picture.naturalWidth * picture.naturalHeight) / (box.width * box.height));
}

/**
 * Calls `then` once the browser reports a largest paint at least as large as the largest of
 * these pictures (the text may be larger still), or after a tenth of a second. Two frames after
 * decoding are not always enough: on a busy machine the frame that shows a picture can be
 * presented after the next one has begun.
 */
function afterLargestPaint(pictures: HTMLImageElement[], then: () => void) {
  if (!window.PerformanceObserver?.supportedEntryTypes?.includes('largest-contentful-paint')) return then();
  // A tenth of slack: the browser measures the picture's content box, without borders.
  const expected = 0.9 * Math.max(0, ...pictures.map(paintedArea));
  const done = () => {
    observer.disconnect();
    clearTimeout(timer);
    then();
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntries().some((entry) => (entry as PerformanceEntry & { size: number }).size >= expected)) done();
  });
  observer.observe({ type: 'largest-contentful-paint', buffered: true });
  const timer = setTimeout(done, 100);
}

/**
 * The first screen's pictures are part of the page: on a slow connection the scripts would take
 * their bandwidth, and a script asked for before they show delays the largest paint. So the app
 * is asked for once the last of them is decoded, two frames have gone by and the browser has
 * reported the largest paint.
 */
const firstScreen = picturesOnScreen();
void Promise.all(firstScreen.map(decoded)).then(() =>
  requestAnimationFrame(() => requestAnimationFrame(() => afterLargestPaint(firstScreen, () => setTimeout(loadApp, 0)))),
);
// A tab opened in the background runs no frames, and a picture may never come: the timer
// starts the app all the same.
setTimeout(loadApp, 1000);

// Until the app hydrates, a tap on one of its buttons (a carousel arrow, a tab) would do nothing:
// each is kept and clicked again once the app is live. Buttons that act without the app (the
// phone menu's popover button, a form's submit button: its submission is held below) are the
// browser's and left alone. From the moment hydration starts React answers taps on buttons itself.
//
// Links are the browser's until hydration starts (a plain page load) and the app's once it has
// ended. In between, React may hand a click to a link whose router is not yet mounted, which
// cancels the browser's navigation and starts none of its own: so a plain click on a link of
// this site is held back from React and clicked again once the app is live. Clicks with a
// modifier key or on a link opening elsewhere stay the browser's.
//
// Hydration may replace a held link's node (a mismatch, a Suspense boundary rendered on the
// client), and the app may give the link another href (the language menu's gains the page's
// #hash): the click then goes to the link the live page has in the held one's place (the same
// path of elements from <body>, the same text), else to the live link with the same href and
// rank among the links with that href, or, with neither, the browser goes to the href itself.
// A click is never lost.
interface Held {
  element: HTMLElement;
  /** A link's place (its elements' indexes from <body>) and text, href as written, rank among the page's links with that href, and URL. */
  link?: { place: number[]; text: string; href: string; rank: number; url: string };
}
const early: Held[] = [];
const linksTo = (href: string) => [...document.querySelectorAll('a')].filter((candidate) => candidate.getAttribute('href') === href);
/** The indexes of `element` and its ancestors among their parents' elements, from <body> down. */
const placeOf = (element: Element): number[] => {
  const place: number[] = [];
  for (let node: Element | null = element; node && node !== document.body; node = node.parentElement)
    place.unshift(node.parentElement ? [...node.parentElement.children].indexOf(node) : -1);
  return place;
};
/** The link the live page has at `place` with `text`, if any. */
const linkAt = (place: number[], text: string): HTMLAnchorElement | null => {
  let node: Element | undefined = document.body;
  for (const index of place) node = node?.children[index];
  return node instanceof HTMLAnchorElement && node.textContent === text ? node : null;
};
const keepButton = (event: MouseEvent) => {
  const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('button[type="button"]:not([popovertarget])') : null;
  if (button) early.push({ element: button });
};
const keepLink = (event: MouseEvent) => {
  const link = event.target instanceof Element ? event.target.closest('a') : null;
  if (!link || !isPlainClick(event) || !isOwnPageLink(link)) return;
  event.preventDefault();
  event.stopPropagation();
  const href = link.getAttribute('href') ?? '';
  early.push({ element: link, link: { place: placeOf(link), text: link.textContent ?? '', href, rank: linksTo(href).indexOf(link), url: link.href } });
};
// A form of the app's own (no action: the app sends it) submitted before the app is live would be
// sent by the browser as a GET of this page: the visitor's answers in its URL, and gone from the
// page it loads. It is held, and submitted again once the app is live.
const keepSubmit = (event: SubmitEvent) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || form.hasAttribute('action')) return;
  event.preventDefault();
  event.stopPropagation();
  if (!early.some((held) => held.element === form)) early.push({ element: form });
};
const clickAgain = ({ element, link }: Held) => {
  if (element instanceof HTMLFormElement) return element.isConnected && element.requestSubmit();
  if (element.isConnected) return element.click();
  // A button React replaced is not followed: its tap meant what that button showed then.
  if (!link) return;
  const live = linkAt(link.place, link.text) ?? linksTo(link.href)[link.rank];
  if (live) live.click();
  else window.location.assign(link.url);
};
document.addEventListener('click', keepButton, true);
document.addEventListener('submit', keepSubmit, true);
document.addEventListener(
  APP_HYDRATING_EVENT,
  () => {
    document.removeEventListener('click', keepButton, true);
    document.addEventListener('click', keepLink, true);
  },
  { once: true },
);
document.addEventListener(
  APP_HYDRATED_EVENT,
  () => {
    document.removeEventListener('click', keepLink, true);
    document.removeEventListener('submit', keepSubmit, true);
    for (const held of early.splice(0)) clickAgain(held);
  },
  { once: true },
);

// A visitor who scrolls before the app is live has chosen where to read: the landing's scroll to
// the section its URL names (scrollSaga) leaves the page alone. Only the visitor's own input
// counts, not the browser's jump to a #hash.
const SCROLL_KEYS = new Set(['ArrowDown', 'ArrowUp', 'PageDown', 'PageUp', 'Home', 'End', ' ']);
const inputs = ['wheel', 'touchmove', 'keydown'] as const;
const scrolledEarly = (event: Event) => {
  if (
    event instanceof KeyboardEvent &&
    (!SCROLL_KEYS.has(event.key) || (event.target instanceof Element && event.target.closest('input, textarea, select, [contenteditable]')))
  )
    return;
  document.documentElement.setAttribute(SCROLLED_EARLY_ATTRIBUTE, '');
  stopWatchingScroll();
};
const stopWatchingScroll = () => {
  for (const type of inputs) window.removeEventListener(type, scrolledEarly, true);
};
for (const type of inputs) window.addEventListener(type, scrolledEarly, { capture: true, passive: true });
document.addEventListener(APP_HYDRATED_EVENT, stopWatchingScroll, { once: true });
