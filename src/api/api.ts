/**
 * One typed function per provider path (src/contracts/endpoints.ts). Content calls carry `lan`; every answer
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
  // `signal`: the caller may abort the request (a load cancelled because its page was left).
  const fetch = async <K extends PayloadName & keyof typeof ENDPOINT>(
    name: K,
    lan: Locale,
    params: Record<string, string | number | undefined> = {},
    signal?: AbortSignal,
  ): Promise<Payload<K>> => normalise(PAYLOADS[name], await client.get(ENDPOINT[name], { lan, ...params }, signal), mediaHost);

  return {
    main: (lan: Locale, signal?: AbortSignal) => fetch('main', lan, {}, signal),
    classifyList: (lan: Locale, signal?: AbortSignal) => fetch('classifyList', lan, {}, signal),
    banner: (lan: Locale, signal?: AbortSignal) => fetch('banner', lan, {}, signal),
    homeProduct: (lan: Locale, signal?: AbortSignal) => fetch('homeProduct', lan, {}, signal),
    homeAbout: (lan: Locale, signal?: AbortSignal) => fetch('homeAbout', lan, {}, signal),
    homeNews: (lan: Locale, signal?: AbortSignal) => fetch('homeNews', lan, {}, signal),
    report: (lan: Locale, signal?: AbortSignal) => fetch('report', lan, {}, signal),
    pageBanner: (lan: Locale, type: PageBannerType, signal?: AbortSignal) => fetch('pageBanner', lan, { type }, signal),
    aboutUs: (lan: Locale, signal?: AbortSignal) => fetch('aboutUs', lan, {}, signal),
    develop: (lan: Locale, signal?: AbortSignal) => fetch('develop', lan, {}, signal),
    business: (lan: Locale, signal?: AbortSignal) => fetch('business', lan, {}, signal),
    social: (lan: Locale, signal?: AbortSignal) => fetch('social', lan, {}, signal),
    contactUs: (lan: Locale, signal?: AbortSignal) => fetch('contactUs', lan, {}, signal),
    patientContent: (lan: Locale, signal?: AbortSignal) => fetch('patientContent', lan, {}, signal),
    /** Provider quirk: each row holds the domestic value in `val` and the overseas one in `val_en`. */
    async productContacts(lan: Locale, signal?: AbortSignal): Promise<ProductContacts> {
      const rows = await fetch('productContacts', lan, {}, signal);
      const pick = (name: string) => rows.find((row) => row.name === name);
      return {
        domestic: { phone: pick('phone')?.val ?? '', email: pick('email')?.val ?? '' },
        abroad: { phone: pick('phone')?.val_en ?? '', email: pick('email')?.val_en ?? '' },
      };
    },
    productList: (lan: Locale, q: Paging & { classifyId: number; keyword: string }, signal?: AbortSignal) =>
      fetch('productList', lan, { classify_id: q.classifyId, page: q.page, pageSize: q.pageSize, keyword: q.keyword || undefined }, signal),
    productDetail: (lan: Locale, id: string, signal?: AbortSignal) => fetch('productDetail', lan, { id }, signal),
    sceneOverview: (lan: Locale, signal?: AbortSignal) => fetch('sceneOverview', lan, {}, signal),
    sceneTeam: (lan: Locale, signal?: AbortSignal) => fetch('sceneTeam', lan, {}, signal),
    sceneCooperation: (lan: Locale, signal?: AbortSignal) => fetch('sceneCooperation', lan, {}, signal),
    sceneResearch: (lan: Locale, signal?: AbortSignal) => fetch('sceneResearch', lan, {}, signal),
    newsList: (lan: Locale, q: Paging, signal?: AbortSignal) => fetch('newsList', lan, { ...q }, signal),
    newsDetail: (lan: Locale, id: string, signal?: AbortSignal) => fetch('newsDetail', lan, { id }, signal),
    noticeList: (lan: Locale, signal?: AbortSignal) => fetch('noticeList', lan, {}, signal),
    notices: (lan: Locale, id?: string, signal?: AbortSignal) => fetch('notices', lan, { id }, signal),
    publicationTop: (lan: Locale, signal?: AbortSignal) => fetch('publicationTop', lan, {}, signal),
    publicationList: (lan: Locale, signal?: AbortSignal) => fetch('publicationList', lan, {}, signal),
    memberCulture: (lan: Locale, signal?: AbortSignal) => fetch('memberCulture', lan, { type: 'member_culture' }, signal),
    memberList: (lan: Locale, q: Paging, signal?: AbortSignal) => fetch('memberList', lan, { ...q }, signal),
    hrPolicies: (lan: Locale, signal?: AbortSignal) => fetch('hrPolicies', lan, {}, signal),
    jobs: (lan: Locale, signal?: AbortSignal) => fetch('jobs', lan, {}, signal),
    jobDetail: (lan: Locale, id: string, signal?: AbortSignal) => fetch('jobDetail', lan, { id }, signal),
    privacyNotice: (lan: Locale, signal?: AbortSignal) => fetch('privacyNotice', lan, {}, signal),
    checkLanguage: async (lan: string) => {
      await client.get(ENDPOINT.checkLanguage, { lan });
    },
    submitApplication: async (lan: Locale, form: ApplicationForm & Consents & { id: string }) => (await client.post(ENDPOINT.recruitSubmit, { lan }, form)).msg,
    /** The case reference is empty when the provider gives none (a CMS that predates it). */
    async submitPatient(lan: Locale, form: PatientForm & Consents) {
      const answer = await client.post(ENDPOINT.patientSubmit, { lan }, form);
      return { msg: answer.msg, reference: normalise(PAYLOADS.patientReceipt, answer.data, mediaHost).reference };
    },
    logout: async () => (await client.post(ENDPOINT.logout, {}, {})).msg,
  };
}

export type Api = ReturnType<typeof createApi>;
