/**
 * What each page asks the provider for, on a cold visit: the provider's api calls a page needs and
 * no others (a missing one leaves a section empty, an extra one costs every visitor a request).
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic } from 'redux-saga-test-plan/providers';
import { PAGE_BANNER_TYPE } from '../../contracts/payloads';
import type { RouteId } from '../../contracts/routes';
import { rootReducer, type RootState } from '../rootReducer';
import { routeEntered, routeEntryOf } from '../shared/route';
import { fakeDeps, stateWith } from '../store.testing';
import { loadPage } from './routeSaga';
import { LIST_LOADERS } from '../../app/rootSaga';

const LAYOUT = ['main', 'classifyList'];
const banner = (type: number) => `pageBanner(${type})`;
const { index, product, innovation, news, resources, report } = PAGE_BANNER_TYPE;

const PAGES: [RouteId, { id?: string }, string[]][] = [
  ['index', {}, ['banner', 'homeProduct', 'homeAbout', 'homeNews', 'contactUs']],
  ['about', {}, [banner(index), 'aboutUs', 'develop', 'business', 'social', 'contactUs']],
  ['innovation', {}, [banner(innovation), 'sceneOverview', 'sceneTeam', 'sceneCooperation', 'sceneResearch']],
  ['news', {}, [banner(news), 'noticeList', 'publicationTop', 'publicationList', 'newsList({"page":1,"pageSize":5})']],
  ['newsDetail', { id: '3' }, ['newsDetail("3")']],
  ['notice', {}, [banner(news), 'notices']],
  ['noticeDetail', {}, [banner(news), 'notices']],
  ['noticeDetail', { id: '3' }, [banner(news), 'notices("3")']],
  ['patient', {}, [banner(index), 'patientContent', 'privacyNotice']],
  ['product', {}, [banner(product), 'productContacts', 'productList({"classifyId":1,"page":1,"pageSize":6,"keyword":""})']],
  ['productDetail', { id: '3' }, ['productDetail("3")']],
  ['report', {}, [banner(report), 'report']],
  ['resources', {}, [banner(resources), 'memberCulture', 'hrPolicies', 'jobs', 'memberList({"page":1,"pageSize":10})']],
  ['jobDetail', { id: '3' }, [banner(resources), 'privacyNotice', 'jobDetail("3")']],
  ['privacy', {}, ['privacyNotice']],
];

const categories = [
  { id: 1, name: 'Ointments' },
  { id: 2, name: 'Gels & creams' },
];

/**
 * An api that answers every call and writes down each, with what it was asked beyond the
 * language and the signal every load passes last (an abortable request, not a question).
 */
function recordingApi(calls: string[], languages: string[] = []) {
  return new Proxy(
    {},
    {
      get: (_target, name) => {
        if (typeof name !== 'string' || name === 'then') return undefined;
        return async (lan: string, ...args: unknown[]) => {
          if (!(args.at(-1) instanceof AbortSignal)) throw new Error(`${name} was asked without a signal to abort it`);
          const asked = args.slice(0, -1).filter((arg) => arg !== undefined);
          languages.push(lan);
          calls.push(asked.length ? `${name}(${asked.map((arg) => JSON.stringify(arg)).join(', ')})` : name);
          if (name === 'classifyList') return categories;
          return /List$/.test(name) ? { rows: [], total: 0 } : {};
        };
      },
    },
  );
}

/** Runs a page's loads with the recording api; the browser's preloadPage is answered by a provider (the code is in). */
async function visit(url: string, state: RootState = stateWith()) {
  const calls: string[] = [];
  const languages: string[] = [];
  const codeAsked: unknown[] = [];
  const preloadPage = jest.fn<Promise<boolean>, [string]>();
  const route = routeEntryOf(url, 'push');
  const { storeState } = await expectSaga(loadPage, fakeDeps(recordingApi(calls, languages) as never, { preloadPage }), LIST_LOADERS, route)
    .provide([[matchers.call.fn(preloadPage), dynamic(({ args }: { args: unknown[] }) => (codeAsked.push(args[0]), true))]])
    .withReducer(rootReducer, rootReducer(state, routeEntered(route) as UnknownAction))
    .run();
  return { calls, languages, codeAsked, storeState };
}

/** The list entries a visit left in the content slice. */
const listKeys = (state: RootState) => Object.keys(state.content.entries).filter((key) => /^(productList|newsList|memberList)\|/.test(key));

describe('the provider calls of each page', () => {
  it.each(PAGES)('%s %j asks for its sections and nothing else, and for its code', async (routeId, params, expected) => {
    const calls: string[] = [];
    const preloadPage = jest.fn<Promise<boolean>, [string]>();
    await expectSaga(loadPage, fakeDeps(recordingApi(calls) as never, { preloadPage }), LIST_LOADERS, { routeId, path: '/', params, query: {}, hash: '' })
      .provide([[matchers.call.fn(preloadPage), true]])
      .withReducer(rootReducer)
      .call(preloadPage, routeId)
      .run();
    expect(calls.sort()).toEqual([...LAYOUT, ...expected].sort());
  });

  it('the login page asks for nothing, not even the header: only its code', async () => {
    const { calls, codeAsked } = await visit('/login');
    expect(calls).toEqual([]);
    expect(codeAsked).toEqual(['login']);
  });

  it('a path of no route (the 404 page) asks only for the header and footer, and for no page code', async () => {
    const { calls, codeAsked } = await visit('/no/such/page');
    expect(calls.sort()).toEqual([...LAYOUT].sort());
    expect(codeAsked).toEqual([]);
  });

  it('asks in the language of the store', async () => {
    const { languages } = await visit(
      '/resources',
      stateWith((s) => void (s.locale.current = 'en')),
    );
    expect(new Set(languages)).toEqual(new Set(['en']));
  });
});

describe('the list entry each list page leaves, keyed by what it asked', () => {
  it.each([
    ['/product', ['productList|zh|classifyId=1&page=1'], 'productList({"classifyId":1,"page":1,"pageSize":6,"keyword":""})'],
    ['/product?name=Gels+%26+creams&page=3', ['productList|zh|classifyId=2&page=3'], 'productList({"classifyId":2,"page":3,"pageSize":6,"keyword":""})'],
    ['/product?name=Unknown', ['productList|zh|classifyId=1&page=1'], 'productList({"classifyId":1,"page":1,"pageSize":6,"keyword":""})'],
    [
      '/product?name=Gels+%26+creams&keyword=a%26b+gel&page=2',
      ['productList|zh|classifyId=0&keyword=a%26b%20gel&page=2'],
      'productList({"classifyId":0,"page":2,"pageSize":6,"keyword":"a&b gel"})',
    ],
    ['/product?page=0&keyword=+', ['productList|zh|classifyId=1&page=1'], 'productList({"classifyId":1,"page":1,"pageSize":6,"keyword":""})'],
    ['/news', ['newsList|zh|page=1'], 'newsList({"page":1,"pageSize":5})'],
    ['/resources', ['memberList|zh|page=1'], 'memberList({"page":1,"pageSize":10})'],
  ])('%s → %j', async (url, keys, call) => {
    const { calls, storeState } = await visit(url);
    expect(listKeys(storeState)).toEqual(keys);
    expect(storeState.content.entries[keys[0] as string]?.status).toBe('succeeded');
    expect(calls.filter((made) => /^(productList|newsList|memberList)\(/.test(made))).toEqual([call]);
  });

  it('keys the entries by the language of the store', async () => {
    const { storeState } = await visit(
      '/product?page=2',
      stateWith((s) => void (s.locale.current = 'en')),
    );
    expect(listKeys(storeState)).toEqual(['productList|en|classifyId=1&page=2']);
  });
});
