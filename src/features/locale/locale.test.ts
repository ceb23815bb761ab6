import { expectSaga } from 'redux-saga-test-plan';
import { rootReducer } from '../rootReducer';
import { apiFailed } from '../shared/apiFailed';
import { envelopeError, fakeDeps, stateWith } from '../testing';
import { watchLocale } from './saga';
import { selectTwinLinks, twinUrl } from './selectors';
import { localeChangeConfirmed, localeChangeRequested } from './slice';

describe('language switch', () => {
  it('asks checkLanguage, keeps the choice in a one-year cookie, and loads the same page in English', async () => {
    const checkLanguage = jest.fn(async () => undefined);
    const deps = fakeDeps({ checkLanguage });
    const route = { routeId: 'product' as const, path: '/product', params: {}, query: { keyword: '软膏' }, hash: '#product' };
    await expectSaga(watchLocale, deps)
      .withReducer(rootReducer, stateWith((s) => void (s.navigation.route = route)))
      .put(localeChangeConfirmed('en'))
      .dispatch(localeChangeRequested('en'))
      .silentRun(30);
    expect(checkLanguage).toHaveBeenCalledWith('en');
    expect(deps.services.setCookie).toHaveBeenCalledWith('locale', 'en', { maxAgeSeconds: 31536000 });
    expect(deps.services.load).toHaveBeenCalledWith('/en/product?keyword=%E8%BD%AF%E8%86%8F#product');
  });

  it('leaves the page on screen in its language until the page in the other one loads', async () => {
    const deps = fakeDeps({ checkLanguage: async () => undefined });
    const { storeState } = await expectSaga(watchLocale, deps).withReducer(rootReducer, stateWith()).dispatch(localeChangeRequested('en')).silentRun(30);
    expect(deps.services.load).toHaveBeenCalledWith('/en/');
    expect(storeState.locale).toEqual({ current: 'zh', pending: 'en' });
  });

  it('goes back to the unprefixed Chinese URL', () => {
    expect(twinUrl({ routeId: 'newsDetail', path: '/news/3', params: { id: '3' }, query: {}, hash: '' }, 'zh')).toBe('/news/3');
    expect(twinUrl({ routeId: 'index', path: '/', params: {}, query: {}, hash: '' }, 'en')).toBe('/en/');
    expect(twinUrl(null, 'en')).toBe('/en/');
  });

  it("links the language menu to the page's twin without the hash the server cannot see", () => {
    const route = { routeId: 'about' as const, path: '/about', params: {}, query: { a: '1' }, hash: '#contact' };
    const state = stateWith((s) => void (s.navigation.route = route));
    expect(selectTwinLinks(state)).toEqual({ zh: '/about?a=1', en: '/en/about?a=1' });
  });

  it('accepts only en and zh', async () => {
    const checkLanguage = jest.fn(async () => undefined);
    const deps = fakeDeps({ checkLanguage });
    const { storeState } = await expectSaga(watchLocale, deps).withReducer(rootReducer, stateWith()).dispatch(localeChangeRequested('fr')).silentRun(30);
    expect(checkLanguage).not.toHaveBeenCalled();
    expect(storeState.locale).toEqual({ current: 'zh', pending: null });
    expect(deps.services.load).not.toHaveBeenCalled();
  });

  it('keeps the current language when the provider refuses', async () => {
    const error = envelopeError(1, 'unsupported');
    const deps = fakeDeps({ checkLanguage: () => Promise.reject(error) });
    const { storeState } = await expectSaga(watchLocale, deps).withReducer(rootReducer, stateWith()).put(apiFailed(error)).dispatch(localeChangeRequested('en')).silentRun(30);
    expect(storeState.locale.current).toBe('zh');
    expect(deps.services.setCookie).not.toHaveBeenCalled();
    expect(deps.services.load).not.toHaveBeenCalled();
  });
});
