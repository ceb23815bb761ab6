/**
 * What a server render makes of an entry its page's loads replaced in place: a permanent
 * redirect only when the entry says the URL asked was an old form of the page's URL.
 */
import DOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { put } from 'redux-saga/effects';
import type { Api } from '../../api/api';
import { LIST_LOADERS } from '../../app/rootSaga';
import { DEFAULT_RUNTIME_CONFIG } from '../../contracts/runtimeConfig';
import type { Deps } from '../../features/deps';
import { routeEntered, routeEntryOf } from '../../features/shared/route';
import { fakeServices } from '../../features/store.testing';
import { renderPage, type RenderContext } from './renderPage';

/** A provider that answers every call: the categories it is given, an empty list or section for the rest. */
function answeringApi(categories: { id: number; name: string }[]): Api {
  return new Proxy({} as Api, {
    get: (_target, name) => {
      if (name === 'then') return undefined;
      if (name === 'classifyList') return () => Promise.resolve(categories);
      return () => Promise.resolve({ rows: [], total: 0 });
    },
  });
}

function context(overrides: Partial<RenderContext> = {}): RenderContext {
  const deps: Deps = { api: answeringApi([{ id: 2, name: 'Creams' }]), services: fakeServices() };
  return { deps, config: DEFAULT_RUNTIME_CONFIG, purifier: DOMPurify(new JSDOM('').window), deadlineMs: 1000, ...overrides };
}

describe('a server render whose loads replaced the entry', () => {
  it('moves an old ?name= link for good: the category is named by its id now', async () => {
    const outcome = await renderPage({ locale: 'en', path: '/product', search: '?name=Creams' }, context());
    expect(outcome).toEqual({ kind: 'moved', location: '/product?category=2', permanent: true });
  });

  it('moves any other entry replaced in place only for now: the content it followed may change back', async () => {
    // A list that finds the page asked beyond its last one and shows its first instead.
    const firstPageInstead = function* firstPage() {
      yield put(routeEntered(routeEntryOf('/resources', 'replace')));
    };
    const outcome = await renderPage(
      { locale: 'zh', path: '/resources', search: '?page=9' },
      context({ loaders: { ...LIST_LOADERS, memberList: firstPageInstead } }),
    );
    expect(outcome).toEqual({ kind: 'moved', location: '/resources', permanent: false });
  });
});
