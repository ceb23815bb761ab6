import { expectSaga, testSaga } from 'redux-saga-test-plan';
import { rootReducer } from '../rootReducer';
import { fakeDeps, stateWith } from '../testing';
import { followAnchor, scrollToSectionWhenReady, scrollToTop, watchRouteScroll, watchScroll } from './scrollSaga';
import { selectActiveRouteId } from './selectors';
import reducer, { anchorClicked, mobileMenuChanged, routeEntered, subMenuOpened, scrollPositionChanged, scrollTopRequested, type RouteEntry } from './slice';

const on = (routeId: RouteEntry['routeId'], path: string) =>
  stateWith((s) => void (s.navigation.route = { routeId, path, params: {}, query: {}, hash: '' }));
const entry = (routeId: RouteEntry['routeId'], extra: Partial<RouteEntry> = {}): RouteEntry => ({ routeId, path: '/x', params: {}, query: {}, hash: '', ...extra });

describe('anchor links', () => {
  it('on the same page scroll smoothly at once', async () => {
    const deps = fakeDeps();
    await expectSaga(watchScroll, deps).withReducer(rootReducer, on('about', '/about')).dispatch(anchorClicked({ routeId: 'about', anchor: 'culture' })).silentRun(20);
    expect(deps.services.navigate).not.toHaveBeenCalled();
    expect(deps.services.scrollToElement).toHaveBeenCalledWith('culture', true);
  });

  it('on another page navigate first, wait 200 ms, then scroll once the section exists', () => {
    const deps = fakeDeps();
    testSaga(followAnchor, deps, anchorClicked({ routeId: 'innovation', anchor: 'team' }))
      .next()
      .select(selectActiveRouteId)
      .next('index')
      .call(deps.services.navigate, '/innovation')
      .next()
      .call(scrollToSectionWhenReady, deps, 'team')
      .next(true)
      .isDone();
    testSaga(scrollToSectionWhenReady, deps, 'team')
      .next()
      .delay(200)
      .next()
      .call(deps.services.scrollToElement, 'team', true)
      .next(false)
      .delay(100)
      .next()
      .call(deps.services.scrollToElement, 'team', true)
      .next(true)
      .returns(true);
  });

  it('close the sub-menu and the phone menu with the one event they dispatch', () => {
    let state = reducer(undefined, mobileMenuChanged(true));
    expect(state.mobileMenuOpen).toBe(true);
    state = reducer(state, subMenuOpened('about'));
    state = reducer(state, anchorClicked({ routeId: 'about', anchor: 'culture' }));
    expect(state).toMatchObject({ mobileMenuOpen: false, openSubMenu: null });
  });

  it('to /product set the tab index', async () => {
    const { storeState } = await expectSaga(watchScroll, fakeDeps())
      .withReducer(rootReducer, on('product', '/product'))
      .dispatch(anchorClicked({ routeId: 'product', anchor: 'product', index: 3 }))
      .silentRun(20);
    expect(storeState.product).toMatchObject({ tab: 3, page: 1 });
  });

  it('give up 5 s after the 200 ms wait when the section never appears', () => {
    const deps = fakeDeps();
    const saga = scrollToSectionWhenReady(deps, 'nothing');
    let waited = 0;
    let looks = 0;
    for (let step = saga.next(); !step.done; ) {
      const effect = step.value as { type: string; payload: { fn: unknown; args: unknown[] } };
      expect(effect.type).toBe('CALL');
      if (effect.payload.fn === deps.services.scrollToElement) {
        looks += 1;
        step = saga.next(false);
      } else {
        waited += effect.payload.args[0] as number;
        step = saga.next();
      }
      if (step.done) expect(step.value).toBe(false);
    }
    expect(waited - 200).toBeGreaterThanOrEqual(5000);
    expect(waited - 200).toBeLessThanOrEqual(5100);
    expect(looks).toBeGreaterThan(1);
  });
});

describe('entering a page', () => {
  it('starts a new (push) navigation at the top', async () => {
    const deps = fakeDeps();
    await expectSaga(watchRouteScroll, deps)
      .withReducer(rootReducer, stateWith())
      .dispatch(routeEntered(entry('index', { navigation: 'pop' })))
      .dispatch(routeEntered(entry('about', { navigation: 'push' })))
      .silentRun(20);
    expect(deps.services.scrollTo).toHaveBeenCalledTimes(1);
    expect(deps.services.scrollTo).toHaveBeenCalledWith(0, false);
  });

  it('leaves the landing and back/forward where the browser restores them', async () => {
    const deps = fakeDeps();
    await expectSaga(watchRouteScroll, deps)
      .withReducer(rootReducer, stateWith())
      .dispatch(routeEntered(entry('news', { navigation: 'pop' })))
      .dispatch(routeEntered(entry('about', { navigation: 'push' })))
      .dispatch(routeEntered(entry('news', { navigation: 'pop' })))
      .silentRun(20);
    expect(deps.services.scrollTo).toHaveBeenCalledTimes(1);
    const landing = fakeDeps();
    await expectSaga(watchRouteScroll, landing).withReducer(rootReducer, stateWith()).dispatch(routeEntered(entry('about', { navigation: 'push' }))).silentRun(20);
    expect(landing.services.scrollTo).not.toHaveBeenCalled();
  });

  it('scrolls to #section, or to ?name= on /resources, after 200 ms', async () => {
    const deps = fakeDeps();
    await expectSaga(watchRouteScroll, deps)
      .withReducer(rootReducer, stateWith())
      .dispatch(routeEntered(entry('resources', { query: { name: 'joinus' } })))
      .silentRun(300);
    expect(deps.services.scrollToElement).toHaveBeenCalledWith('joinus', true);
    const other = fakeDeps();
    await expectSaga(watchRouteScroll, other).withReducer(rootReducer, stateWith()).dispatch(routeEntered(entry('about', { hash: '#contact' }))).silentRun(300);
    expect(other.services.scrollToElement).toHaveBeenCalledWith('contact', true);
    expect(other.services.scrollTo).not.toHaveBeenCalled();
  });
});

describe('scroll to top', () => {
  it('steps up every 20 ms until the top', async () => {
    let top = 3000;
    const deps = fakeDeps({}, { getScrollTop: jest.fn(() => top), scrollTo: jest.fn((y: number) => void (top = y)) });
    await expectSaga(watchScroll, deps).withReducer(rootReducer, stateWith()).dispatch(scrollTopRequested()).silentRun(1500);
    expect(top).toBe(0);
    const steps = (deps.services.scrollTo as jest.Mock).mock.calls.map(([y]) => y as number);
    expect(steps.length).toBeGreaterThan(5);
    expect(steps).toEqual([...steps].sort((a, b) => b - a));
  });

  it('waits exactly 20 ms between steps', () => {
    const deps = fakeDeps();
    testSaga(scrollToTop, deps)
      .next()
      .call(deps.services.getScrollTop)
      .next(600)
      .call(deps.services.scrollTo, 500, false)
      .next()
      .delay(20)
      .next()
      .call(deps.services.getScrollTop)
      .next(0)
      .isDone();
  });

  it('stops when the visitor navigates', async () => {
    let top = 100_000;
    const deps = fakeDeps({}, { getScrollTop: jest.fn(() => top), scrollTo: jest.fn((y: number) => void (top = y)) });
    await expectSaga(watchScroll, deps)
      .withReducer(rootReducer, stateWith())
      .dispatch(scrollTopRequested())
      .delay(70)
      .dispatch(routeEntered(entry('about')))
      .silentRun(300);
    const steps = (deps.services.scrollTo as jest.Mock).mock.calls.length;
    expect(steps).toBeGreaterThan(0);
    expect(steps).toBeLessThan(8);
    expect(top).toBeGreaterThan(0);
  });

  it('shows the button once the offset passes one viewport', () => {
    let state = reducer(undefined, scrollPositionChanged({ offset: 900, viewport: 800 }));
    expect(state.scrollTopVisible).toBe(true);
    state = reducer(state, scrollPositionChanged({ offset: 800, viewport: 800 }));
    expect(state.scrollTopVisible).toBe(false);
  });
});
