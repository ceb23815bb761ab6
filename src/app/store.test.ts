import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { END } from 'redux-saga';
import { call, take } from 'redux-saga/effects';
import { applicationSubmitted, formFieldChanged } from '../features/forms/slice';
import { watchLocale } from '../features/locale/saga';
import { localeChangeRequested } from '../features/locale/slice';
import { routeEntered } from '../features/navigation/slice';
import { newsMoreRequested } from '../features/news/slice';
import { fakeDeps } from '../features/testing';
import { rootReducer } from './rootReducer';
import { rootSaga } from './rootSaga';
import { createAppStore } from './store';

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('the store', () => {
  it('sends one application when submit is pressed twice quickly', async () => {
    const submit = jest.fn(() => new Promise((resolve) => setTimeout(() => resolve('ok'), 20)));
    const { store } = createAppStore({}, fakeDeps({ submitApplication: submit }));
    for (const [field, value] of Object.entries({ name: 'a', phone: '1', email: 'a@b.com' })) {
      store.dispatch(formFieldChanged({ form: 'application', field, value }));
    }
    store.dispatch(applicationSubmitted({ jobId: '1' }));
    expect(store.getState().forms.application.status).toBe('submitting');
    store.dispatch(applicationSubmitted({ jobId: '1' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(submit).toHaveBeenCalledTimes(1);
    expect(store.getState().forms.application.status).toBe('succeeded');
  });

  it('replays: the recorded actions rebuild the same state from scratch', async () => {
    const deps = fakeDeps({
      main: async () => ({ company: 'Y' }),
      classifyList: async () => [{ id: 1, name: 'A' }],
      newsList: async (_l: string, q: { page: number }) => ({ rows: [{ id: q.page, title: `n${q.page}` }], total: 3 }),
      pageBanner: async () => ({ name: 'b' }),
      noticeList: async () => [],
      publicationTop: async () => ({ title: 't' }),
      publicationList: async () => [],
    });
    const recorded: UnknownAction[] = [];
    const recorder: Middleware = () => (next) => (action) => {
      recorded.push(action as UnknownAction);
      return next(action);
    };
    // RTK's serialisability and immutability checks run in this (non-production) store: they must stay quiet.
    const warnings = [jest.spyOn(console, 'warn'), jest.spyOn(console, 'error')];
    const { store } = createAppStore({}, deps, { middleware: [recorder] });
    store.dispatch(routeEntered({ routeId: 'news', path: '/news', params: {}, query: {}, hash: '' }));
    await settle();
    store.dispatch(newsMoreRequested());
    await settle();
    expect(store.getState().news.rows).toHaveLength(2);
    // Everything is plain data: through JSON and back unchanged, and replayable.
    const replayed = JSON.parse(JSON.stringify(recorded)).reduce(rootReducer, rootReducer(undefined, { type: '@@init' }));
    expect(replayed).toEqual(store.getState());
    expect(recorded.map((a) => a.type)).toContain('news/newsPageSucceeded');
    for (const spy of warnings) expect(spy).not.toHaveBeenCalled();
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
    expect(store.getState().locale.current).toBe('en');
    expect(deps.services.reload).toHaveBeenCalled();
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
