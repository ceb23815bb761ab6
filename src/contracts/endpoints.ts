/** Where the provider serves its media; the relative media paths in its answers start with it. */
export const MEDIA_PREFIX = '/uploads/';

/**
 * The copies the site server makes of its own-origin pictures (`?w=828`), for srcset: a phone
 * decodes a picture its screen can show rather than the original an editor uploaded (a phone
 * photo of several megabytes). Only these widths are made, so a query string cannot fill the
 * server's memory; 320 serves the small list pictures, 1920 the full-width banners.
 */
export const PICTURE_WIDTHS = [320, 640, 828, 1280, 1920] as const;
export const PICTURE_WIDTH_PARAM = 'w';

/** The provider's paths (without the /api prefix the site proxy strips). */
export const ENDPOINT = {
  checkLanguage: '/index/base/checkLanguage',
  banner: '/index/index/banner',
  homeProduct: '/index/index/product',
  homeAbout: '/index/index/about',
  homeNews: '/index/index/news',
  main: '/index/index/main',
  classifyList: '/index/index/classifyList',
  report: '/index/index/report',
  pageBanner: '/index/picture/pageBanner',
  aboutUs: '/index/about/aboutUs',
  develop: '/index/about/develop',
  business: '/index/about/business',
  social: '/index/about/scieceLists',
  contactUs: '/index/about/contactUs',
  patientContent: '/index/patient/patientContent',
  patientSubmit: '/index/patient/submitData',
  productContacts: '/index/product/contacts',
  productList: '/index/product/lists',
  productDetail: '/index/product/details',
  sceneOverview: '/index/scene/publication',
  sceneTeam: '/index/scene/team',
  sceneCooperation: '/index/scene/cooperation',
  sceneResearch: '/index/scene/research',
  newsList: '/index/news/lists',
  newsDetail: '/index/news/details',
  noticeList: '/index/notice/noticeList',
  notices: '/index/notice/lists',
  publicationTop: '/index/publication/publicationTopList',
  publicationList: '/index/publication/publicationList',
  memberCulture: '/index/member/memberCulture',
  memberList: '/index/member/memberList',
  hrPolicies: '/index/member/lists',
  jobs: '/index/join/joinus',
  jobDetail: '/index/join/applyBusiness',
  recruitSubmit: '/index/recruit/submitData',
  privacyNotice: '/index/privacy/notice',
  logout: '/login/loginOut',
  upload: '/upload/up',
} as const;

export type EndpointName = keyof typeof ENDPOINT;

/** The POST paths; every other path is a GET content call carrying `lan`. */
export const POST_ENDPOINTS: readonly EndpointName[] = ['patientSubmit', 'recruitSubmit', 'logout', 'upload'];

/**
 * The query keys each path takes besides `lan`, which every path takes (src/api sends no other).
 * The site proxy forwards these alone, so a query cannot steer a provider that routes or
 * filters by its query (`?s=/admin/user` on a ThinkPHP-style backend).
 */
export const ENDPOINT_QUERY_KEYS: Partial<Record<EndpointName, readonly string[]>> = {
  pageBanner: ['type'],
  productList: ['classify_id', 'page', 'pageSize', 'keyword'],
  productDetail: ['id'],
  newsList: ['page', 'pageSize'],
  newsDetail: ['id'],
  notices: ['id'],
  memberCulture: ['type'],
  memberList: ['page', 'pageSize'],
  jobDetail: ['id'],
};

/** Every query key a path takes. */
export const queryKeysOf = (name: EndpointName): readonly string[] => ['lan', ...(ENDPOINT_QUERY_KEYS[name] ?? [])];
