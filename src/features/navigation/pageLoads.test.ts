/**
 * What each page asks the provider for, on a cold visit: the calls of SPEC §7 a page needs and
 * no others (a missing one leaves a section empty, an extra one costs every visitor a request).
 */
import { expectSaga } from 'redux-saga-test-plan';
import { PAGE_BANNER_TYPE } from '../../contracts/payloads';
import type { RouteId } from '../../contracts/routes';
import { rootReducer } from '../rootReducer';
import { fakeDeps } from '../testing';
import { loadPage } from './routeSaga';

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

/** An api that answers every call and writes down each, with what it was asked beyond the language. */
function recordingApi(calls: string[]) {
  return new Proxy(
    {},
    {
      get: (_target, name) => {
        if (typeof name !== 'string' || name === 'then') return undefined;
        return async (_lan: string, ...args: unknown[]) => {
          const asked = args.filter((arg) => arg !== undefined);
          calls.push(asked.length ? `${name}(${asked.map((arg) => JSON.stringify(arg)).join(', ')})` : name);
          if (name === 'classifyList') return [{ id: 1, name: 'Ointments' }];
          return /List$/.test(name) ? { rows: [], total: 0 } : {};
        };
      },
    },
  );
}

describe('the provider calls of each page', () => {
  it.each(PAGES)('%s %j asks for its sections and nothing else', async (routeId, params, expected) => {
    const calls: string[] = [];
    await expectSaga(loadPage, fakeDeps(recordingApi(calls) as never), { routeId, path: '/', params, query: {}, hash: '' })
      .withReducer(rootReducer)
      .run({ silenceTimeout: true, timeout: 500 });
    expect(calls.sort()).toEqual([...LAYOUT, ...expected].sort());
  });

  it('the login page asks for nothing, not even the header', async () => {
    const calls: string[] = [];
    await expectSaga(loadPage, fakeDeps(recordingApi(calls) as never), { routeId: 'login', path: '/login', params: {}, query: {}, hash: '' })
      .withReducer(rootReducer)
      .run({ silenceTimeout: true, timeout: 500 });
    expect(calls).toEqual([]);
  });
});
