/**
 * One typed function per provider path of SPEC §7. Content calls carry `lan`; every answer
 * is normalised by its payload's declaration (src/contracts/payloads.ts), so the rest of the
 * app sees normalised data only.
 */
import { ENDPOINT } from '../contracts/endpoints';
import type { Locale } from '../contracts/locale';
import { PAYLOADS, type PageBannerType, type Payload, type PayloadName } from '../contracts/payloads';
import { normalise } from '../contracts/schema/payload';
import type { ApplicationForm, Consents, PatientForm } from '../contracts/forms';
import type { ApiClient } from './client';
import type { ProductContacts } from './types';

export interface Paging {
  page: number;
  pageSize: number;
}

export function createApi(client: ApiClient, mediaHost: string) {
  const fetch = async <K extends PayloadName & keyof typeof ENDPOINT>(name: K, lan: Locale, params: Record<string, string | number | undefined> = {}): Promise<Payload<K>> =>
    normalise(PAYLOADS[name], await client.get(ENDPOINT[name], { lan, ...params }), mediaHost);

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
      const rows = await fetch('productContacts', lan);
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
    privacyNotice: (lan: Locale) => fetch('privacyNotice', lan),
    checkLanguage: async (lan: string) => {
      await client.get(ENDPOINT.checkLanguage, { lan });
    },
    submitApplication: async (lan: Locale, form: ApplicationForm & Consents & { id: string }) =>
      (await client.post(ENDPOINT.recruitSubmit, { lan }, form)).msg,
    /** The case reference is empty when the provider gives none (a CMS that predates it). */
    async submitPatient(lan: Locale, form: PatientForm & Consents) {
      const answer = await client.post(ENDPOINT.patientSubmit, { lan }, form);
      return { msg: answer.msg, reference: normalise(PAYLOADS.patientReceipt, answer.data, mediaHost).reference };
    },
    logout: async () => (await client.post(ENDPOINT.logout, {}, {})).msg,
  };
}

export type Api = ReturnType<typeof createApi>;
