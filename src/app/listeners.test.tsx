import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { UnknownAction } from '@reduxjs/toolkit';
import { chunkLoadFailed } from '../features/shared/chunkLoadError';
import { scrollPositionChanged } from '../features/navigation/slice';
import { fakeDeps } from '../features/store.testing';
import { useChunkErrorListener, useScrollListener } from './listeners';
import { createAppStore } from './store';

/** A store that keeps every action it is given, and the hook under test mounted in it. */
function mounted(hook: () => void) {
  const seen: UnknownAction[] = [];
  const { store } = createAppStore({}, fakeDeps(), {
    watchers: false,
    middleware: [() => (next) => (action) => (seen.push(action as UnknownAction), next(action))],
  });
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const view = renderHook(hook, { wrapper });
  return { seen, store, ...view };
}

/** The page scrolled to `y`, and the next frame ran. */
async function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  await act(async () => {
    window.dispatchEvent(new Event('scroll'));
    await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
  });
}

describe('the scroll listener', () => {
  beforeEach(() => Object.defineProperty(window, 'innerHeight', { value: 800, configurable: true }));

  it('reports the offset once on mount, then only when the scroll-top button should appear or go', async () => {
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    const { seen, store, unmount } = mounted(useScrollListener);
    const reports = () => seen.filter((action) => scrollPositionChanged.match(action)).map((action) => action.payload);
    expect(reports()).toEqual([{ offset: 0, viewport: 800 }]);
    await scrollTo(500);
    await scrollTo(800);
    expect(reports()).toHaveLength(1);
    await scrollTo(801.4);
    expect(reports()).toEqual([
      { offset: 0, viewport: 800 },
      { offset: 801, viewport: 800 },
    ]);
    expect(store.getState().navigation.scrollTopVisible).toBe(true);
    await scrollTo(2000);
    expect(reports()).toHaveLength(2);
    await scrollTo(100);
    expect(reports()).toHaveLength(3);
    expect(store.getState().navigation.scrollTopVisible).toBe(false);
    unmount();
    await scrollTo(5000);
    expect(reports()).toHaveLength(3);
  });

  it('checks again when the window is resized', async () => {
    Object.defineProperty(window, 'scrollY', { value: 900, configurable: true });
    const { seen } = mounted(useScrollListener);
    Object.defineProperty(window, 'innerHeight', { value: 1000, configurable: true });
    await act(async () => {
      window.dispatchEvent(new Event('resize'));
      await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    });
    // Below one viewport now: the button goes.
    expect(seen.filter((action) => scrollPositionChanged.match(action)).map((action) => action.payload)).toEqual([
      { offset: 900, viewport: 800 },
      { offset: 900, viewport: 1000 },
    ]);
  });
});

describe('the scroll listener, with the browser', () => {
  beforeEach(() => {
    Object.defineProperty(window, 'innerHeight', { value: 800, configurable: true });
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });
  afterEach(() => jest.restoreAllMocks());

  it('listens to scrolling as passive, so the browser never waits for it to scroll', () => {
    const listen = jest.spyOn(window, 'addEventListener');
    mounted(useScrollListener);
    expect(listen).toHaveBeenCalledWith('scroll', expect.any(Function), { passive: true });
  });

  it('reads the position once per frame, however many scroll events the frame had', async () => {
    const frames = jest.spyOn(window, 'requestAnimationFrame');
    const { seen } = mounted(useScrollListener);
    Object.defineProperty(window, 'scrollY', { value: 900, configurable: true });
    await act(async () => {
      for (let i = 0; i < 5; i += 1) window.dispatchEvent(new Event('scroll'));
      window.dispatchEvent(new Event('resize'));
      await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    });
    expect(frames).toHaveBeenCalledTimes(2); // the listener's one frame, and the test's own wait
    expect(seen.filter((action) => scrollPositionChanged.match(action))).toHaveLength(2);
  });

  it('reports nothing after unmounting: a frame asked for is cancelled, a resize no longer heard', async () => {
    const { seen, unmount } = mounted(useScrollListener);
    const reports = () => seen.filter((action) => scrollPositionChanged.match(action)).length;
    Object.defineProperty(window, 'scrollY', { value: 900, configurable: true });
    act(() => {
      window.dispatchEvent(new Event('scroll'));
      window.dispatchEvent(new Event('scroll'));
    });
    unmount();
    await act(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
    await act(async () => {
      window.dispatchEvent(new Event('resize'));
      await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    });
    expect(reports()).toBe(1); // the one on mount
  });
});

describe('the listeners and the store they report to', () => {
  it('report to the store they are mounted in, also when it is replaced', async () => {
    const recording = () => {
      const seen: UnknownAction[] = [];
      const { store } = createAppStore({}, fakeDeps(), {
        watchers: false,
        middleware: [() => (next) => (action) => (seen.push(action as UnknownAction), next(action))],
      });
      return { store, seen };
    };
    const first = recording();
    const second = recording();
    let current = first;
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={current.store}>{children}</Provider>;
    Object.defineProperty(window, 'innerHeight', { value: 800, configurable: true });
    Object.defineProperty(window, 'scrollY', { value: 900, configurable: true });
    const view = renderHook(() => (useScrollListener(), useChunkErrorListener()), { wrapper });
    current = second;
    view.rerender();
    await scrollTo(100);
    const chunk = Object.assign(new Error('Loading chunk 7 failed.'), { name: 'ChunkLoadError' });
    act(() => void window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: chunk })));
    const types = (seen: UnknownAction[]) => seen.map((action) => action.type).filter((type) => type !== '@@INIT');
    expect(types(second.seen)).toEqual([scrollPositionChanged.type, chunkLoadFailed.type]);
    expect(types(first.seen)).toEqual([scrollPositionChanged.type]); // on mount
    view.unmount();
  });
});

describe('the chunk error listener', () => {
  const rejection = (reason: unknown) => Object.assign(new Event('unhandledrejection'), { reason });

  it('reports a chunk that would not load to the reload guard, and nothing else', () => {
    const { seen, unmount } = mounted(useChunkErrorListener);
    const chunk = Object.assign(new Error('Loading chunk 7 failed.'), { name: 'ChunkLoadError' });
    act(() => void window.dispatchEvent(rejection(chunk)));
    act(() => void window.dispatchEvent(rejection(new Error('something else'))));
    expect(seen.filter((action) => chunkLoadFailed.match(action))).toEqual([chunkLoadFailed({ source: 'loader' })]);
    unmount();
    act(() => void window.dispatchEvent(rejection(chunk)));
    expect(seen.filter((action) => chunkLoadFailed.match(action))).toHaveLength(1);
  });
});
