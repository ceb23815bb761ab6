import { call, cancelled, put, select } from 'redux-saga/effects';
import type { RootState } from '../../app/store';
import type { ApiError } from '../../api/types';
import type { Locale } from '../../contracts/locale';
import type { Deps } from '../deps';
import { apiFailed } from '../errors/actions';
import { selectLocale } from '../locale/selectors';
import { contentKey } from './key';
import { contentCancelled, contentFailed, contentRequested, contentSucceeded } from './slice';
import type { ContentName, ContentParams } from './types';

/** Calls the api function of a content resource with its params. */
export function fetchContent({ api }: Deps, name: ContentName, params: ContentParams, locale: Locale): Promise<unknown> {
  switch (name) {
    case 'pageBanner':
      return api.pageBanner(locale, params.type ?? 1);
    case 'productDetail':
    case 'newsDetail':
    case 'jobDetail':
      return api[name](locale, params.id ?? '');
    case 'notices':
      return api.notices(locale, params.id);
    default:
      return api[name](locale);
  }
}

/**
 * Loads one content entry unless it already succeeded for this locale. A failure is put on
 * the entry and reported once to the errors saga; a cancelled load leaves no entry waiting.
 */
export function* loadContent(deps: Deps, name: ContentName, params: ContentParams = {}) {
  const locale: Locale = yield select(selectLocale);
  const key = contentKey(name, locale, params);
  const status: string | undefined = yield select((state: RootState) => state.content.entries[key]?.status);
  if (status === 'succeeded') return;
  yield put(contentRequested({ key }));
  try {
    const data: unknown = yield call(fetchContent, deps, name, params, locale);
    yield put(contentSucceeded({ key, data }));
  } catch (error) {
    yield put(contentFailed({ key, error: error as ApiError }));
    yield put(apiFailed(error as ApiError));
  } finally {
    if ((yield cancelled()) as boolean) yield put(contentCancelled({ key }));
  }
}
