import { expectSaga } from 'redux-saga-test-plan';
import { rootReducer } from '../../app/rootReducer';
import { apiFailed } from '../errors/actions';
import { envelopeError, fakeDeps, stateWith } from '../testing';
import { watchLocale } from './saga';
import { localeChangeRequested, localeChanged } from './slice';

describe('language switch', () => {
  it('asks checkLanguage, then keeps the locale in the store and a one-year cookie, and reloads', async () => {
    const checkLanguage = jest.fn(async () => undefined);
    const deps = fakeDeps({ checkLanguage });
    const { storeState } = await expectSaga(watchLocale, deps).withReducer(rootReducer, stateWith()).put(localeChanged('en')).dispatch(localeChangeRequested('en')).silentRun(30);
    expect(checkLanguage).toHaveBeenCalledWith('en');
    expect(storeState.locale).toEqual({ current: 'en', pending: null });
    expect(deps.services.setCookie).toHaveBeenCalledWith('locale', 'en', { maxAgeSeconds: 31536000 });
    expect(deps.services.reload).toHaveBeenCalledTimes(1);
  });

  it('accepts only en and zh', async () => {
    const checkLanguage = jest.fn(async () => undefined);
    const deps = fakeDeps({ checkLanguage });
    const { storeState } = await expectSaga(watchLocale, deps).withReducer(rootReducer, stateWith()).dispatch(localeChangeRequested('fr')).silentRun(30);
    expect(checkLanguage).not.toHaveBeenCalled();
    expect(storeState.locale).toEqual({ current: 'zh', pending: null });
    expect(deps.services.reload).not.toHaveBeenCalled();
  });

  it('keeps the current language when the provider refuses', async () => {
    const error = envelopeError(1, 'unsupported');
    const deps = fakeDeps({ checkLanguage: () => Promise.reject(error) });
    const { storeState } = await expectSaga(watchLocale, deps).withReducer(rootReducer, stateWith()).put(apiFailed(error)).dispatch(localeChangeRequested('en')).silentRun(30);
    expect(storeState.locale.current).toBe('zh');
    expect(deps.services.setCookie).not.toHaveBeenCalled();
    expect(deps.services.reload).not.toHaveBeenCalled();
  });
});
