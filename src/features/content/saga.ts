import { call, put } from 'redux-saga/effects';
import { PAGE_SIZE } from '../../contracts/constants';
import type { Locale } from '../../contracts/locale';
import type { Deps } from '../deps';
import type { CallContext } from '../shared/apiFailed';
import { callApiAs, type ApiResult } from '../shared/callApi';
import { contentKey } from './key';
import { sagaMemory, type SagaMemory } from '../shared/sagaMemory';
import { contentCancelled, contentFailed, contentRequested, contentSucceeded } from './slice';
import type { ContentData, ContentName, ContentParams } from './types';

/** Calls the api function of a content resource with its params; the signal aborts the request. */
export function fetchContent({ api }: Deps, name: ContentName, params: ContentParams, locale: Locale, signal?: AbortSignal): Promise<unknown> {
  const page = params.page ?? 1;
  switch (name) {
    case 'pageBanner':
      return api.pageBanner(locale, params.type ?? 1, signal);
    case 'productDetail':
    case 'newsDetail':
    case 'jobDetail':
      return api[name](locale, params.id ?? '', signal);
    case 'notices':
      return api.notices(locale, params.id, signal);
    case 'productList':
      return api.productList(locale, { classifyId: params.classifyId ?? 0, page, pageSize: PAGE_SIZE.product, keyword: params.keyword ?? '' }, signal);
    case 'newsList':
      return api.newsList(locale, { page, pageSize: PAGE_SIZE.news }, signal);
    case 'memberList':
      return api.memberList(locale, { page, pageSize: PAGE_SIZE.member }, signal);
    default:
      return api[name](locale, signal);
  }
}

/**
 * Loads one entry unless it already succeeded for this locale (as after the server preloaded
 * it), and returns what it holds. A load of the same resource still in flight is joined rather
 * than asked again (shared/sharedLoads.ts). The locale and what is done are the sagas' own
 * knowledge (shared/sagaMemory.ts), never the state's, which Redux DevTools may show from the past.
 * The load owns the entry by the request id its action carries: a newer request for the same
 * entry takes it over and the older answer is ignored (the slice). A failure is put on the entry
 * and reported once to the errors saga (with the caller's `context`); a cancelled load aborts its
 * request and leaves the entry as it was.
 */
export function* loadContent<N extends ContentName>(
  deps: Deps,
  name: N,
  params: ContentParams = {},
  context?: CallContext,
): Generator<unknown, ApiResult<ContentData[N]>, unknown> {
  const memory = (yield* sagaMemory()) as SagaMemory;
  return yield* loadKeyed(memory, deps, memory.locale, name, params, context);
}

/**
 * loadContent in another language than the page's: what a decision of this page needs from the
 * other language (an old link naming a category by its name in either language, product/saga.ts).
 */
export function* loadContentIn<N extends ContentName>(
  deps: Deps,
  locale: Locale,
  name: N,
  params: ContentParams = {},
): Generator<unknown, ApiResult<ContentData[N]>, unknown> {
  const memory = (yield* sagaMemory()) as SagaMemory;
  return yield* loadKeyed(memory, deps, locale, name, params, undefined);
}

function* loadKeyed<N extends ContentName>(
  { loads }: SagaMemory,
  deps: Deps,
  locale: Locale,
  name: N,
  params: ContentParams,
  context: CallContext | undefined,
): Generator<unknown, ApiResult<ContentData[N]>, unknown> {
  const key = contentKey(name, locale, params);
  return (yield* loads.run(key, loadEntry, deps, key, name, params, locale, context)) as ApiResult<ContentData[N]>;
}

function* loadEntry<N extends ContentName>(
  deps: Deps,
  key: string,
  name: N,
  params: ContentParams,
  locale: Locale,
  context: CallContext | undefined,
): Generator<unknown, ApiResult<ContentData[N]>, unknown> {
  const request = contentRequested({ key });
  const { requestId } = request.payload;
  yield put(request);
  const abort = new AbortController();
  let settled = false;
  try {
    const result = (yield* callApiAs(context, deps, fetchContent, deps, name, params, locale, abort.signal)) as ApiResult<ContentData[N]>;
    yield put(result.ok ? contentSucceeded({ key, requestId, data: result.data }) : contentFailed({ key, requestId, error: result.error }));
    settled = true;
    return result;
  } finally {
    // Cancelled (its page was left), or a bug thrown past callApi: nobody waits for the answer.
    if (!settled) {
      yield call([abort, abort.abort]);
      yield put(contentCancelled({ key, requestId }));
    }
  }
}
