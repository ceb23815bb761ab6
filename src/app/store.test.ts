import { compose, type Middleware, type StoreEnhancer, type UnknownAction } from '@reduxjs/toolkit';
import { END, type EffectMiddleware } from 'redux-saga';
import { call, delay, put, take } from 'redux-saga/effects';
import { applicationForm, applicationSubmitted, patientSubmitted } from '../features/forms/slice';
import { selectForm } from '../features/forms/selectors';
import { selectNewsList } from '../features/news/selectors';
import { selectProductList } from '../features/product/selectors';
import { watchLocale } from '../features/locale/saga';
import { localeChangeRequested } from '../features/locale/slice';
import { productTabSelected } from '../features/product/actions';
import { newsMoreRequested } from '../features/news/slice';
import { DELAY_FN, deferred, fakeDeps } from '../features/store.testing';
import { routeEntryOf, routeEntered } from '../features/shared/route';
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
const jobOne = selectForm(applicationForm('1'));
const application = applicationSubmitted({ jobId: '1', values: { name: 'a', phone: '13800000000', email: 'a@b.com' }, consents: { consent: true } });

describe('the store', () => {
  it('sends one application when submit is pressed twice quickly', async () => {
    const asked = deferred<void>();
    const answer = deferred<string>();
    const submit = jest.fn(() => (asked.resolve(), answer.promise));
    const { store } = createAppStore({}, fakeDeps({ submitApplication: submit, privacyNotice: async () => ({ version: 'v1' }) }));
    store.dispatch(application);
    expect(jobOne(store.getState()).status).toBe('submitting');
    store.dispatch(application);
    await asked.promise; // the first click's submission is out (after the privacy notice)
    answer.resolve('ok');
    await until(store, (state) => jobOne(state).status === 'succeeded');
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('replays: the actions of a scripted visit rebuild the same state in a fresh store', async () => {
    let submissions = 0;
    const loaded = deferred<void>();
    const deps = fakeDeps(
      {
        main: async () => ({ company: 'Y' }),
        classifyList: async () => [
          { id: 1, name: 'A' },
          { id: 2, name: 'B' },
        ],
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
      },
      { load: jest.fn(() => loaded.resolve()) },
    );
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
    store.dispatch(productTabSelected({ category: 2 }));
    await until(store, (state) => selectProductList(state).data?.rows[0]?.id === 2);
    expect(store.getState().navigation.route).toMatchObject({ path: '/product', query: { category: '2' } });
    visit('/news');
    await until(store, (state) => selectNewsList(state).status === 'succeeded');
    store.dispatch(newsMoreRequested({ upTo: 2 }));
    await until(store, (state) => selectNewsList(state).rows.length === 2);
    visit('/resources/1');
    store.dispatch(application);
    await until(store, (state) => jobOne(state).status === 'failed');
    store.dispatch(application);
    await until(store, (state) => jobOne(state).status === 'succeeded');
    store.dispatch(localeChangeRequested('en'));
    await loaded.promise; // the page in English is loaded
    expect(deps.services.load).toHaveBeenCalledWith('/en/resources/1');
    // Everything is plain data: through JSON and back unchanged, and replayable into a fresh store.
    const replayed = JSON.parse(JSON.stringify(recorded)).reduce(rootReducer, rootReducer(undefined, { type: '@@init' }));
    expect(replayed).toEqual(store.getState());
    expect(recorded.map((a) => a.type)).toEqual(
      expect.arrayContaining([
        'product/tabSelected',
        'news/pagesShown',
        'content/succeeded',
        'forms/submitRejected',
        'forms/submitSucceeded',
        'locale/changeConfirmed',
      ]),
    );
    // What they found, not how long they took: "took 41ms, more than the warning threshold" measures the machine.
    const slow = /took \d+ms, which is more than the warning threshold/;
    for (const spy of warnings) expect(spy.mock.calls.filter(([message]) => !slow.test(String(message)))).toEqual([]);
  });

  it('keeps the other watchers answering when one throws, and restarts it', async () => {
    const logged = deferred<void>();
    const loaded = deferred<void>();
    const deps = fakeDeps({ checkLanguage: async () => undefined }, { log: jest.fn(() => logged.resolve()), load: jest.fn(() => loaded.resolve()) });
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
    await logged.promise;
    expect(deps.services.log).toHaveBeenCalledWith('fragile failed and was restarted:', expect.any(Error));
    expect(runs).toBe(2);
    store.dispatch(localeChangeRequested('en'));
    await loaded.promise;
    expect(deps.services.load).toHaveBeenCalledWith('/en/');
    // The page in the new language replaces this one: the store keeps the language on screen.
    expect(store.getState().locale).toEqual({ current: 'zh' });
  });

  it('ends its watchers on END, so a server render can finish', () => {
    const entry = routeEntered({ routeId: 'report', path: '/report', params: {}, query: {}, hash: '' });
    // A live route watcher asks for the layout at once, within the dispatch of the entry.
    const live = jest.fn(() => new Promise<never>(() => {}));
    createAppStore({}, fakeDeps({ main: live, classifyList: live, pageBanner: live, report: live })).store.dispatch(entry);
    expect(live).toHaveBeenCalled();
    const main = jest.fn(async () => ({}));
    const { store } = createAppStore({}, fakeDeps({ main }));
    store.dispatch(END);
    store.dispatch(entry);
    expect(main).not.toHaveBeenCalled();
  });
});

describe("the store's options", () => {
  /** A store that keeps every action its middleware chain hands on. */
  const recording = (options: Parameters<typeof createAppStore>[2] = {}) => {
    const seen: UnknownAction[] = [];
    const recorder: Middleware = () => (next) => (action) => (seen.push(action as UnknownAction), next(action));
    return { seen, ...createAppStore({}, fakeDeps(), { watchers: false, ...options, middleware: [...(options.middleware ?? []), recorder] }) };
  };

  afterEach(() => jest.restoreAllMocks());

  it('checks that actions are plain data, unless told not to (the server renderer)', () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    recording().store.dispatch({ type: 'test/odd', payload: new Map() });
    expect(errors.mock.calls.map(([message]) => String(message))).toEqual([expect.stringContaining('non-serializable')]);
    errors.mockClear();
    recording({ checks: false }).store.dispatch({ type: 'test/odd', payload: new Map() });
    expect(errors).not.toHaveBeenCalled();
  });

  it('takes no thunks: the sagas orchestrate', () => {
    const thunk = jest.fn();
    const { store } = recording();
    expect(() => store.dispatch(thunk as never)).toThrow(/plain object/);
    expect(thunk).not.toHaveBeenCalled();
  });

  it("hands the sagas' effects to the effect middlewares it is given: a replay answers the delays itself", async () => {
    const instantDelays: EffectMiddleware = (next) => (effect: { type?: string; payload?: { fn?: unknown } }) =>
      next(effect?.type === 'CALL' && effect.payload?.fn === DELAY_FN ? call(() => Promise.resolve()) : effect);
    const { seen, runSaga } = recording({ effectMiddlewares: [instantDelays] });
    await runSaga(function* waited() {
      yield delay(60_000);
      yield put({ type: 'test/waited' });
    }).toPromise();
    expect(seen.map((action) => action.type)).toContain('test/waited');
  });

  describe('with Redux DevTools in the browser', () => {
    type Extension = { connected: unknown[]; recorded: UnknownAction[] };
    /** A fresh copy of the store module, loaded with a stand-in for the DevTools extension in the window. */
    async function withExtension(): Promise<Extension & { createAppStore: typeof createAppStore }> {
      const extension: Extension = { connected: [], recorded: [] };
      // What the extension keeps: the actions that reach the store itself, past every middleware.
      const recordingEnhancer: StoreEnhancer = (createStore) => (reducer, preloaded) => {
        const store = createStore(reducer, preloaded);
        const dispatch: typeof store.dispatch = (action) => (extension.recorded.push(action as UnknownAction), store.dispatch(action));
        return { ...store, dispatch };
      };
      const global = window as unknown as { __REDUX_DEVTOOLS_EXTENSION_COMPOSE__?: unknown };
      global.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ = (options: unknown) => {
        extension.connected.push(options);
        return (...enhancers: StoreEnhancer[]) => compose(...enhancers, recordingEnhancer);
      };
      try {
        let fresh!: typeof import('./store');
        await jest.isolateModulesAsync(async () => {
          fresh = await import('./store');
        });
        return { ...extension, createAppStore: fresh.createAppStore };
      } finally {
        delete global.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__;
      }
    }

    const message = { category: 'adverse', medication: 'M', reason: 'R', name: 'Wang Fang', phone: '13900002222', email: 'wf@example.com', description: 'D' };

    it('connects only when asked', async () => {
      const extension = await withExtension();
      extension.createAppStore({}, fakeDeps(), { watchers: false });
      expect(extension.connected).toEqual([]);
    });

    it("connects under the site's name with the sanitizers, and records each action with what was typed hidden", async () => {
      const extension = await withExtension();
      const { store } = extension.createAppStore({}, fakeDeps(), { watchers: false, devTools: true });
      expect(extension.connected).toEqual([
        expect.objectContaining({ name: 'Yuechuan website', actionSanitizer: expect.any(Function), stateSanitizer: expect.any(Function) }),
      ]);
      store.dispatch(patientSubmitted({ values: message, consents: { consent: true } }));
      const recorded = extension.recorded.find((action) => patientSubmitted.match(action));
      expect(recorded).toMatchObject({ payload: { values: { name: '*********', phone: '***********', category: 'adverse' } } });
      expect(JSON.stringify(extension.recorded)).not.toContain(message.phone);
    });
  });
});
