import { expectSaga } from 'redux-saga-test-plan';
import { rootReducer } from '../../app/rootReducer';
import { fakeDeps, stateWith } from '../testing';
import { watchRouteScroll, watchScroll } from './scrollSaga';
import reducer, { anchorClicked, routeEntered, scrollPositionChanged, scrollTopRequested, type RouteEntry } from './slice';

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

  it('on another page navigate first, then scroll after about 200 ms once the section exists', async () => {
    let renders = 0;
    const scrollToElement = jest.fn(() => (renders += 1) >= 3);
    const deps = fakeDeps({}, { scrollToElement });
    const started = Date.now();
    await expectSaga(watchScroll, deps).withReducer(rootReducer, on('index', '/')).dispatch(anchorClicked({ routeId: 'innovation', anchor: 'team' })).silentRun(600);
    expect(deps.services.navigate).toHaveBeenCalledWith('/innovation');
    expect(scrollToElement).toHaveBeenCalledTimes(3);
    expect(scrollToElement).toHaveBeenLastCalledWith('team', true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
  });

  it('to /product set the tab index', async () => {
    const { storeState } = await expectSaga(watchScroll, fakeDeps())
      .withReducer(rootReducer, on('product', '/product'))
      .dispatch(anchorClicked({ routeId: 'product', anchor: 'product', index: 3 }))
      .silentRun(20);
    expect(storeState.product).toMatchObject({ tab: 3, page: 1 });
  });

  it('give up quietly when the section never appears', async () => {
    const deps = fakeDeps({}, { scrollToElement: jest.fn(() => false) });
    const run = expectSaga(watchScroll, deps).withReducer(rootReducer, on('index', '/')).dispatch(anchorClicked({ routeId: 'about', anchor: 'nothing' }));
    await run.silentRun(400);
    expect(deps.services.navigate).toHaveBeenCalledWith('/about');
    expect(deps.services.scrollToElement).toHaveBeenCalledWith('nothing', true);
  });
});

describe('entering a page', () => {
  it('starts at the top', async () => {
    const deps = fakeDeps();
    await expectSaga(watchRouteScroll, deps).withReducer(rootReducer, stateWith()).dispatch(routeEntered(entry('about'))).silentRun(20);
    expect(deps.services.scrollTo).toHaveBeenCalledWith(0, false);
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
