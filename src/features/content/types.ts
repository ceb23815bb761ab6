import type { Api } from '../../api/api';
import type { PageBannerType } from '../../contracts/payloads';

/** What the content slice loads, by its api function's name: the pages' sections and their paged lists. */
export const CONTENT_NAMES = [
  'main',
  'classifyList',
  'banner',
  'homeProduct',
  'homeAbout',
  'homeNews',
  'report',
  'pageBanner',
  'aboutUs',
  'develop',
  'business',
  'social',
  'contactUs',
  'patientContent',
  'productContacts',
  'productDetail',
  'sceneOverview',
  'sceneTeam',
  'sceneCooperation',
  'sceneResearch',
  'newsDetail',
  'noticeList',
  'notices',
  'publicationTop',
  'publicationList',
  'memberCulture',
  'hrPolicies',
  'jobs',
  'jobDetail',
  'privacyNotice',
  'productList',
  'newsList',
  'memberList',
] as const satisfies readonly (keyof Api)[];

export type ContentName = (typeof CONTENT_NAMES)[number];
export type ContentData = { [K in ContentName]: Awaited<ReturnType<Api[K]>> };
export interface ContentParams {
  type?: PageBannerType;
  id?: string;
  /** Paged lists: the page (from 1); the product list's category (0: all) and search keyword. */
  page?: number;
  classifyId?: number;
  keyword?: string;
}
