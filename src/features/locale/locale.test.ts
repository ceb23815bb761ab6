import { END } from 'redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError } from 'redux-saga-test-plan/providers';
import { call, fork, put, setContext } from 'redux-saga/effects';
import { rootReducer, type RootState } from '../rootReducer';
import { apiFailed } from '../shared/apiFailed';
import { landingLocated, routeEntryOf, routeEntered } from '../shared/route';
import { contentRequested } from '../content/slice';
import { watchRouteLoads } from '../navigation/routeSaga';
import { LIST_LOADERS } from '../../app/rootSaga';
import { SAGA_MEMORY, SagaMemory, sagaMemory } from '../shared/sagaMemory';
import { deferred, envelopeError, fakeDeps } from '../store.testing';
import { watchLocale } from './saga';
import { selectTwinLinks, twinUrl } from './selectors';
import { localeChangeConfirmed, localeChangeRejected, localeChangeRequested } from './slice';

type Deps = ReturnType<typeof fakeDeps>;

/** Deps whose checkLanguage is answered by the test's provider (calling the fake itself fails). */
const withCheck = () => fakeDeps({ checkLanguage: jest.fn(() => Promise.reject(new Error('checkLanguage is provided by the test'))) });

/** A visitor on `url`, the state built by the reducers. */
const visiting = (url: string): RootState => rootReducer(undefined, routeEntered(routeEntryOf(url, 'push')));

const choose = (deps: Deps, locale: string, answer: unknown, state: RootState = visiting('/')) =>
  expectSaga(watchLocale, deps)
    .provide([[matchers.call.fn(deps.api.checkLanguage), answer]])
    .withReducer(rootReducer, state)
    .dispatch(localeChangeRequested(locale))
    .dispatch(END);

describe('language switch', () => {
  it('asks checkLanguage, keeps the choice in a one-year cookie, and loads the same page in English', async () => {
    const deps = withCheck();
    await choose(deps, 'en', undefined, visiting('/product?keyword=软膏#product'))
      .call(deps.api.checkLanguage, 'en')
      .put(localeChangeConfirmed('en'))
      .not.put(localeChangeRejected())
      .run();
    expect(deps.services.setCookie).toHaveBeenCalledWith('locale', 'en', { maxAgeSeconds: 31536000 });
    expect(deps.services.load).toHaveBeenCalledTimes(1);
    expect(deps.services.load).toHaveBeenCalledWith('/en/product?keyword=%E8%BD%AF%E8%86%8F#product');
  });

  it('leaves the page on screen in its language until the page in the other one loads', async () => {
    const deps = withCheck();
    const { storeState } = await choose(deps, 'en', undefined).run();
    expect(deps.services.load).toHaveBeenCalledWith('/en/');
    expect(storeState.locale).toEqual({ current: 'zh' });
  });

  it('accepts only en and zh: another language is rejected without asking the provider', async () => {
    const deps = withCheck();
    const { storeState } = await choose(deps, 'fr', undefined).put(localeChangeRejected()).not.call.fn(deps.api.checkLanguage).run();
    expect(storeState.locale).toEqual({ current: 'zh' });
    expect(deps.services.setCookie).not.toHaveBeenCalled();
    expect(deps.services.load).not.toHaveBeenCalled();
  });

  it('keeps the current language when the provider refuses: the refusal is reported and the change rejected', async () => {
    const error = envelopeError(1, 'unsupported');
    const deps = withCheck();
    const { storeState } = await choose(deps, 'en', throwError(error as unknown as Error))
      .put(apiFailed(error))
      .put(localeChangeRejected())
      .not.put(localeChangeConfirmed('en'))
      .run();
    expect(storeState.locale).toEqual({ current: 'zh' });
    expect(deps.services.setCookie).not.toHaveBeenCalled();
    expect(deps.services.load).not.toHaveBeenCalled();
  });

  it('loads the twin of the page the sagas last entered, though Redux DevTools shows a past on another page', async () => {
    const deps = withCheck();
    const memory = new SagaMemory(visiting('/product?category=3#product'));
    await expectSaga(function* switching() {
      yield setContext({ [SAGA_MEMORY]: memory });
      yield fork(watchLocale, deps);
    })
      .provide([[matchers.call.fn(deps.api.checkLanguage), undefined]])
      .withReducer(rootReducer, visiting('/about'))
      .dispatch(localeChangeRequested('en'))
      .dispatch(END)
      .run();
    expect(jest.mocked(deps.services.load).mock.calls).toEqual([['/en/product?category=3#product']]);
  });

  it('chosen while a server-rendered page hydrates, loads the twin of the landing at its whole URL: the anchor the server never saw is kept', async () => {
    const deps = withCheck();
    // The server's state: its entry has no navigation, no anchor, and none of the keys the page does not use.
    const served = rootReducer(undefined, routeEntered(routeEntryOf('/product?category=2')));
    const { storeState } = await expectSaga(function* hydrating() {
      yield* sagaMemory(); // one memory for both watchers, made from the server's state, as the root saga does
      yield fork(watchRouteLoads, deps, LIST_LOADERS);
      yield fork(watchLocale, deps);
      yield put(landingLocated(routeEntryOf('/product?category=2&utm_source=mail#product', 'pop')));
      yield put(localeChangeRequested('en'));
      yield put(END);
    })
      .provide([[matchers.call.fn(deps.api.checkLanguage), undefined]])
      .withReducer(rootReducer, served)
      .not.put.actionType(contentRequested.type)
      .run();
    expect(jest.mocked(deps.services.load).mock.calls).toEqual([['/en/product?category=2&utm_source=mail#product']]);
    // What hydration renders is the server's: the state did not change.
    expect(storeState.navigation).toEqual(served.navigation);
  });

  it('follows the last choice: a check still on its way when the visitor chooses again loads nothing', async () => {
    const deps = withCheck();
    const askedEn = deferred<void>();
    const answerEn = deferred<void>();
    const check = jest.fn((lan: string) => (lan === 'en' ? (askedEn.resolve(), answerEn.promise) : undefined));
    function* visitor() {
      yield fork(watchLocale, deps);
      yield put(localeChangeRequested('en'));
      yield call(() => askedEn.promise);
      yield put(localeChangeRequested('zh'));
      yield call(() => answerEn.resolve());
      yield put(END); // a check still on its way would still end: END stops only the listening
    }
    await expectSaga(visitor)
      .provide([[matchers.call.fn(deps.api.checkLanguage), dynamic(({ args }: { args: string[] }) => check(args[0] as string))]])
      .withReducer(rootReducer, visiting('/about'))
      .not.put(localeChangeConfirmed('en'))
      .run();
    expect(check.mock.calls).toEqual([['en'], ['zh']]);
    expect(jest.mocked(deps.services.setCookie).mock.calls).toEqual([['locale', 'zh', { maxAgeSeconds: 31536000 }]]);
    expect(jest.mocked(deps.services.load).mock.calls).toEqual([['/about']]);
  });
});

describe('twin URLs', () => {
  it('goes back to the unprefixed Chinese URL', () => {
    expect(twinUrl(routeEntryOf('/news/3'), 'zh')).toBe('/news/3');
    expect(twinUrl(routeEntryOf('/'), 'en')).toBe('/en/');
    expect(twinUrl(null, 'en')).toBe('/en/');
  });

  it("links the language menu to the page's twin, query and anchor kept", () => {
    expect(selectTwinLinks(visiting('/about?a=1#contact'))).toEqual({ zh: '/about?a=1#contact', en: '/en/about?a=1#contact' });
    expect(selectTwinLinks(visiting('/product?category=2&page=2'))).toEqual({ zh: '/product?category=2&page=2', en: '/en/product?category=2&page=2' });
  });
});
