import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { END } from 'redux-saga';
import { call, take } from 'redux-saga/effects';
import { applicationForm, applicationSubmitted } from '../features/forms/slice';
import { selectForm } from '../features/forms/selectors';
import { selectNewsList } from '../features/news/selectors';
import { selectProductList } from '../features/product/selectors';
import { watchLocale } from '../features/locale/saga';
import { localeChangeRequested } from '../features/locale/slice';
import { productTabSelected } from '../features/product/slice';
import { routeEntered } from '../features/navigation/slice';
import { newsMoreRequested } from '../features/news/slice';
import { fakeDeps } from '../features/testing';
import { routeEntryOf } from '../features/shared/route';
import { rootReducer } from '../features/rootReducer';
import { rootSaga } from './rootSaga';
import { createAppStore } from './store';

type Store = ReturnType<typeof createAppStore>['store'];
type State = ReturnType<Store['getState']>;

/** Resolves once the store's state satisfies `done` (the sagas' answers are promises the store awaits, not time). */
const until = (store: Store, done: (state: State) => boolean) =>
  new Promise<void>((resolve) => {
    if (done(store.getState())) return resolve();
    const unsubscribe = store.subscribe(() => {
      if (!done(store.getState())) return;
      unsubscribe();
      resolve();
    });
  });
/** Lets every pending promise callback run (no time passes for the sagas' own delays). */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const jobOne = selectForm(applicationForm('1'));
const application = applicationSubmitted({ jobId: '1', values: { name: 'a', phone: '13800000000', email: 'a@b.com' }, consents: { consent: true } });

describe('the store', () => {
  it('sends one application when submit is pressed twice quickly', async () => {
    let answer!: (value: string) => void;
    const submit = jest.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    const { store } = createAppStore({}, fakeDeps({ submitApplication: submit, privacyNotice: async () => ({ version: 'v1' }) }));
    store.dispatch(application);
    expect(jobOne(store.getState()).status).toBe('submitting');
    store.dispatch(application);
    await flush();
    answer('ok');
    await until(store, (state) => jobOne(state).status === 'succeeded');
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('replays: the actions of a scripted visit rebuild the same state in a fresh store', async () => {
    let submissions = 0;
    const deps = fakeDeps({
      main: async () => ({ company: 'Y' }),
      classifyList: async () => [{ id: 1, name: 'A' }, { id: 2, name: 'B' }],
      pageBanner: async () => ({ name: 'b' }),
      productContacts: async () => ({}),
      productList: async (_l: string, q: { classifyId: number }) => ({ rows: [{ id: q.classifyId, name: `p${q.classifyId}`, pics: [] }], total: 1 }),
      newsList: async (_l: string, q: { page: number }) => ({ rows: [{ id: q.page, title: `n${q.page}` }], total: 3 }),
      noticeList: async () => [],
      publicationTop: async () => ({ title: 't' }),
      publicationList: async () => [],
      submitApplication: async () => {
        submissions += 1;
        if (submissions === 1) throw { kind: 'envelope', code: 1, msg: 'busy' };
        return 'ok';
      },
      checkLanguage: async () => undefined,
      jobDetail: async () => ({ id: 1, title: 'job' }),
      privacyNotice: async () => ({ version: 'v1' }),
    });
    const recorded: UnknownAction[] = [];
    const recorder: Middleware = () => (next) => (action) => {
      recorded.push(action as UnknownAction);
      return next(action);
    };
    // RTK's serialisability and immutability checks run in this (non-production) store: they must stay quiet.
    const warnings = [jest.spyOn(console, 'warn'), jest.spyOn(console, 'error')];
    const { store } = createAppStore({}, deps, { middleware: [recorder] });
    const visit = (path: string) => store.dispatch(routeEntered(routeEntryOf(path, 'push')));

    visit('/product');
    await until(store, (state) => selectProductList(state).status === 'succeeded');
    store.dispatch(productTabSelected({ index: 1, name: 'B' }));
    await until(store, (state) => selectProductList(state).data?.rows[0]?.id === 2);
    expect(store.getState().navigation.route).toMatchObject({ path: '/product', query: { name: 'B' } });
    visit('/news');
    await until(store, (state) => selectNewsList(state).status === 'succeeded');
    store.dispatch(newsMoreRequested());
    await until(store, (state) => selectNewsList(state).rows.length === 2);
    visit('/resources/1');
    store.dispatch(application);
    await until(store, (state) => jobOne(state).status === 'failed');
    store.dispatch(application);
    await until(store, (state) => jobOne(state).status === 'succeeded');
    store.dispatch(localeChangeRequested('en'));
    await until(store, () => recorded.some((action) => action.type === 'locale/changeConfirmed'));
    await flush();
    expect(deps.services.load).toHaveBeenCalledWith('/en/resources/1');
    // Everything is plain data: through JSON and back unchanged, and replayable into a fresh store.
    const replayed = JSON.parse(JSON.stringify(recorded)).reduce(rootReducer, rootReducer(undefined, { type: '@@init' }));
    expect(replayed).toEqual(store.getState());
    expect(recorded.map((a) => a.type)).toEqual(expect.arrayContaining(['product/tabSelected', 'product/routeApplied', 'news/pagesShown', 'content/succeeded', 'forms/submitRejected', 'forms/submitSucceeded', 'locale/changeConfirmed']));
    for (const spy of warnings) expect(spy.mock.calls).toEqual([]);
  });

  it('keeps the other watchers answering when one throws, and restarts it', async () => {
    const deps = fakeDeps({ checkLanguage: async () => undefined });
    let runs = 0;
    function* fragile() {
      runs += 1;
      yield take('test/boom');
      throw new Error('boom');
    }
    function* locale() {
      yield call(watchLocale, deps);
    }
    const { default: createSagaMiddleware } = await import('redux-saga');
    const { configureStore } = await import('@reduxjs/toolkit');
    const saga = createSagaMiddleware();
    const store = configureStore({ reducer: rootReducer, middleware: (d) => d({ thunk: false }).concat(saga) });
    saga.run(rootSaga, deps, [fragile, locale]);
    store.dispatch({ type: 'test/boom' });
    await flush();
    expect(deps.services.log).toHaveBeenCalledWith('fragile failed and was restarted:', expect.any(Error));
    expect(runs).toBe(2);
    store.dispatch(localeChangeRequested('en'));
    await flush();
    expect(deps.services.load).toHaveBeenCalledWith('/en/');
    // The page in the new language replaces this one: the store keeps the language on screen.
    expect(store.getState().locale).toEqual({ current: 'zh' });
  });

  it('ends its watchers on END, so a server render can finish', async () => {
    const main = jest.fn(async () => ({}));
    const { store } = createAppStore({}, fakeDeps({ main }));
    store.dispatch(END);
    store.dispatch(routeEntered({ routeId: 'report', path: '/report', params: {}, query: {}, hash: '' }));
    await flush();
    expect(main).not.toHaveBeenCalled();
  });
});
