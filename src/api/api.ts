/**
 * One typed function per provider path of SPEC §7. Content calls carry `lan`; every answer
 * is coerced into its shape (shapes.ts) so the rest of the app sees normalised data only.
 */
import { ENDPOINT } from '../contracts/endpoints';
import type { Locale } from '../contracts/locale';
import type { PageBannerType } from '../contracts/dto';
import type { ApplicationForm, PatientForm } from '../contracts/forms';
import { coerce } from './coerce';
import type { ApiClient } from './client';
import { SHAPES } from './shapes';
import type { ProductContacts } from './types';

type Shapes = typeof SHAPES;
type Shape<K extends keyof Shapes> = Shapes[K] extends readonly (infer I)[] ? I[] : Shapes[K];

export interface Paging {
  page: number;
  pageSize: number;
}

export function createApi(client: ApiClient, mediaHost: string) {
  const fetch = async <K extends keyof Shapes & keyof typeof ENDPOINT>(name: K, lan: Locale, params: Record<string, string | number | undefined> = {}) =>
    coerce(SHAPES[name], await client.get(ENDPOINT[name], { lan, ...params }), mediaHost) as Shape<K>;

  return {
    main: (lan: Locale) => fetch('main', lan),
    classifyList: (lan: Locale) => fetch('classifyList', lan),
    banner: (lan: Locale) => fetch('banner', lan),
    homeProduct: (lan: Locale) => fetch('homeProduct', lan),
    homeAbout: (lan: Locale) => fetch('homeAbout', lan),
    homeNews: (lan: Locale) => fetch('homeNews', lan),
    report: (lan: Locale) => fetch('report', lan),
    pageBanner: (lan: Locale, type: PageBannerType) => fetch('pageBanner', lan, { type }),
    aboutUs: (lan: Locale) => fetch('aboutUs', lan),
    develop: (lan: Locale) => fetch('develop', lan),
    business: (lan: Locale) => fetch('business', lan),
    social: (lan: Locale) => fetch('social', lan),
    contactUs: (lan: Locale) => fetch('contactUs', lan),
    patientContent: (lan: Locale) => fetch('patientContent', lan),
    /** Provider quirk: each row holds the domestic value in `val` and the overseas one in `val_en`. */
    async productContacts(lan: Locale): Promise<ProductContacts> {
      const rows = coerce(SHAPES.productContactRows, await client.get(ENDPOINT.productContacts, { lan }), mediaHost);
      const pick = (name: string) => rows.find((row) => row.name === name);
      return {
        domestic: { phone: pick('phone')?.val ?? '', email: pick('email')?.val ?? '' },
        abroad: { phone: pick('phone')?.val_en ?? '', email: pick('email')?.val_en ?? '' },
      };
    },
    productList: (lan: Locale, q: Paging & { classifyId: number; keyword: string }) =>
      fetch('productList', lan, { classify_id: q.classifyId, page: q.page, pageSize: q.pageSize, keyword: q.keyword || undefined }),
    productDetail: (lan: Locale, id: string) => fetch('productDetail', lan, { id }),
    sceneOverview: (lan: Locale) => fetch('sceneOverview', lan),
    sceneTeam: (lan: Locale) => fetch('sceneTeam', lan),
    sceneCooperation: (lan: Locale) => fetch('sceneCooperation', lan),
    sceneResearch: (lan: Locale) => fetch('sceneResearch', lan),
    newsList: (lan: Locale, q: Paging) => fetch('newsList', lan, { ...q }),
    newsDetail: (lan: Locale, id: string) => fetch('newsDetail', lan, { id }),
    noticeList: (lan: Locale) => fetch('noticeList', lan),
    notices: (lan: Locale, id?: string) => fetch('notices', lan, { id }),
    publicationTop: (lan: Locale) => fetch('publicationTop', lan),
    publicationList: (lan: Locale) => fetch('publicationList', lan),
    memberCulture: (lan: Locale) => fetch('memberCulture', lan, { type: 'member_culture' }),
    memberList: (lan: Locale, q: Paging) => fetch('memberList', lan, { ...q }),
    hrPolicies: (lan: Locale) => fetch('hrPolicies', lan),
    jobs: (lan: Locale) => fetch('jobs', lan),
    jobDetail: (lan: Locale, id: string) => fetch('jobDetail', lan, { id }),
    checkLanguage: async (lan: string) => {
      await client.get(ENDPOINT.checkLanguage, { lan });
    },
    submitApplication: async (lan: Locale, form: ApplicationForm & { id: string }) =>
      (await client.post(ENDPOINT.recruitSubmit, { lan }, form)).msg,
    submitPatient: async (lan: Locale, form: PatientForm) => (await client.post(ENDPOINT.patientSubmit, { lan }, form)).msg,
    logout: async () => (await client.post(ENDPOINT.logout, {}, {})).msg,
  };
}

export type Api = ReturnType<typeof createApi>;
