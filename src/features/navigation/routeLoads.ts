import type { RouteId, RouteParams } from '../../contracts/routes';
import { PAGE_BANNER_TYPE } from '../../contracts/payloads';
import type { ContentName, ContentParams } from '../content/types';
import type { Deps } from '../deps';
import type { RouteEntry } from '../shared/route';

export type Load = [ContentName, ContentParams?];

/** A paged list a page shows: its loader (product, news, members) knows which pages to load, each an entry of the content slice. */
export type ListLoad = 'productList' | 'newsList' | 'memberList';

/**
 * The list loaders, each a saga of its feature, which sits above the route saga: the app registers
 * them (src/app/rootSaga.ts), as it registers the watchers, and the server's render passes the same.
 */
export type ListLoaders = Record<ListLoad, (deps: Deps, route: RouteEntry) => Generator>;

export interface RouteLoads {
  /** The content entries the page shows. */
  content: Load[];
  list?: ListLoad;
  /**
   * The entry that names what the URL's id points to: when the provider does not know it, the
   * page is a 404 (and no error is announced). The same entry, not a copy, is among `content`.
   */
  detail?: Load;
}

/** Header and footer data, needed on every page of the main layout. */
export const LAYOUT_LOADS: Load[] = [['main'], ['classifyList']];

const banner = (type: number): Load => ['pageBanner', { type: type as ContentParams['type'] }];

/**
 * What each route loads: the one declaration read by the browser's route saga, the server
 * renderer and its 404 rule. The two forms load the privacy notice too: its version is what a
 * visitor's consent records.
 */
export function routeLoads(routeId: RouteId, { id }: RouteParams): RouteLoads {
  switch (routeId) {
    case 'index':
      // contactUs: the company's address and contact point for the Organization structured data.
      return { content: [['banner'], ['homeProduct'], ['homeAbout'], ['homeNews'], ['contactUs']] };
    case 'about':
      return { content: [banner(PAGE_BANNER_TYPE.index), ['aboutUs'], ['develop'], ['business'], ['social'], ['contactUs']] };
    case 'innovation':
      return { content: [banner(PAGE_BANNER_TYPE.innovation), ['sceneOverview'], ['sceneTeam'], ['sceneCooperation'], ['sceneResearch']] };
    case 'news':
      return { content: [banner(PAGE_BANNER_TYPE.news), ['noticeList'], ['publicationTop'], ['publicationList']], list: 'newsList' };
    case 'newsDetail':
      return withDetail([], ['newsDetail', { id }]);
    case 'notice':
      return { content: [banner(PAGE_BANNER_TYPE.news), ['notices']] };
    case 'noticeDetail':
      return id ? withDetail([banner(PAGE_BANNER_TYPE.news)], ['notices', { id }]) : { content: [banner(PAGE_BANNER_TYPE.news), ['notices', {}]] };
    case 'patient':
      return { content: [banner(PAGE_BANNER_TYPE.index), ['patientContent'], ['privacyNotice']] };
    case 'product':
      // The list loads the categories itself, before its rows: the layout's classifyList is not asked twice.
      return { content: [banner(PAGE_BANNER_TYPE.product), ['productContacts']], list: 'productList' };
    case 'productDetail':
      return withDetail([], ['productDetail', { id }]);
    case 'report':
      return { content: [banner(PAGE_BANNER_TYPE.report), ['report']] };
    case 'resources':
      return { content: [banner(PAGE_BANNER_TYPE.resources), ['memberCulture'], ['hrPolicies'], ['jobs']], list: 'memberList' };
    case 'jobDetail':
      return withDetail([banner(PAGE_BANNER_TYPE.resources), ['privacyNotice']], ['jobDetail', { id }]);
    case 'privacy':
      return { content: [['privacyNotice']] };
    case 'login':
      return { content: [] };
  }
}

function withDetail(content: Load[], detail: Load): RouteLoads {
  return { content: [...content, detail], detail };
}
