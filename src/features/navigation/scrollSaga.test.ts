import { expectSaga } from 'redux-saga-test-plan';
import { all, call, fork, put } from 'redux-saga/effects';
import { rootReducer } from '../rootReducer';
import { routeEntryOf } from '../shared/route';
import { TIMING } from '../../contracts/constants';
import { deferred, fakeDeps, stateWith } from '../testing';
import { productTabSelected } from '../product/slice';
import { watchRouteLoads } from './routeSaga';
import { scrollToTop, sectionOf, watchScroll } from './scrollSaga';
import { anchorClicked, navigatedTo, routeEntered, scrollTopRequested } from './slice';

const resolved = (value: unknown) => () => Promise.resolve(value);
const layout = { main: resolved({}), classifyList: resolved([]) };
const aboutApi = { ...layout, pageBanner: resolved({}), aboutUs: resolved({}), develop: resolved([]), business: resolved([]), social: resolved({}), contactUs: resolved({}) };
const tick = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms));

/** The route saga of a visitor on `path`, reached by a link. */
const routeSagaFrom = (path: string, deps: ReturnType<typeof fakeDeps>) =>
  expectSaga(watchRouteLoads, deps).withReducer(rootReducer, stateWith((s) => void (s.navigation.route = routeEntryOf(path, 'push'))));

/** The browser's two watchers of navigation: the route saga (loads, then scroll) and the anchor/scroll-top saga. */
function* navigationWatchers(deps: ReturnType<typeof fakeDeps>) {
  yield all([fork(watchRouteLoads, deps), fork(watchScroll, deps)]);
}

describe('an anchor on another page', () => {
  it('navigates to path#anchor and scrolls there once the page\'s loads have settled, after the anchor delay', async () => {
    const develop = deferred<unknown>();
    const deps = fakeDeps({ ...aboutApi, develop: () => develop.promise });
    const run = expectSaga(navigationWatchers, deps)
      .withReducer(rootReducer, stateWith((s) => void (s.navigation.route = routeEntryOf('/news', 'push'))))
      .put(navigatedTo('/about#development'))
      .dispatch(anchorClicked({ routeId: 'about', anchor: 'development' }))
      .silentRun(600);
    await tick(300);
    // The section's content is not in yet: nothing scrolls, however long it takes.
    expect(deps.services.scrollToElement).not.toHaveBeenCalled();
    develop.resolve([{ title: '2001', des: 'founded' }]);
    const { storeState } = await run;
    expect(storeState.navigation.route).toMatchObject({ path: '/about', hash: '#development', navigation: 'push' });
    expect(deps.services.scrollToElement).toHaveBeenCalledTimes(1);
    expect(deps.services.scrollToElement).toHaveBeenCalledWith('development', true);
  });

  it('is cancelled by the next navigation: the old anchor never scrolls the new page', async () => {
    const develop = deferred<unknown>();
    const deps = fakeDeps({ ...aboutApi, develop: () => develop.promise, pageBanner: resolved({}), noticeList: resolved([]), publicationTop: resolved({}), publicationList: resolved([]), newsList: resolved({ rows: [], total: 0 }) });
    const run = expectSaga(navigationWatchers, deps)
      .withReducer(rootReducer, stateWith((s) => void (s.navigation.route = routeEntryOf('/', 'push'))))
      .dispatch(anchorClicked({ routeId: 'about', anchor: 'development' }))
      .delay(10)
      .dispatch(navigatedTo('/news'))
      .silentRun(500);
    await tick(20);
    develop.resolve([]);
    await run;
    expect(deps.services.scrollToElement).not.toHaveBeenCalled();
  });

  it('chooses the product tab of a product category anchor', async () => {
    const deps = fakeDeps({ ...layout, pageBanner: resolved({}), productContacts: resolved({}), productList: resolved({ rows: [], total: 0 }) });
    await expectSaga(watchScroll, deps)
      .withReducer(rootReducer, stateWith())
      .put(productTabSelected(2))
      .put(navigatedTo('/product#product'))
      .dispatch(anchorClicked({ routeId: 'product', anchor: 'product', index: 2 }))
      .silentRun(50);
  });

  it('chooses no tab for an anchor without a category, nor for an index off /product', async () => {
    await expectSaga(watchScroll, fakeDeps())
      .withReducer(rootReducer, stateWith())
      .not.put.actionType(productTabSelected.type)
      .put(navigatedTo('/product#contact'))
      .put(navigatedTo('/about#culture'))
      .dispatch(anchorClicked({ routeId: 'product', anchor: 'contact' }))
      .dispatch(anchorClicked({ routeId: 'about', anchor: 'culture', index: 1 }))
      .silentRun(50);
  });
});

describe('the section a URL names', () => {
  it('is its #hash, or ?name= on /resources only', () => {
    expect(sectionOf(routeEntryOf('/about#culture'))).toBe('culture');
    expect(sectionOf(routeEntryOf('/resources?name=joinus'))).toBe('joinus');
    expect(sectionOf(routeEntryOf('/resources?name=joinus#policy'))).toBe('policy');
    expect(sectionOf(routeEntryOf('/about?name=culture'))).toBeUndefined();
  });
});

describe('scrolling after a navigation', () => {
  it('waits the anchor delay on a new page, so the page has rendered before it scrolls', async () => {
    const deps = fakeDeps(aboutApi);
    const run = routeSagaFrom('/news', deps)
      .dispatch(navigatedTo('/about#culture'))
      .silentRun(TIMING.anchorScrollDelayMs + 800);
    await tick(TIMING.anchorScrollDelayMs / 2);
    expect(deps.services.scrollToElement).not.toHaveBeenCalled();
    await run;
    expect(deps.services.scrollToElement).toHaveBeenCalledWith('culture', true);
  });

  it('looks for the section again until the new page has rendered it, on a slow device', async () => {
    const deps = fakeDeps(aboutApi);
    const rendered = [false, false, true];
    (deps.services.scrollToElement as jest.Mock).mockImplementation(() => rendered.shift() ?? true);
    await routeSagaFrom('/news', deps)
      .dispatch(navigatedTo('/about#culture'))
      .silentRun(TIMING.anchorScrollDelayMs + 3 * TIMING.anchorRetryMs + 300);
    expect(deps.services.scrollToElement).toHaveBeenCalledTimes(3);
    expect(deps.services.scrollToElement).toHaveBeenLastCalledWith('culture', true);
  });

  it('a newer navigation stops the search for a section', async () => {
    const deps = fakeDeps(aboutApi);
    (deps.services.scrollToElement as jest.Mock).mockReturnValue(false);
    await routeSagaFrom('/news', deps)
      .dispatch(navigatedTo('/about#nowhere'))
      .delay(TIMING.anchorScrollDelayMs + 2 * TIMING.anchorRetryMs + 50)
      .dispatch(navigatedTo('/about'))
      .silentRun(TIMING.anchorScrollDelayMs + 15 * TIMING.anchorRetryMs);
    // About three looks before the navigation (their timing shifts on a loaded machine), none of
    // the dozen more an uncancelled search would make by the end of the run.
    const looks = (deps.services.scrollToElement as jest.Mock).mock.calls.length;
    expect(looks).toBeGreaterThanOrEqual(2);
    expect(looks).toBeLessThanOrEqual(4);
  });

  it('stops looking once the wait is over', async () => {
    const deps = fakeDeps(aboutApi);
    (deps.services.scrollToElement as jest.Mock).mockReturnValue(false);
    await routeSagaFrom('/news', deps)
      .dispatch(navigatedTo('/about#nowhere'))
      .silentRun(TIMING.anchorScrollDelayMs + TIMING.anchorWaitMs + 1000);
    expect(deps.services.scrollToElement).toHaveBeenCalledTimes(TIMING.anchorWaitMs / TIMING.anchorRetryMs + 1);
  }, 15_000); // the run itself lasts over 4 s

  it('scrolls smoothly at once to an anchor of the page the visitor is on', async () => {
    const deps = fakeDeps(aboutApi);
    await routeSagaFrom('/about', deps)
      .dispatch(navigatedTo('/about#culture'))
      .silentRun(50);
    expect(deps.services.scrollToElement).toHaveBeenCalledWith('culture', true);
  });

  it('puts a new page without an anchor at the top, and leaves back and forward where the browser restores them', async () => {
    const deps = fakeDeps(aboutApi);
    await routeSagaFrom('/news', deps).dispatch(navigatedTo('/about')).silentRun(50);
    expect(deps.services.scrollTo).toHaveBeenCalledWith(0, false);

    const back = fakeDeps(aboutApi);
    await routeSagaFrom('/news', back)
      .dispatch(routeEntered(routeEntryOf('/about#culture', 'pop')))
      .silentRun(TIMING.anchorScrollDelayMs + 800);
    expect(back.services.scrollTo).not.toHaveBeenCalled();
    expect(back.services.scrollToElement).not.toHaveBeenCalled();
  });

  it('scrolls a landing to the section its URL names (#hash, or ?name= on /resources), and leaves any other landing alone', async () => {
    const resources = { ...layout, pageBanner: resolved({}), memberCulture: resolved({}), hrPolicies: resolved([]), jobs: resolved([]), memberList: resolved({ rows: [], total: 0 }) };
    const deps = fakeDeps(resources);
    await expectSaga(watchRouteLoads, deps).withReducer(rootReducer, stateWith()).dispatch(routeEntered(routeEntryOf('/resources?name=joinus', 'pop'))).silentRun(TIMING.anchorScrollDelayMs + 800);
    expect(deps.services.scrollToElement).toHaveBeenCalledWith('joinus', true);

    const plain = fakeDeps(aboutApi);
    await expectSaga(watchRouteLoads, plain).withReducer(rootReducer, stateWith()).dispatch(routeEntered(routeEntryOf('/about', 'pop'))).silentRun(50);
    expect(plain.services.scrollTo).not.toHaveBeenCalled();
  });
});

describe('scroll to top', () => {
  it('steps up every 20 ms until the top, each step smaller as it nears it', async () => {
    let top = 1200;
    const scrollTo = jest.fn((to: number, _smooth: boolean) => void (top = to));
    const deps = fakeDeps({}, { getScrollTop: jest.fn(() => top), scrollTo });
    await expectSaga(scrollToTop, deps).run(5000);
    const positions = [1200, ...scrollTo.mock.calls.map(([to]) => to)];
    const steps = positions.slice(1).map((to, i) => positions[i]! - to);
    expect(positions.at(-1)).toBe(0);
    // A sixth of the way each time, at least 10 px, never smooth (the steps are the animation).
    expect(positions.slice(0, 4)).toEqual([1200, 1000, 833, 694]);
    expect(steps.slice(-3, -1)).toEqual([10, 10]);
    expect(scrollTo.mock.calls.every(([, smooth]) => smooth === false)).toBe(true);
  });

  it('stops when the visitor navigates: no step after the navigation', async () => {
    let top = 100_000;
    const third = deferred<void>();
    const scrollTo = jest.fn((to: number) => {
      top = to;
      if (scrollTo.mock.calls.length === 3) third.resolve();
    });
    const deps = fakeDeps({}, { getScrollTop: jest.fn(() => top), scrollTo });
    // The visitor follows a link while the page is still stepping up: right after its third step.
    function* visitor() {
      yield fork(watchScroll, deps);
      yield put(scrollTopRequested());
      yield call(() => third.promise);
      yield put(navigatedTo('/nope'));
    }
    // Left alone, a step every 20 ms would go on for well over the run.
    await expectSaga(visitor).withReducer(rootReducer, stateWith()).silentRun(200);
    expect(scrollTo).toHaveBeenCalledTimes(3);
    expect(top).toBeGreaterThan(0);
  });
});

describe('the first link after a server-rendered landing', () => {
  it('puts the new page at the top: hydration entered nothing, so this is a navigation, not the landing', async () => {
    const deps = fakeDeps(aboutApi);
    await expectSaga(watchRouteLoads, deps)
      .withReducer(rootReducer, stateWith((s) => void (s.navigation.route = routeEntryOf('/news'))))
      .dispatch(navigatedTo('/about'))
      .silentRun(50);
    expect(deps.services.scrollTo).toHaveBeenCalledWith(0, false);
  });
});
