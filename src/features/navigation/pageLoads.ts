import type { RouteId, RouteParams } from '../../contracts/routes';
import { PAGE_BANNER_TYPE } from '../../contracts/payloads';
import type { ContentName, ContentParams } from '../content/types';

export type Load = [ContentName, ContentParams?];

/** Header and footer data, needed on every page of the main layout. */
export const LAYOUT_LOADS: Load[] = [['main'], ['classifyList']];

const banner = (type: number): Load => ['pageBanner', { type: type as ContentParams['type'] }];

/**
 * The content entries each page shows (lists with paging live in their own slices). The two
 * forms load the privacy notice too: its version is what a visitor's consent records.
 */
export function pageLoads(routeId: RouteId, params: RouteParams): Load[] {
  const id = params.id;
  switch (routeId) {
    case 'index':
      // contactUs: the company's address and contact point for the Organization structured data.
      return [['banner'], ['homeProduct'], ['homeAbout'], ['homeNews'], ['contactUs']];
    case 'about':
      return [banner(PAGE_BANNER_TYPE.index), ['aboutUs'], ['develop'], ['business'], ['social'], ['contactUs']];
    case 'innovation':
      return [banner(PAGE_BANNER_TYPE.innovation), ['sceneOverview'], ['sceneTeam'], ['sceneCooperation'], ['sceneResearch']];
    case 'news':
      return [banner(PAGE_BANNER_TYPE.news), ['noticeList'], ['publicationTop'], ['publicationList']];
    case 'newsDetail':
      return [['newsDetail', { id }]];
    case 'notice':
      return [banner(PAGE_BANNER_TYPE.news), ['notices']];
    case 'noticeDetail':
      return [banner(PAGE_BANNER_TYPE.news), ['notices', id ? { id } : {}]];
    case 'patient':
      return [banner(PAGE_BANNER_TYPE.index), ['patientContent'], ['privacyNotice']];
    case 'product':
      return [banner(PAGE_BANNER_TYPE.product), ['productContacts']];
    case 'productDetail':
      return [['productDetail', { id }]];
    case 'report':
      return [banner(PAGE_BANNER_TYPE.report), ['report']];
    case 'resources':
      return [banner(PAGE_BANNER_TYPE.resources), ['memberCulture'], ['hrPolicies'], ['jobs']];
    case 'jobDetail':
      return [banner(PAGE_BANNER_TYPE.resources), ['jobDetail', { id }], ['privacyNotice']];
    case 'privacy':
      return [['privacyNotice']];
    case 'login':
      return [];
  }
}
