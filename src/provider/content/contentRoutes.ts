/** The GET content calls (src/contracts/endpoints.ts): each honours `lan` and answers the envelope. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ENDPOINT, type EndpointName } from '../../contracts/endpoints';
import { isLocale, type Locale } from '../../contracts/locale';
import { isPageBannerType, PAYLOADS, type PayloadName } from '../../contracts/payloads';
import { emptyWire } from '../../contracts/schema/payload';
import type { ContentSource } from './contentSource';
import { fail, ok } from '../envelope';
import { MESSAGES } from '../messages';

type Query = Record<string, string | undefined>;
/** A handler's result: the data, or undefined for "not found". */
type Handler = (locale: Locale, query: Query) => unknown;

const positive = (value: string | undefined, fallback: number, max = Number.MAX_SAFE_INTEGER) => {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n >= 1 ? Math.min(n, max) : fallback;
};
const paging = (query: Query, defaultSize: number) => ({
  page: positive(query.page, 1, 100_000),
  pageSize: positive(query.pageSize, defaultSize, 50),
});
const id = (query: Query) => positive(query.id, 0);

/** The handler of each content call, reading `repo`. */
function handlersOf(repo: ContentSource): Partial<Record<EndpointName, Handler>> {
  const stored = (key: string) => (locale: Locale) => repo.content(key, locale);
  /**
   * A page's section: one an editor left out (unpublished, deleted, emptied) answers its empty
   * value, so the page renders without it; a "not found" would fail the whole page.
   */
  const section =
    (name: PayloadName, key: string = name) =>
    async (locale: Locale) =>
      (await repo.content(key, locale)) ?? emptyWire(PAYLOADS[name]);
  const handlers: Partial<Record<EndpointName, Handler>> = {
    banner: section('banner'),
    homeProduct: section('homeProduct'),
    homeAbout: section('homeAbout'),
    homeNews: async (locale) => {
      const [top = null, ...list] = (await repo.news(locale, { page: 1, pageSize: 6 })).rows;
      return { top, list };
    },
    main: section('main'),
    classifyList: (locale) => repo.categories(locale),
    report: section('report'),
    pageBanner: (locale, query) => {
      const type = Number(query.type);
      return isPageBannerType(type) ? section('pageBanner', `pageBanner:${type}`)(locale) : undefined;
    },
    aboutUs: section('aboutUs'),
    develop: section('develop'),
    business: section('business'),
    social: section('social'),
    contactUs: section('contactUs'),
    patientContent: section('patientContent'),
    // Not a section: a consent names the notice's version, and there is none to agree to.
    privacyNotice: stored('privacyNotice'),
    productContacts: section('productContacts'),
    productList: (locale, query) => repo.products(locale, positive(query.classify_id, 0), (query.keyword ?? '').trim().slice(0, 50), paging(query, 6)),
    productDetail: (locale, query) => repo.product(id(query), locale),
    sceneOverview: section('sceneOverview'),
    sceneTeam: section('sceneTeam'),
    sceneCooperation: section('sceneCooperation'),
    sceneResearch: section('sceneResearch'),
    newsList: (locale, query) => repo.news(locale, paging(query, 5)),
    newsDetail: (locale, query) => repo.newsDetail(id(query), locale),
    noticeList: (locale) => repo.noticeSummaries(locale),
    notices: async (locale, query) => {
      if (!query.id) return repo.notices(locale);
      const one = await repo.notice(id(query), locale);
      return one ? [one] : [];
    },
    publicationTop: section('publicationTop'),
    publicationList: section('publicationList'),
    memberCulture: section('memberCulture'),
    memberList: (_locale, query) => repo.members(paging(query, 10)),
    hrPolicies: section('hrPolicies'),
    jobs: (locale) => repo.jobs(locale),
    jobDetail: (locale, query) => repo.job(id(query), locale),
    checkLanguage: () => ({}),
  };
  return handlers;
}

/**
 * The content calls, answered from `source`, or from the source a request picks (a preview's
 * drafts, per admin: strapi/preview.ts).
 */
export function registerContentRoutes(app: FastifyInstance, source: ContentSource | ((request: FastifyRequest) => ContentSource)) {
  const sourceOf = typeof source === 'function' ? source : () => source;
  const built = new WeakMap<ContentSource, Partial<Record<EndpointName, Handler>>>();
  const handlersFor = (repo: ContentSource) => {
    const kept = built.get(repo);
    if (kept) return kept;
    const handlers = handlersOf(repo);
    built.set(repo, handlers);
    return handlers;
  };
  // The calls themselves do not depend on the source: only what answers them does.
  const names = Object.keys(handlersOf({} as ContentSource)) as EndpointName[];
  for (const name of names) {
    app.get(ENDPOINT[name], async (request, reply: FastifyReply) => {
      const query = request.query as Query;
      if (!isLocale(query.lan)) return fail(reply, MESSAGES[languageOf(query.lan)].badLanguage);
      const handler = handlersFor(sourceOf(request))[name] as Handler;
      const data = await handler(query.lan, query);
      if (data === undefined || (Array.isArray(data) && data.length === 0 && name === 'notices' && query.id)) {
        // 404, not only code 1: the site tells "no such id" (its 404 page) from a failure (a retry).
        return fail(reply, MESSAGES[query.lan].notFound, 404);
      }
      return ok(data);
    });
  }
}

/** The language to answer in when the requested one is not valid. */
function languageOf(lan: string | undefined): Locale {
  return lan?.toLowerCase().startsWith('en') ? 'en' : 'zh';
}
