import { cancelled, put, select, take } from 'redux-saga/effects';
import type { RootState } from '../rootReducer';
import type { Locale } from '../../contracts/locale';
import type { Deps } from '../deps';
import type { CallContext } from '../shared/apiFailed';
import { callApiAs, type ApiResult } from '../shared/callApi';
import { selectLocale } from '../locale/selectors';
import { contentKey } from './key';
import { contentCancelled, contentFailed, contentRequested, contentSucceeded } from './slice';
import type { ContentName, ContentParams } from './types';

const settledEntry = (key: string) => (action: unknown) =>
  (contentSucceeded.match(action) || contentFailed.match(action) || contentCancelled.match(action)) && action.payload.key === key;

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
 * Loads one content entry unless it already succeeded for this locale (as after the server
 * preloaded it). Callers that want the same entry together ask once: the first request owns
 * the load (see the slice) and the others wait for its answer; if that load is cancelled (its
 * navigation was replaced), a waiting caller asks. A failure is put on the entry and reported
 * once to the errors saga (with the caller's `context`); a cancelled load leaves no entry waiting.
 */
export function* loadContent(deps: Deps, name: ContentName, params: ContentParams = {}, context?: CallContext) {
  const locale: Locale = yield select(selectLocale);
  const key = contentKey(name, locale, params);
  for (;;) {
    const status: string | undefined = yield select((state: RootState) => state.content.entries[key]?.status);
    if (status === 'succeeded') return;
    if (status !== 'loading') {
      const request = contentRequested({ key });
      yield put(request);
      const owner: string | undefined = yield select((state: RootState) => state.content.loading[key]);
      if (owner === request.meta.requestId) break;
    }
    const settled: { type: string } = yield take(settledEntry(key));
    if (!contentCancelled.match(settled)) return;
  }
  let settled = false;
  try {
    const result: ApiResult<unknown> = yield* callApiAs(context, deps, fetchContent, deps, name, params, locale);
    yield put(result.ok ? contentSucceeded({ key, data: result.data }) : contentFailed({ key, error: result.error }));
    settled = true;
  } finally {
    // Cancelled, or a bug thrown past callApi: the entry must not stay "loading" for the callers waiting on it.
    if (!settled || ((yield cancelled()) as boolean)) yield put(contentCancelled({ key }));
  }
}
