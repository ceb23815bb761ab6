/**
 * The boot script waits for the picture above the fold to be on screen (its Element Timing entry,
 * or where the browser has none its load and a frame), then asks for the app's scripts in order and, a task later, the page's chunks as
 * preloads, once, or after 1 s when no frame comes.
 */
async function boot(dataset: Record<string, string>) {
  document.head.innerHTML = '';
  const tag = Object.assign(document.createElement('script'), { src: '/assets/boot.js' });
  Object.assign(tag.dataset, dataset);
  Object.defineProperty(document, 'currentScript', { value: tag, configurable: true });
  await jest.isolateModulesAsync(async () => {
    await import('./boot');
  });
}

const loaded = () => [...document.head.children].map((el) => (el instanceof HTMLScriptElement ? `script ${el.getAttribute('src')} async=${el.async}` : `${el.getAttribute('rel')} ${el.getAttribute('href')}`));

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  document.body.innerHTML = '';
});

describe('the boot script', () => {
  it('asks for nothing before the first frame, then for the entry in order, then the chunks, once', async () => {
    let frame: FrameRequestCallback = () => undefined;
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => ((frame = callback), 1));
    await boot({ chunks: '/assets/16.js /assets/page-news.js', entry: '/assets/runtime.js /assets/main.js' });
    jest.advanceTimersByTime(500);
    expect(loaded()).toEqual([]);

    frame(0);
    jest.advanceTimersToNextTimer();
    const entry = ['script /assets/runtime.js async=false', 'script /assets/main.js async=false'];
    expect(loaded()).toEqual(entry);
    jest.advanceTimersToNextTimer();
    const expected = [...entry, 'preload /assets/16.js', 'preload /assets/page-news.js'];
    expect(loaded()).toEqual(expected);
    jest.advanceTimersByTime(1000);
    expect(loaded()).toEqual(expected);
  });

  it('waits for the picture above the fold, loaded or failed, before the frame that starts the app', async () => {
    for (const outcome of ['load', 'error']) {
      let frame: FrameRequestCallback = () => undefined;
      jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => ((frame = callback), 1));
      document.body.innerHTML = '<img src="/uploads/banner/1.webp" elementtiming="above-the-fold"><img src="/uploads/2.webp" loading="lazy">';
      const hero = document.querySelector('img')!;
      Object.defineProperty(hero, 'complete', { value: false });
      await boot({ entry: '/assets/main.js' });
      frame(0);
      jest.advanceTimersByTime(500);
      expect(loaded()).toEqual([]);

      hero.dispatchEvent(new Event(outcome));
      frame(0);
      jest.advanceTimersByTime(0);
      expect(loaded()).toEqual(['script /assets/main.js async=false']);
    }
  });

  it('waits for the Element Timing entry of the picture above the fold where the browser has them', async () => {
    let deliver: (entries: { element: Element | null }[]) => void = () => undefined;
    const observe = jest.fn();
    const disconnect = jest.fn();
    class FakeObserver {
      static supportedEntryTypes = ['element', 'paint'];
      constructor(callback: (list: { getEntries(): unknown[] }) => void) {
        deliver = (entries) => callback({ getEntries: () => entries });
      }
      observe = observe;
      disconnect = disconnect;
    }
    const original = Object.getOwnPropertyDescriptor(window, 'PerformanceObserver');
    Object.defineProperty(window, 'PerformanceObserver', { value: FakeObserver, configurable: true });
    try {
      jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => (callback(0), 1));
      document.body.innerHTML = '<img src="/uploads/text.webp" elementtiming="other"><img src="/uploads/banner/1.webp" elementtiming="above-the-fold">';
      const hero = document.querySelector<HTMLImageElement>('img[elementtiming="above-the-fold"]')!;
      Object.defineProperty(hero, 'complete', { value: false });
      await boot({ entry: '/assets/main.js' });
      expect(observe).toHaveBeenCalledWith({ type: 'element', buffered: true });

      // Loaded, and frames go by: the picture may not be on screen yet.
      hero.dispatchEvent(new Event('load'));
      jest.advanceTimersByTime(500);
      expect(loaded()).toEqual([]);
      deliver([{ element: document.querySelector('img') }]);
      jest.advanceTimersByTime(0);
      expect(loaded()).toEqual([]);

      deliver([{ element: hero }]);
      expect(disconnect).toHaveBeenCalled();
      jest.advanceTimersByTime(0);
      expect(loaded()).toEqual(['script /assets/main.js async=false']);
    } finally {
      if (original) Object.defineProperty(window, 'PerformanceObserver', original);
      else Reflect.deleteProperty(window, 'PerformanceObserver');
    }
  });

  it('starts the app after 1 s in a tab that runs no frames', async () => {
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 1);
    await boot({ entry: '/assets/main.js' });
    jest.advanceTimersByTime(999);
    expect(loaded()).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(loaded()).toEqual(['script /assets/main.js async=false']);
  });
});
