import type { Api } from '../../api/api';
import type { PageBannerType } from '../../contracts/payloads';


/** Resources loaded into the content slice, by their api function's name. */
export const CONTENT_NAMES = [
  'main', 'classifyList', 'banner', 'homeProduct', 'homeAbout', 'homeNews', 'report', 'pageBanner',
  'aboutUs', 'develop', 'business', 'social', 'contactUs', 'patientContent', 'productContacts',
  'productDetail', 'sceneOverview', 'sceneTeam', 'sceneCooperation', 'sceneResearch', 'newsDetail',
  'noticeList', 'notices', 'publicationTop', 'publicationList', 'memberCulture', 'hrPolicies', 'jobs', 'jobDetail',
  'privacyNotice',
] as const satisfies readonly (keyof Api)[];

export type ContentName = (typeof CONTENT_NAMES)[number];
export type ContentData = { [K in ContentName]: Awaited<ReturnType<Api[K]>> };
export interface ContentParams {
  type?: PageBannerType;
  id?: string;
}
