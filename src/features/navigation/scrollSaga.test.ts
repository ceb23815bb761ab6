import type { Action } from '@reduxjs/toolkit';
import { END, type Channel } from 'redux-saga';
import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, type StaticProvider } from 'redux-saga-test-plan/providers';
import { actionChannel, call, fork, put, take } from 'redux-saga/effects';
import { TIMING } from '../../contracts/constants';
import { selectContent } from '../content/selectors';
import { retryRequested } from '../content/slice';
import { apiFailed } from '../shared/apiFailed';
import type { Services } from '../deps';
import { rootReducer } from '../rootReducer';
import { navigatedTo, routeEntered, routeEntryOf, routeUrl } from '../shared/route';
import { DELAY_FN, deferred, envelopeError, fakeDeps, until, virtualClock } from '../store.testing';
import { watchRouteLoads } from './routeSaga';
import { scrollAfterEntering, scrollToTop, sectionOf, watchScroll } from './scrollSaga';
import { anchorClicked, isLanding, scrollTopRequested } from './slice';
import { LIST_LOADERS } from '../../app/rootSaga';

const resolved = (value: unknown) => () => Promise.resolve(value);
const layout = { main: resolved({}), classifyList: resolved([]) };
const aboutApi = {
  ...layout,
  pageBanner: resolved({}),
  aboutUs: resolved({}),
  develop: resolved([]),
  business: resolved([]),
  social: resolved({}),
  contactUs: resolved({}),
};
const newsApi = {
  ...layout,
  pageBanner: resolved({}),
  noticeList: resolved([]),
  publicationTop: resolved({}),
  publicationList: resolved([]),
  newsList: resolved({ rows: [], total: 0 }),
};

/** A link's entry; `navigation` undefined is the server's entry. */
const link = (url: string) => routeEntryOf(url, 'push');
/** The store of a visitor who reached `url` by a link, built by the reducers. */
const visiting = (url: string) => rootReducer(undefined, routeEntered(link(url)));
/** The browser's services with its page-code loader (the scroll of a new page waits for it). */
const withCode = (overrides: Partial<Services> = {}) => fakeDeps({}, { preloadPage: jest.fn(() => Promise.resolve(true)), ...overrides });
const mocked = (fn: unknown) => fn as jest.Mock;

/** The looks a section not rendered yet gets: the first, then one every anchorRetryMs for anchorWaitMs. */
const LOOKS = 1 + TIMING.anchorWaitMs / TIMING.anchorRetryMs;

/**
 * The virtual clock, except that its `nth` wait (from 1) is held until `release()`: "while the
 * search waits" becomes a step of the test. `reached` settles when the saga asks for that wait.
 */
function clockHolding(nth: number) {
  const clock = virtualClock();
  const reached = deferred<void>();
  const released = deferred<void>();
  const hold: StaticProvider = [
    matchers.call.fn(DELAY_FN),
    dynamic((effect: { args: unknown[] }, next: () => unknown) => {
      if (clock.waits.length !== nth - 1) return next();
      clock.waits.push(Number(effect.args[0]));
      reached.resolve();
      return released.promise;
    }),
  ];
  const providers: StaticProvider[] = [hold, clock.provider];
  return { waits: clock.waits, providers, reached: reached.promise, release: () => released.resolve() };
}

describe('the order of the scroll steps', () => {
  it('on a new page with an anchor: the page code, the top, the anchor delay, then a look every 100 ms', () => {
    const deps = withCode();
    const { services } = deps;
    testSaga(scrollAfterEntering, deps, link('/about#development'), link('/news'))
      .next()
      .call(services.preloadPage!, 'about')
      .next(true)
      .call(services.scrollTo, 0, false)
      .next()
      .call(services.getScrollTop) // where the visitor is before the delay
      .next(0)
      .delay(200)
      .next()
      .call(services.getScrollTop) // still there: the search starts
      .next(0)
      .call(services.scrollToElement, 'development', true)
      .next(false) // not rendered yet
      .delay(100)
      .next()
      .call(services.getScrollTop)
      .next(0)
      .call(services.scrollToElement, 'development', true)
      .next(false)
      .delay(100)
      .next()
      .call(services.getScrollTop)
      .next(0)
      .call(services.scrollToElement, 'development', true)
      .next(true)
      .isDone();
  });

  it('on the page the visitor is on: straight to the section, no page code, no top, no delay', () => {
    const deps = withCode();
    const { services } = deps;
    testSaga(scrollAfterEntering, deps, link('/about#culture'), link('/about'))
      .next()
      .call(services.getScrollTop)
      .next(0)
      .call(services.scrollToElement, 'culture', true)
      .next(true)
      .isDone();
  });

  it('scroll to top: read the offset, step up, wait 20 ms, until the top', () => {
    const deps = fakeDeps();
    const { services } = deps;
    testSaga(scrollToTop, deps)
      .next()
      .call(services.getScrollTop)
      .next(30)
      .call(services.scrollTo, 20, false) // at least 10 px a step
      .next()
      .delay(20)
      .next()
      .call(services.getScrollTop)
      .next(20)
      .call(services.scrollTo, 10, false)
      .next()
      .delay(20)
      .next()
      .call(services.getScrollTop)
      .next(10)
      .call(services.scrollTo, 0, false)
      .next()
      .delay(20)
      .next()
      .call(services.getScrollTop)
      .next(0)
      .isDone();
  });
});

describe('the section a URL names, and the landing', () => {
  it('is its #hash, or ?name= on /resources only', () => {
    expect(sectionOf(link('/about#culture'))).toBe('culture');
    expect(sectionOf(link('/resources?name=joinus'))).toBe('joinus');
    expect(sectionOf(link('/resources?name=joinus#policy'))).toBe('policy');
    expect(sectionOf(link('/about?name=culture'))).toBeUndefined();
    expect(sectionOf(link('/about'))).toBeUndefined();
  });

  it("a landing is the first entry: none before it (the shell), or the server's entry entered again once hydrated", () => {
    const server = routeEntryOf('/about');
    expect(isLanding(routeEntryOf('/about#culture', 'pop'), null)).toBe(true);
    expect(isLanding(routeEntryOf('/about#culture', 'pop'), server)).toBe(true);
    expect(isLanding(routeEntryOf('/news', 'pop'), server)).toBe(false);
    expect(isLanding(link('/about'), server)).toBe(false);
    expect(isLanding(routeEntryOf('/about', 'pop'), link('/about'))).toBe(false);
    expect(isLanding(routeEntryOf('/about', 'pop'), routeEntryOf('/about', 'pop'))).toBe(false);
  });
});

describe('scrolling after entering a page (virtual clock)', () => {
  it('scrolls to the anchor of a new page after the anchor delay, from the top', async () => {
    const clock = virtualClock();
    const deps = withCode();
    await expectSaga(scrollAfterEntering, deps, link('/about#development'), link('/news')).provide([clock.provider]).run();
    expect(clock.waits).toEqual([TIMING.anchorScrollDelayMs]);
    expect(clock.waits[0]).toBe(200);
    expect(deps.services.preloadPage).toHaveBeenCalledWith('about');
    expect(deps.services.scrollTo).toHaveBeenCalledTimes(1);
    expect(deps.services.scrollTo).toHaveBeenCalledWith(0, false);
    expect(deps.services.scrollToElement).toHaveBeenCalledTimes(1);
    expect(deps.services.scrollToElement).toHaveBeenCalledWith('development', true);
    expect(mocked(deps.services.scrollTo).mock.invocationCallOrder[0]).toBeLessThan(mocked(deps.services.scrollToElement).mock.invocationCallOrder[0]!);
  });

  it('scrolls at once to an anchor of the page the visitor is on, without going to the top', async () => {
    const clock = virtualClock();
    const deps = withCode();
    await expectSaga(scrollAfterEntering, deps, link('/about#culture'), link('/about')).provide([clock.provider]).run();
    expect(clock.waits).toEqual([]);
    expect(deps.services.scrollToElement).toHaveBeenCalledTimes(1);
    expect(deps.services.scrollToElement).toHaveBeenCalledWith('culture', true);
    expect(deps.services.scrollTo).not.toHaveBeenCalled();
    expect(deps.services.preloadPage).not.toHaveBeenCalled();
  });

  it('looks for a section not rendered yet every 100 ms until it is there', async () => {
    const clock = virtualClock();
    const deps = withCode({ scrollToElement: jest.fn().mockReturnValueOnce(false).mockReturnValueOnce(false).mockReturnValue(true) });
    await expectSaga(scrollAfterEntering, deps, link('/about#culture'), link('/news')).provide([clock.provider]).run();
    expect(deps.services.scrollToElement).toHaveBeenCalledTimes(3);
    expect(deps.services.scrollToElement).toHaveBeenLastCalledWith('culture', true);
    expect(clock.waits).toEqual([200, 100, 100]);
  });

  it('gives up on a section that never renders after 3 s of looking', async () => {
    const clock = virtualClock();
    const deps = withCode({ scrollToElement: jest.fn(() => false) });
    await expectSaga(scrollAfterEntering, deps, link('/about#nowhere'), link('/news')).provide([clock.provider]).run();
    expect(LOOKS).toBe(31);
    expect(deps.services.scrollToElement).toHaveBeenCalledTimes(LOOKS);
    expect(clock.waits).toEqual([200, ...Array<number>(LOOKS - 1).fill(100)]);
    expect(clock.now()).toBe(200 + TIMING.anchorWaitMs);
    // The offset before the anchor delay, then once after every wait.
    expect(deps.services.getScrollTop).toHaveBeenCalledTimes(LOOKS + 1);
  });

  it('stops looking the moment the visitor scrolls: the page is theirs', async () => {
    const clock = virtualClock();
    // Before the delay, after it, after the first look's wait: 0; after the second: 640.
    const getScrollTop = jest.fn().mockReturnValueOnce(0).mockReturnValueOnce(0).mockReturnValueOnce(0).mockReturnValue(640);
    const deps = withCode({ getScrollTop, scrollToElement: jest.fn(() => false) });
    await expectSaga(scrollAfterEntering, deps, link('/about#culture'), link('/news')).provide([clock.provider]).run();
    expect(deps.services.scrollToElement).toHaveBeenCalledTimes(2);
    expect(getScrollTop).toHaveBeenCalledTimes(4);
    expect(clock.waits).toEqual([200, 100, 100]);
  });

  it('never jumps a visitor who scrolled during the anchor delay, on a new page or a landing', async () => {
    for (const [route, previous] of [
      [link('/resources#joinus'), link('/news')],
      [routeEntryOf('/resources?name=joinus', 'pop'), null],
    ] as const) {
      const clock = virtualClock();
      const getScrollTop = jest.fn().mockReturnValueOnce(0).mockReturnValue(480);
      const deps = withCode({ getScrollTop });
      await expectSaga(scrollAfterEntering, deps, route, previous).provide([clock.provider]).run();
      expect(clock.waits).toEqual([200]);
      expect(getScrollTop).toHaveBeenCalledTimes(2);
      expect(deps.services.scrollToElement).not.toHaveBeenCalled();
    }
  });

  it('keeps looking while the offset stays where the search began, even away from the top', async () => {
    const clock = virtualClock();
    const deps = fakeDeps(
      {},
      { getScrollTop: jest.fn(() => 900), scrollToElement: jest.fn().mockReturnValueOnce(false).mockReturnValueOnce(false).mockReturnValue(true) },
    );
    await expectSaga(scrollAfterEntering, deps, link('/resources?name=joinus'), null).provide([clock.provider]).run();
    expect(deps.services.scrollToElement).toHaveBeenCalledTimes(3);
    expect(clock.waits).toEqual([200, 100, 100]);
  });

  it('puts a new page without a section at the top once its code is in, not before', async () => {
    const clock = virtualClock();
    const code = deferred<boolean>();
    const deps = fakeDeps({}, { preloadPage: jest.fn(() => code.promise) });
    const run = expectSaga(scrollAfterEntering, deps, link('/about'), link('/news')).provide([clock.provider]).run();
    // The saga waits for the page's code: asked for, not in yet, nothing scrolled.
    expect(deps.services.preloadPage).toHaveBeenCalledWith('about');
    expect(deps.services.scrollTo).not.toHaveBeenCalled();
    code.resolve(true);
    await run;
    expect(deps.services.scrollTo).toHaveBeenCalledTimes(1);
    expect(deps.services.scrollTo).toHaveBeenCalledWith(0, false);
    expect(deps.services.scrollToElement).not.toHaveBeenCalled();
    expect(clock.waits).toEqual([]);
  });

  it("does not wait for the page's loads: a section whose load has not answered is scrolled to all the same", async () => {
    const clock = virtualClock();
    // The section's load answers only once the page has scrolled to it.
    const answer = deferred<unknown[]>();
    const develop = jest.fn(() => answer.promise);
    const scrollToElement = jest.fn((_id: string, _smooth: boolean) => (answer.resolve([]), true));
    const deps = fakeDeps({ ...aboutApi, develop }, { preloadPage: jest.fn(() => Promise.resolve(true)), scrollToElement });
    await expectSaga(watchRouteLoads, deps, LIST_LOADERS)
      .provide([clock.provider])
      .withReducer(rootReducer, visiting('/news'))
      .dispatch(navigatedTo('/about#culture'))
      .dispatch(END)
      .run();
    expect(develop).toHaveBeenCalledTimes(1);
    expect(scrollToElement).toHaveBeenCalledTimes(1);
    expect(scrollToElement).toHaveBeenCalledWith('culture', true);
    // The load was asked for, and still unanswered, when the page scrolled.
    expect(develop.mock.invocationCallOrder[0]).toBeLessThan(scrollToElement.mock.invocationCallOrder[0]!);
    expect(clock.waits).toEqual([200]);
  });

  it('leaves back and forward where the browser restores them', async () => {
    const clock = virtualClock();
    const deps = withCode();
    await expectSaga(scrollAfterEntering, deps, routeEntryOf('/about#culture', 'pop'), link('/news')).provide([clock.provider]).run();
    await expectSaga(scrollAfterEntering, deps, routeEntryOf('/news', 'pop'), link('/about')).provide([clock.provider]).run();
    // Back before the server's page is hydrated goes to another URL: a pop, not the landing.
    await expectSaga(scrollAfterEntering, deps, routeEntryOf('/news#news', 'pop'), routeEntryOf('/about')).provide([clock.provider]).run();
    expect(deps.services.preloadPage).not.toHaveBeenCalled();
    expect(deps.services.scrollTo).not.toHaveBeenCalled();
    expect(deps.services.scrollToElement).not.toHaveBeenCalled();
    expect(clock.waits).toEqual([]);
  });

  it("leaves a landing without a section where it is: the shell's first entry, or the server's page taken over", async () => {
    const clock = virtualClock();
    const deps = withCode();
    await expectSaga(scrollAfterEntering, deps, routeEntryOf('/about', 'pop'), null).provide([clock.provider]).run();
    await expectSaga(scrollAfterEntering, deps, routeEntryOf('/about', 'pop'), routeEntryOf('/about')).provide([clock.provider]).run();
    expect(deps.services.preloadPage).not.toHaveBeenCalled();
    expect(deps.services.scrollTo).not.toHaveBeenCalled();
    expect(deps.services.scrollToElement).not.toHaveBeenCalled();
    expect(clock.waits).toEqual([]);
  });

  it('leaves a landing where the visitor scrolled before the app was live, section or not', async () => {
    const clock = virtualClock();
    const deps = withCode({ scrolledBeforeApp: jest.fn(() => true) });
    await expectSaga(scrollAfterEntering, deps, routeEntryOf('/resources?name=joinus', 'pop'), routeEntryOf('/resources?name=joinus'))
      .provide([clock.provider])
      .run();
    await expectSaga(scrollAfterEntering, deps, routeEntryOf('/about#culture', 'pop'), null).provide([clock.provider]).run();
    expect(deps.services.scrolledBeforeApp).toHaveBeenCalledTimes(2);
    expect(deps.services.scrollToElement).not.toHaveBeenCalled();
    expect(clock.waits).toEqual([]);
    // A navigation is not a landing: what happened before the app does not count.
    await expectSaga(scrollAfterEntering, deps, link('/about#culture'), link('/news')).provide([clock.provider]).run();
    expect(deps.services.scrollToElement).toHaveBeenCalledWith('culture', true);
  });

  it('scrolls a landing to the section its URL names (?name= on /resources) after the anchor delay, without going to the top', async () => {
    for (const previous of [null, routeEntryOf('/resources?name=joinus')]) {
      const clock = virtualClock();
      const deps = withCode();
      await expectSaga(scrollAfterEntering, deps, routeEntryOf('/resources?name=joinus', 'pop'), previous).provide([clock.provider]).run();
      expect(clock.waits).toEqual([200]);
      expect(deps.services.scrollToElement).toHaveBeenCalledTimes(1);
      expect(deps.services.scrollToElement).toHaveBeenCalledWith('joinus', true);
      expect(deps.services.scrollTo).not.toHaveBeenCalled();
      expect(deps.services.preloadPage).not.toHaveBeenCalled();
    }
  });
});

describe('the scroll beside the route saga', () => {
  it('is cancelled by the next navigation: a pending search never scrolls the new page', async () => {
    const clock = clockHolding(3); // the second wait between looks
    const deps = fakeDeps(
      {
        ...aboutApi,
        ...newsApi,
        // The new page's loads start: the old search's wait would be over now, had it not been cancelled.
        noticeList: jest.fn(() => {
          clock.release();
          return Promise.resolve([]);
        }),
      },
      { scrollToElement: jest.fn(() => false) },
    );
    await expectSaga(watchRouteLoads, deps, LIST_LOADERS)
      .provide(clock.providers)
      .withReducer(rootReducer, visiting('/'))
      .dispatch(navigatedTo('/about#nowhere'))
      .dispatch(navigatedTo('/news'))
      .dispatch(END)
      .run();
    expect(deps.api.noticeList).toHaveBeenCalledTimes(1);
    expect(deps.services.scrollToElement).toHaveBeenCalledTimes(2);
    expect(clock.waits).toEqual([200, 100, 100]);
    // Each new page went to the top once; nothing scrolled after /news was entered.
    expect(deps.services.scrollTo).toHaveBeenCalledTimes(2);
    expect(mocked(deps.services.scrollToElement).mock.invocationCallOrder[1]).toBeLessThan(mocked(deps.services.scrollTo).mock.invocationCallOrder[1]!);
  });

  it('is not cancelled by a retry: the loads run again, the pending anchor still scrolls', async () => {
    const clock = clockHolding(1); // the anchor delay
    let developCalls = 0;
    const develop = jest.fn(() => {
      developCalls += 1;
      if (developCalls === 1) return Promise.reject(envelopeError(1, 'down'));
      clock.release();
      return Promise.resolve([]);
    });
    const deps = fakeDeps({ ...aboutApi, develop });
    await expectSaga(function* retryAfterFailure() {
      yield fork(watchRouteLoads, deps, LIST_LOADERS);
      const failed = (yield actionChannel(apiFailed.type)) as Channel<Action>;
      yield put(navigatedTo('/about#culture'));
      yield take(failed);
      yield put(retryRequested());
      yield* until((state) => selectContent('develop')(state).status === 'succeeded');
      yield put(END);
    })
      .provide(clock.providers)
      .withReducer(rootReducer, visiting('/news'))
      .run();
    expect(develop).toHaveBeenCalledTimes(2);
    expect(deps.services.scrollToElement).toHaveBeenCalledTimes(1);
    expect(deps.services.scrollToElement).toHaveBeenCalledWith('culture', true);
    expect(mocked(deps.services.scrollToElement).mock.invocationCallOrder[0]).toBeGreaterThan(develop.mock.invocationCallOrder[1]!);
    expect(deps.services.scrollTo).toHaveBeenCalledTimes(1);
    expect(clock.waits).toEqual([200]);
  });
});

describe('anchor links', () => {
  it('navigate to path?query#anchor: a product category link opens its tab and scrolls to the list', async () => {
    const url = '/product?name=%E4%B9%B3%E8%86%8F%E5%89%82#product';
    expect(routeUrl({ path: '/product', query: { name: '乳膏剂' }, hash: '#product' })).toBe(url);
    const { storeState } = await expectSaga(watchScroll, fakeDeps())
      .provide([virtualClock().provider])
      .withReducer(rootReducer, visiting('/'))
      .put(navigatedTo(url))
      .dispatch(anchorClicked({ routeId: 'product', anchor: 'product', query: { name: '乳膏剂' } }))
      .dispatch(END)
      .run();
    expect(storeState.navigation.route).toEqual({
      routeId: 'product',
      path: '/product',
      params: {},
      query: { name: '乳膏剂' },
      hash: '#product',
      navigation: 'push',
    });
  });

  it('navigate to path#anchor when the link carries no query', async () => {
    await expectSaga(watchScroll, fakeDeps())
      .provide([virtualClock().provider])
      .withReducer(rootReducer, visiting('/'))
      .put(navigatedTo('/about#culture'))
      .put(navigatedTo('/product#contact'))
      .dispatch(anchorClicked({ routeId: 'about', anchor: 'culture' }))
      .dispatch(anchorClicked({ routeId: 'product', anchor: 'contact' }))
      .dispatch(END)
      .run();
  });
});

describe('scroll to top', () => {
  it('steps up every 20 ms until the top, each step smaller as it nears it', async () => {
    const clock = virtualClock();
    let top = 1200;
    const atTop = deferred<void>();
    const scrollTo = jest.fn((to: number, _smooth: boolean) => {
      top = to;
      if (to === 0) atTop.resolve();
    });
    const deps = fakeDeps({}, { getScrollTop: jest.fn(() => top), scrollTo });
    // END would also end the climb (a navigation does): it comes once the page is at the top.
    function* visitor() {
      yield fork(watchScroll, deps);
      yield put(scrollTopRequested());
      yield call(() => atTop.promise);
      yield put(END);
    }
    await expectSaga(visitor).provide([clock.provider]).withReducer(rootReducer, visiting('/news')).run();
    const positions = [1200, ...scrollTo.mock.calls.map(([to]) => to)];
    const steps = positions.slice(1).map((to, i) => positions[i]! - to);
    expect(positions.at(-1)).toBe(0);
    // A sixth of the way each time, at least 10 px, never smooth (the steps are the animation).
    expect(positions.slice(0, 4)).toEqual([1200, 1000, 833, 694]);
    expect(steps.slice(-3, -1)).toEqual([10, 10]);
    expect(scrollTo.mock.calls.every(([, smooth]) => smooth === false)).toBe(true);
    expect(clock.waits).toEqual(Array<number>(scrollTo.mock.calls.length).fill(TIMING.scrollTopStepMs));
  });

  it('stops when the visitor navigates: no step after the navigation', async () => {
    const clock = clockHolding(3); // the wait after the third step
    let top = 100_000;
    const scrollTo = jest.fn((to: number) => void (top = to));
    const deps = fakeDeps({}, { getScrollTop: jest.fn(() => top), scrollTo });
    // The visitor follows a link while the page is still stepping up, then the held step would go on.
    function* visitor() {
      yield fork(watchScroll, deps);
      yield put(scrollTopRequested());
      yield call(() => clock.reached);
      yield put(navigatedTo('/about'));
      yield take(routeEntered.type); // the watchers have seen it
      yield call(clock.release);
      yield call(() => Promise.resolve()); // the released step would run now
      yield put(END);
    }
    await expectSaga(visitor).provide(clock.providers).withReducer(rootReducer, visiting('/news')).run();
    expect(scrollTo).toHaveBeenCalledTimes(3);
    expect(clock.waits).toEqual([20, 20, 20]);
    expect(top).toBeGreaterThan(0);
  });
});
