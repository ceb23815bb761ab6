import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { END } from 'redux-saga';
import { call, take } from 'redux-saga/effects';
import { applicationSubmitted } from '../features/forms/slice';
import { watchLocale } from '../features/locale/saga';
import { localeChangeRequested } from '../features/locale/slice';
import { productTabSelected } from '../features/product/slice';
import { routeEntered } from '../features/navigation/slice';
import { newsMoreRequested } from '../features/news/slice';
import { fakeDeps } from '../features/testing';
import { rootReducer } from '../features/rootReducer';
import { rootSaga } from './rootSaga';
import { createAppStore } from './store';

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));
const application = applicationSubmitted({ jobId: '1', values: { name: 'a', phone: '1', email: 'a@b.com' }, consents: { consent: true } });

describe('the store', () => {
  it('sends one application when submit is pressed twice quickly', async () => {
    const submit = jest.fn(() => new Promise((resolve) => setTimeout(() => resolve('ok'), 20)));
    const { store } = createAppStore({}, fakeDeps({ submitApplication: submit, privacyNotice: async () => ({ version: 'v1' }) }));
    store.dispatch(application);
    expect(store.getState().forms.application.status).toBe('submitting');
    store.dispatch(application);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(submit).toHaveBeenCalledTimes(1);
    expect(store.getState().forms.application.status).toBe('succeeded');
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
    const visit = (routeId: 'product' | 'news', path: string) => store.dispatch(routeEntered({ routeId, path, params: {}, query: {}, hash: '' }));

    visit('product', '/product');
    await settle();
    store.dispatch(productTabSelected(1));
    await settle();
    visit('news', '/news');
    await settle();
    store.dispatch(newsMoreRequested());
    await settle();
    store.dispatch(application);
    await settle();
    expect(store.getState().forms.application.status).toBe('failed');
    store.dispatch(application);
    await settle();
    expect(store.getState().forms.application.status).toBe('succeeded');
    store.dispatch(localeChangeRequested('en'));
    await settle();

    expect(store.getState().product.list.data?.rows[0]?.id).toBe(2);
    expect(store.getState().news.rows).toHaveLength(2);
    expect(store.getState().locale).toEqual({ current: 'zh', pending: 'en' });
    // Everything is plain data: through JSON and back unchanged, and replayable into a fresh store.
    const replayed = JSON.parse(JSON.stringify(recorded)).reduce(rootReducer, rootReducer(undefined, { type: '@@init' }));
    expect(replayed).toEqual(store.getState());
    expect(recorded.map((a) => a.type)).toEqual(expect.arrayContaining(['product/tabSelected', 'news/pageSucceeded', 'forms/submitRejected', 'forms/submitSucceeded', 'locale/changeConfirmed']));
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
    await settle();
    expect(deps.services.log).toHaveBeenCalledWith('fragile failed and was restarted:', expect.any(Error));
    expect(runs).toBe(2);
    store.dispatch(localeChangeRequested('en'));
    await settle();
    expect(store.getState().locale).toEqual({ current: 'zh', pending: 'en' });
    expect(deps.services.load).toHaveBeenCalledWith('/en/');
  });

  it('ends its watchers on END, so a server render can finish', async () => {
    const main = jest.fn(async () => ({}));
    const { store } = createAppStore({}, fakeDeps({ main }));
    store.dispatch(END);
    store.dispatch(routeEntered({ routeId: 'report', path: '/report', params: {}, query: {}, hash: '' }));
    await settle();
    expect(main).not.toHaveBeenCalled();
  });
});
