import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { waitFor } from '@testing-library/react';
import Swiper from 'swiper';
import { Carousel, type CarouselTexts } from './Carousel';

// The real Swiper, counted when it is first loaded.
const mockLoads = { swiper: 0 };
jest.mock('./swiperRuntime', () => {
  mockLoads.swiper += 1;
  return jest.requireActual('./swiperRuntime');
});

const texts: CarouselTexts = {
  slideLabel: '{{index}} / {{slidesLength}}',
  goTo: 'Go to slide {{index}}',
  previous: 'Previous',
  next: 'Next',
  pause: 'Pause',
  play: 'Play',
};
const element = (
  <Carousel label="News" texts={texts} autoplayMs={4000} speed={1000} slides={['one', 'two', 'three'].map((word) => ({ key: word, content: <p>{word}</p> }))} />
);

function preferReducedMotion(reduce: boolean) {
  window.matchMedia = (query: string) =>
    ({ matches: reduce && query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;
}

/** The browser decides when it is idle; here the test does, so "not before idle" is exact. */
function captureIdleTasks(): IdleRequestCallback[] {
  const idleTasks: IdleRequestCallback[] = [];
  window.requestIdleCallback = (task) => idleTasks.push(task);
  window.cancelIdleCallback = () => {};
  return idleTasks;
}

describe('Carousel rendered on the server, hydrated in the browser', () => {
  let errors: jest.SpyInstance;
  beforeEach(() => {
    errors = jest.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => errors.mockRestore());

  it('hydrates the server markup without a mismatch, then loads Swiper only when idle and hands it the markup', async () => {
    preferReducedMotion(true);
    const idleTasks = captureIdleTasks();
    const html = renderToString(element);
    // The server gives Swiper's markup without its script: every slide, the first one first.
    expect(html).toContain('class="swiper-wrapper"');
    expect(html).not.toContain('swiper-initialized');
    expect(html.indexOf('one')).toBeLessThan(html.indexOf('two'));
    expect(html).toContain('aria-label="Pause"');

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    await act(async () => {
      hydrateRoot(container, element);
    });
    expect(errors).not.toHaveBeenCalled();
    expect(mockLoads.swiper).toBe(0);
    // Reduced motion is honoured right after hydration: no autoplay, the control offers play.
    expect(container.querySelector('.carousel__toggle')).toHaveAttribute('aria-label', 'Play');

    expect(idleTasks).toHaveLength(1);
    act(() => idleTasks.forEach((task) => task({ didTimeout: false, timeRemaining: () => 50 })));
    await waitFor(() => expect(container.querySelector('.swiper')).toHaveClass('swiper-initialized'), { timeout: 15000 });
    expect(mockLoads.swiper).toBe(1);
    // jsdom lays nothing out, so Swiper sees one snap point: one bullet, translated.
    expect(container.querySelector('.swiper-pagination-bullet')).toHaveAttribute('aria-label', 'Go to slide 1');
    expect(container.querySelectorAll('.swiper-slide')[2]).toHaveAttribute('aria-label', '3 / 3');
    expect(errors).not.toHaveBeenCalled();
  }, 30000);

  it('takes an arrow tapped before Swiper arrived once Swiper is set up', async () => {
    preferReducedMotion(true);
    captureIdleTasks();
    const next = jest.spyOn(Swiper.prototype, 'slideNext');
    const previous = jest.spyOn(Swiper.prototype, 'slidePrev');
    const container = document.createElement('div');
    container.innerHTML = renderToString(element);
    document.body.append(container);
    await act(async () => {
      hydrateRoot(container, element);
    });
    const arrow = (name: string) => container.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`)!;
    // Not idle yet: the tap asks for Swiper at once and is kept.
    act(() => {
      arrow('Next').click();
      arrow('Next').click();
      arrow('Previous').click();
    });
    await waitFor(() => expect(container.querySelector('.swiper')).toHaveClass('swiper-initialized'), { timeout: 15000 });
    expect(next).toHaveBeenCalledTimes(1);
    expect(previous).not.toHaveBeenCalled();
    // Once Swiper is there, a tap goes straight to it.
    act(() => arrow('Previous').click());
    expect(previous).toHaveBeenCalledTimes(1);
    next.mockRestore();
    previous.mockRestore();
  }, 30000);

  it('waits until the carousel comes near the screen before it asks for idle time', async () => {
    // jsdom lays nothing out: the test says when the carousel intersects.
    const observers: { callback: IntersectionObserverCallback; margin?: string; targets: Element[]; disconnected: boolean }[] = [];
    window.IntersectionObserver = class {
      private readonly entry: (typeof observers)[number];
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        this.entry = { callback, margin: options?.rootMargin, targets: [], disconnected: false };
        observers.push(this.entry);
      }
      observe(target: Element) {
        this.entry.targets.push(target);
      }
      disconnect() {
        this.entry.disconnected = true;
      }
    } as unknown as typeof IntersectionObserver;
    const idleTasks = captureIdleTasks();
    const container = document.createElement('div');
    container.innerHTML = renderToString(element);
    document.body.append(container);
    try {
      await act(async () => {
        hydrateRoot(container, element);
      });
      const [observer] = observers;
      expect(observer?.targets).toEqual([container.querySelector('.swiper')]);
      expect(observer?.margin).toBe('200px');

      const entry = (isIntersecting: boolean) => [{ isIntersecting, target: observer!.targets[0] }] as unknown as IntersectionObserverEntry[];
      observer!.callback(entry(false), {} as IntersectionObserver);
      expect(idleTasks).toHaveLength(0);
      observer!.callback(entry(true), {} as IntersectionObserver);
      expect(idleTasks).toHaveLength(1);
      expect(observer!.disconnected).toBe(true);
    } finally {
      delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
    }
  });
});
