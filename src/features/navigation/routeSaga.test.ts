import { expectSaga } from 'redux-saga-test-plan';
import { rootReducer } from '../rootReducer';
import type { RootState } from '../rootReducer';
import { selectContent } from '../content/selectors';
import { retryRequested } from '../content/slice';
import { apiFailed } from '../shared/apiFailed';
import { envelopeError, fakeDeps, stateWith } from '../testing';
import { watchRouteLoads } from './routeSaga';
import { routeEntered, type RouteEntry } from './slice';

const entry = (routeId: RouteEntry['routeId'], path: string, extra: Partial<RouteEntry> = {}): RouteEntry => ({
  routeId,
  path,
  params: {},
  query: {},
  hash: '',
  ...extra,
});

const resolved = (value: unknown) => () => Promise.resolve(value);
const layout = { main: resolved({ company: 'Y' }), classifyList: resolved([{ id: 1, name: 'A' }]) };

describe('routeEntered', () => {
  it('sets the active path and loads the layout and every section of the page', async () => {
    const deps = fakeDeps({
      ...layout,
      pageBanner: resolved({ name: 'banner' }),
      sceneOverview: resolved({ title: 'o' }),
      sceneTeam: resolved([]),
      sceneCooperation: resolved([]),
      sceneResearch: resolved([]),
    });
    const { storeState } = await expectSaga(watchRouteLoads, deps)
      .withReducer(rootReducer, stateWith())
      .dispatch(routeEntered(entry('innovation', '/innovation')))
      .silentRun(50);
    expect(storeState.navigation.activePath).toBe('/innovation');
    for (const name of ['main', 'classifyList', 'sceneOverview', 'sceneTeam', 'sceneCooperation', 'sceneResearch'] as const) {
      expect(selectContent(name)(storeState).status).toBe('succeeded');
    }
    expect(selectContent('pageBanner', { type: 3 })(storeState).data).toEqual({ name: 'banner' });
  });

  it('loads only the layout for an unknown path, and nothing of it for the bare layout', async () => {
    const main = jest.fn(resolved({}));
    await expectSaga(watchRouteLoads, fakeDeps({ ...layout, main }))
      .withReducer(rootReducer, stateWith())
      .dispatch(routeEntered(entry(null, '/nope')))
      .dispatch(routeEntered(entry('login', '/login')))
      .silentRun(50);
    expect(main).toHaveBeenCalledTimes(1);
  });

  it('cancels the loads of the page the visitor left: a late answer never lands', async () => {
    let answerLate: (value: unknown) => void = () => {};
    const deps = fakeDeps({
      ...layout,
      newsDetail: (_lan: string, id: string) => (id === '1' ? new Promise((resolve) => (answerLate = resolve)) : Promise.resolve({ title: 'two' })),
    });
    const { storeState } = await expectSaga(watchRouteLoads, deps)
      .withReducer(rootReducer, stateWith())
      .dispatch(routeEntered(entry('newsDetail', '/news/1', { params: { id: '1' } })))
      .dispatch(routeEntered(entry('newsDetail', '/news/2', { params: { id: '2' } })))
      .silentRun(50);
    answerLate({ title: 'one' });
    expect(selectContent('newsDetail', { id: '1' })(storeState)).toEqual({ status: 'idle', data: null, error: null });
    expect(selectContent('newsDetail', { id: '2' })(storeState).data).toEqual({ title: 'two' });
  });

  it('retries the failed sections of the current page', async () => {
    let fail = true;
    const deps = fakeDeps({
      ...layout,
      pageBanner: resolved({ name: 'r' }),
      report: () => (fail ? Promise.reject(envelopeError(1, 'down')) : Promise.resolve({ title: 'T', content: '<p>x</p>' })),
    });
    const saga = expectSaga(watchRouteLoads, deps).withReducer(rootReducer, stateWith());
    const result = await saga.put(apiFailed(envelopeError(1, 'down'))).dispatch(routeEntered(entry('report', '/report'))).silentRun(30);
    expect(selectContent('report')(result.storeState).status).toBe('failed');

    fail = false;
    const retried = await expectSaga(watchRouteLoads, deps).withReducer(rootReducer, result.storeState as RootState).dispatch(retryRequested()).silentRun(30);
    expect(selectContent('report')(retried.storeState).data).toEqual({ title: 'T', content: '<p>x</p>' });
  });
});
