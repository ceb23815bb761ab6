import { expectSaga } from 'redux-saga-test-plan';
import { all, fork } from 'redux-saga/effects';
import { watchApiErrors } from '../errors/saga';
import { rootReducer } from '../rootReducer';
import type { RootState } from '../rootReducer';
import { selectContent } from '../content/selectors';
import { retryRequested } from '../content/slice';
import { apiFailed } from '../shared/apiFailed';
import { routeEntryOf } from '../shared/route';
import { deferred, envelopeError, fakeDeps, stateWith } from '../testing';
import { watchRouteLoads } from './routeSaga';
import { selectActivePath } from './selectors';
import { routeEntered, routeNotFound } from './slice';

const resolved = (value: unknown) => () => Promise.resolve(value);
const layout = { main: resolved({ company: 'Y' }), classifyList: resolved([{ id: 1, name: 'A' }]) };
const enter = (url: string) => routeEntered(routeEntryOf(url, 'push'));
const notFound = { ...envelopeError(1, '未找到'), notFound: true as const };

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

/** The route saga with the errors saga beside it, as in the browser: what the visitor is told. */
function* withErrors(deps: ReturnType<typeof fakeDeps>) {
  yield all([fork(watchApiErrors, deps), fork(watchRouteLoads, deps)]);
}

describe('routeEntered', () => {
  it('marks the page active and loads the layout and every section of the page', async () => {
    const deps = fakeDeps({
      ...layout,
      pageBanner: resolved({ name: 'banner' }),
      sceneOverview: resolved({ title: 'o' }),
      sceneTeam: resolved([]),
      sceneCooperation: resolved([]),
      sceneResearch: resolved([]),
    });
    const { storeState } = await expectSaga(watchRouteLoads, deps).withReducer(rootReducer, stateWith()).dispatch(enter('/innovation')).silentRun(50);
    expect(selectActivePath(storeState)).toBe('/innovation');
    for (const name of ['main', 'classifyList', 'sceneOverview', 'sceneTeam', 'sceneCooperation', 'sceneResearch'] as const) {
      expect(selectContent(name)(storeState).status).toBe('succeeded');
    }
    expect(selectContent('pageBanner', { type: 3 })(storeState).data).toEqual({ name: 'banner' });
  });

  it('loads only the layout for an unknown path, and nothing of it for the bare layout', async () => {
    const main = jest.fn(resolved({}));
    await expectSaga(watchRouteLoads, fakeDeps({ ...layout, main }))
      .withReducer(rootReducer, stateWith())
      .dispatch(enter('/nope'))
      .dispatch(enter('/login'))
      .silentRun(50);
    expect(main).toHaveBeenCalledTimes(1);
  });

  it('cancels the loads of the page the visitor left: an answer that arrives later never lands', async () => {
    const first = deferred<unknown>();
    const deps = fakeDeps({ ...layout, newsDetail: (_lan: string, id: string) => (id === '1' ? first.promise : Promise.resolve({ title: 'two' })) });
    const run = expectSaga(watchRouteLoads, deps).withReducer(rootReducer, stateWith()).dispatch(enter('/news/1')).dispatch(enter('/news/2')).silentRun(100);
    await tick();
    first.resolve({ title: 'one' }); // while the saga still runs: a watcher without cancellation would store it
    const { storeState } = await run;
    expect(selectContent('newsDetail', { id: '1' })(storeState).status).not.toBe('succeeded');
    expect(selectContent('newsDetail', { id: '2' })(storeState).data).toEqual({ title: 'two' });
  });

  it('retries the failed sections of the current page', async () => {
    let fail = true;
    const deps = fakeDeps({
      ...layout,
      pageBanner: resolved({ name: 'r' }),
      report: () => (fail ? Promise.reject(envelopeError(1, 'down')) : Promise.resolve({ title: 'T', content: '<p>x</p>' })),
    });
    const result = await expectSaga(watchRouteLoads, deps).withReducer(rootReducer, stateWith()).put(apiFailed(envelopeError(1, 'down'))).dispatch(enter('/report')).silentRun(30);
    expect(selectContent('report')(result.storeState).status).toBe('failed');

    fail = false;
    const retried = await expectSaga(watchRouteLoads, deps).withReducer(rootReducer, result.storeState as RootState).dispatch(retryRequested()).silentRun(30);
    expect(selectContent('report')(retried.storeState).data).toEqual({ title: 'T', content: '<p>x</p>' });
  });
});

describe('an id the provider does not know', () => {
  it('makes the page the 404 page in the browser too, silently: the 404 page says so itself', async () => {
    const deps = fakeDeps({ ...layout, newsDetail: () => Promise.reject(notFound) });
    const { storeState } = await expectSaga(withErrors, deps)
      .withReducer(rootReducer, stateWith())
      .put(apiFailed(notFound, { routeDetail: true }))
      .put(routeNotFound())
      .dispatch(enter('/news/99999'))
      .silentRun(50);
    expect(storeState.navigation.notFound).toBe(true);
    expect(deps.services.toast.error).not.toHaveBeenCalled();
  });

  it('is announced like any error when it answers another load of the page: a section stays failed, the page is no 404', async () => {
    const deps = fakeDeps({ ...layout, pageBanner: resolved({}), report: () => Promise.reject({ ...envelopeError(1, '报告不存在'), notFound: true }) });
    const { storeState } = await expectSaga(withErrors, deps).withReducer(rootReducer, stateWith()).not.put(routeNotFound()).dispatch(enter('/report')).silentRun(50);
    expect(storeState.navigation.notFound).toBe(false);
    expect(selectContent('report')(storeState).status).toBe('failed');
    expect(deps.services.toast.error).toHaveBeenCalledWith('报告不存在', { autoClose: 2000 });
  });

  it('on a detail page, only the detail\'s own "no such id" is silent: the banner\'s is announced', async () => {
    const deps = fakeDeps({ ...layout, pageBanner: () => Promise.reject({ ...envelopeError(1, '横幅不存在'), notFound: true }), jobDetail: () => Promise.reject(notFound), privacyNotice: resolved({}) });
    const { storeState } = await expectSaga(withErrors, deps).withReducer(rootReducer, stateWith()).dispatch(enter('/resources/404')).silentRun(50);
    expect(storeState.navigation.notFound).toBe(true);
    expect(deps.services.toast.error).toHaveBeenCalledTimes(1);
    expect(deps.services.toast.error).toHaveBeenCalledWith('横幅不存在', { autoClose: 2000 });
  });

  it('is not taken from a failure that is not "no such id": that page shows its error and Retry', async () => {
    const deps = fakeDeps({ ...layout, newsDetail: () => Promise.reject(envelopeError(1, 'database busy')) });
    const { storeState } = await expectSaga(watchRouteLoads, deps).withReducer(rootReducer, stateWith()).not.put(routeNotFound()).dispatch(enter('/news/5')).silentRun(50);
    expect(storeState.navigation.notFound).toBe(false);
    expect(selectContent('newsDetail', { id: '5' })(storeState).status).toBe('failed');
  });

  it('is not asked again when the browser takes over the server\'s 404', async () => {
    const newsDetail = jest.fn(() => Promise.reject(notFound));
    const served = stateWith((s) => {
      s.navigation.route = routeEntryOf('/news/99999');
      s.navigation.notFound = true;
    });
    const { storeState } = await expectSaga(watchRouteLoads, fakeDeps({ ...layout, newsDetail }))
      .withReducer(rootReducer, served)
      .dispatch(routeEntered(routeEntryOf('/news/99999', 'pop')))
      .silentRun(50);
    expect(newsDetail).not.toHaveBeenCalled();
    expect(storeState.navigation.notFound).toBe(true);
  });
});
