/**
 * The boot script waits for the pictures of the first screen to be decoded, two frames and the
 * browser's report of the largest paint, then asks for the app's scripts in order and, a task
 * later, the page's chunks as preloads, once, or after 1 s when no frame comes. Taps on the app's buttons before it has hydrated are kept.
 */
import { APP_HYDRATED_EVENT, APP_HYDRATING_EVENT, SCROLLED_EARLY_ATTRIBUTE } from '../contracts/runtimeConfig';

async function boot(dataset: Record<string, string>) {
  document.head.innerHTML = '';
  const tag = Object.assign(document.createElement('script'), { src: '/assets/boot.js' });
  Object.assign(tag.dataset, dataset);
  Object.defineProperty(document, 'currentScript', { value: tag, configurable: true });
  await jest.isolateModulesAsync(async () => {
    await import('./boot');
  });
}

const loaded = () =>
  [...document.head.children].map((el) =>
    el instanceof HTMLScriptElement ? `script ${el.getAttribute('src')} async=${el.async}` : `${el.getAttribute('rel')} ${el.getAttribute('href')}`,
  );

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  // The app has started: each test's boot script lets go of the document.
  document.dispatchEvent(new Event(APP_HYDRATING_EVENT));
  document.dispatchEvent(new Event(APP_HYDRATED_EVENT));
  jest.useRealTimers();
  document.body.innerHTML = '';
  document.documentElement.removeAttribute(SCROLLED_EARLY_ATTRIBUTE);
});

describe('the boot script', () => {
  it('asks for nothing before two frames have gone by, then for the entry in order, then the chunks, once', async () => {
    let frame: FrameRequestCallback = () => undefined;
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => ((frame = callback), 1));
    await boot({ chunks: '/assets/16.js /assets/page-news.js', entry: '/assets/runtime.js /assets/main.js' });
    jest.advanceTimersByTime(500);
    expect(loaded()).toEqual([]);

    frame(0);
    jest.advanceTimersByTime(0);
    expect(loaded()).toEqual([]);
    frame(0);
    jest.advanceTimersByTime(0);
    const entry = ['script /assets/runtime.js async=false', 'script /assets/main.js async=false'];
    expect(loaded()).toEqual(entry);
    jest.advanceTimersToNextTimer();
    const expected = [...entry, 'preload /assets/16.js', 'preload /assets/page-news.js'];
    expect(loaded()).toEqual(expected);
    jest.advanceTimersByTime(1000);
    expect(loaded()).toEqual(expected);
  });

  it('waits until every picture of the first screen is decoded or has failed, then two frames', async () => {
    let frame: FrameRequestCallback = () => undefined;
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => ((frame = callback), 1));
    // jsdom lays nothing out: the test says where each picture is.
    document.body.innerHTML =
      '<img id="banner" src="/uploads/banner/1.webp"><img id="pic" src="/uploads/1.webp" loading="lazy"><img id="below" src="/uploads/2.webp" loading="lazy"><img id="hidden" src="/uploads/3.webp">';
    const at = (id: string, top: number, height = 200) => {
      const picture = document.getElementById(id) as HTMLImageElement;
      picture.getBoundingClientRect = () => ({ top, bottom: top + height, left: 0, right: height ? 400 : 0, width: height ? 400 : 0, height }) as DOMRect;
      Object.defineProperty(picture, 'complete', { value: false });
      const decode = jest.fn(() => Promise.resolve());
      picture.decode = decode;
      return { picture, decode };
    };
    const banner = at('banner', 0);
    const pic = at('pic', window.innerHeight - 10);
    at('below', window.innerHeight + 10);
    at('hidden', 0, 0);
    await boot({ entry: '/assets/main.js' });

    banner.picture.dispatchEvent(new Event('load'));
    await Promise.resolve();
    expect(banner.decode).toHaveBeenCalled();
    frame(0);
    jest.advanceTimersByTime(500);
    expect(loaded()).toEqual([]);

    // The picture the first screen shows only in part counts too; the one below it does not.
    pic.picture.dispatchEvent(new Event('error'));
    for (let i = 0; i < 5; i++) await Promise.resolve();
    frame(0);
    jest.advanceTimersByTime(0);
    expect(loaded()).toEqual([]);
    frame(0);
    jest.advanceTimersByTime(0);
    expect(loaded()).toEqual(['script /assets/main.js async=false']);
  });

  it('then waits for the browser to report a largest paint as large as the largest picture on screen, or a tenth of a second', async () => {
    let frame: FrameRequestCallback = () => undefined;
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => ((frame = callback), 1));
    let report: (sizes: number[]) => void = () => undefined;
    const disconnect = jest.fn();
    class Observer {
      static supportedEntryTypes = ['largest-contentful-paint'];
      constructor(callback: (list: { getEntries(): { size: number }[] }) => void) {
        report = (sizes) => callback({ getEntries: () => sizes.map((size) => ({ size })) });
      }
      observe = jest.fn();
      disconnect = disconnect;
    }
    Object.defineProperty(window, 'PerformanceObserver', { value: Observer, configurable: true });
    // A 400 × 200 picture from an 800 × 400 file, half of it below the first screen; a picture
    // with too few bytes for its size is a placeholder to the browser and does not count.
    document.body.innerHTML = '<img id="banner" src="/uploads/banner/1.webp"><img id="flat" src="/uploads/flat.webp">';
    const place = (id: string, top: number, bytes: number) => {
      const picture = document.getElementById(id) as HTMLImageElement;
      picture.getBoundingClientRect = () => ({ top, bottom: top + 200, left: 0, right: 400, width: 400, height: 200 }) as DOMRect;
      Object.defineProperties(picture, {
        complete: { value: true },
        naturalWidth: { value: 800 },
        naturalHeight: { value: 400 },
        currentSrc: { value: picture.src },
      });
      picture.decode = () => Promise.resolve();
      return { name: picture.src, encodedBodySize: bytes };
    };
    const timings = [place('banner', window.innerHeight - 100, 20_000), place('flat', 0, 100)];
    Object.defineProperty(performance, 'getEntriesByName', { value: (name: string) => timings.filter((timing) => timing.name === name), configurable: true });
    const twoFrames = async () => {
      for (let i = 0; i < 5; i++) await Promise.resolve();
      frame(0);
      frame(0);
    };
    try {
      await boot({ entry: '/assets/main.js' });
      await twoFrames();
      // The banner shows 400 × 100 on the first screen: a smaller paint is not it.
      report([30_000]);
      jest.advanceTimersByTime(50);
      expect(loaded()).toEqual([]);
      report([39_000]);
      jest.advanceTimersByTime(0);
      expect(loaded()).toEqual(['script /assets/main.js async=false']);
      expect(disconnect).toHaveBeenCalled();

      // The browser never reports it (it judged the picture differently): a tenth of a second later.
      document.head.innerHTML = '';
      await boot({ entry: '/assets/main.js' });
      await twoFrames();
      report([30_000]);
      jest.advanceTimersByTime(99);
      expect(loaded()).toEqual([]);
      // (the timer that starts the app runs nested in others, which the browser holds back 4 ms)
      jest.advanceTimersByTime(5);
      expect(loaded()).toEqual(['script /assets/main.js async=false']);
    } finally {
      Reflect.deleteProperty(window, 'PerformanceObserver');
      Reflect.deleteProperty(performance, 'getEntriesByName');
    }
  });

  it("keeps taps on the app's buttons until the app has hydrated, then clicks them again; the browser's own buttons are left alone", async () => {
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 1);
    document.body.innerHTML =
      '<button type="button" id="next">›</button><button type="button" popovertarget="menu" id="menu">≡</button><form><button id="send">send</button></form><button type="button" id="late">late</button>';
    await boot({ entry: '/assets/main.js' });
    const clicks: string[] = [];
    document.addEventListener('click', (event) => clicks.push((event.target as Element).id));
    const click = (id: string) => document.getElementById(id)!.click();
    click('next');
    click('menu');
    document.getElementById('send')!.addEventListener('click', (event) => event.preventDefault());
    click('send');
    document.dispatchEvent(new Event(APP_HYDRATING_EVENT));
    // Hydration has begun: React answers this one itself.
    click('late');
    expect(clicks).toEqual(['next', 'menu', 'send', 'late']);

    document.dispatchEvent(new Event(APP_HYDRATED_EVENT));
    expect(clicks).toEqual(['next', 'menu', 'send', 'late', 'next']);
    document.dispatchEvent(new Event(APP_HYDRATED_EVENT));
    expect(clicks).toHaveLength(5);
  });

  it('holds a plain click on a link while the app hydrates and clicks it once live: a link React replaced by its href and place, a link gone by going to its href', async () => {
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 1);
    // jsdom reports a navigation it cannot make as an error: that report is the browser going to the href.
    const navigations = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    document.body.innerHTML =
      '<nav><a href="/product" id="header">P</a><a href="/news" id="news">N</a></nav><footer><a href="/product" id="footer">P</a><a href="/about" id="about">A</a></footer>';
    await boot({ entry: '/assets/main.js' });
    const clicks: string[] = [];
    // The app's router takes a link's click (so jsdom is asked to navigate by no click).
    document.addEventListener('click', (event) => {
      clicks.push((event.target as Element).id);
      event.preventDefault();
    });
    document.dispatchEvent(new Event(APP_HYDRATING_EVENT));
    for (const id of ['footer', 'news', 'about']) document.getElementById(id)!.click();
    expect(clicks).toEqual([]);
    // Hydration replaces the footer's product link with a node of its own, and drops the about link.
    const replaced = Object.assign(document.createElement('a'), { id: 'footer-live', textContent: 'P' });
    replaced.setAttribute('href', '/product');
    document.getElementById('footer')!.replaceWith(replaced);
    document.getElementById('about')!.remove();

    document.dispatchEvent(new Event(APP_HYDRATED_EVENT));
    expect(clicks).toEqual(['footer-live', 'news']);
    expect(navigations).toHaveBeenCalledTimes(1);
    expect(String(navigations.mock.calls[0]?.[0])).toContain('navigation');
  });

  it('starts the app after 1 s in a tab that runs no frames', async () => {
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 1);
    await boot({ entry: '/assets/main.js' });
    jest.advanceTimersByTime(999);
    expect(loaded()).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(loaded()).toEqual(['script /assets/main.js async=false']);
  });

  it('marks the page when the visitor scrolls before the app is live (wheel, touch, scroll keys outside a field), and stops watching once it is', async () => {
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 1);
    document.body.innerHTML = '<input id="name">';
    const scrolled = () => document.documentElement.hasAttribute(SCROLLED_EARLY_ATTRIBUTE);
    await boot({ entry: '/assets/main.js' });
    document.getElementById('name')!.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    expect(scrolled()).toBe(false);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'PageDown' }));
    expect(scrolled()).toBe(true);

    document.documentElement.removeAttribute(SCROLLED_EARLY_ATTRIBUTE);
    await boot({ entry: '/assets/main.js' });
    window.dispatchEvent(new WheelEvent('wheel', { deltaY: 120 }));
    expect(scrolled()).toBe(true);

    document.documentElement.removeAttribute(SCROLLED_EARLY_ATTRIBUTE);
    await boot({ entry: '/assets/main.js' });
    document.dispatchEvent(new Event(APP_HYDRATED_EVENT));
    window.dispatchEvent(new WheelEvent('wheel', { deltaY: 120 }));
    expect(scrolled()).toBe(false);
  });
});
