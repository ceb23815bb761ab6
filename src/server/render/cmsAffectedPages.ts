/**
 * Which pages a change in the CMS shows on, read from the route table and what each route loads
 * (src/features/navigation/routeLoads.ts). What every page shows (the header and footer: the site
 * settings, the product categories), and whatever is not known to touch a few pages, drops them
 * all: a page rendered again costs little, an out-of-date one stays up for minutes.
 */
import { ROUTES, type RouteMatch } from '../../contracts/routes';
import type { ContentName } from '../../features/content/types';
import { routeLoads } from '../../features/navigation/routeLoads';
import type { PageTest } from './pageRenderer';

/** One webhook call as the site reads it. */
export interface CmsChange {
  event: string;
  /** The content type (`news-article`) of an entry event; null for media and other events. */
  model: string | null;
  /** The id the site's URLs use (`entry.site_id`); null when the entry has no usable one. */
  siteId: number | null;
  /** Strapi's id of the entry's document, the same in every language; null for media. */
  documentId?: string | null;
  /** The language of the entry the event is about; null: not said. */
  locale?: string | null;
  /** A media event's file (`/uploads/a_3f9a0c12de.jpg`); null for entries. */
  file?: string | null;
  /** An entry event about a draft version (`publishedAt: null`): Strapi 5 sends one event per version it deletes. */
  draft?: boolean;
}

export type AffectedPages = 'all' | PageTest;

/**
 * Per model: the loads that show it (src/features/navigation/routeLoads.ts). A route whose loads
 * include one of them shows the model; when that load is the route's detail, only the page of
 * the entry's own id does.
 */
const MODEL_LOADS = new Map<string, readonly ContentName[]>([
  ['news-article', ['homeNews', 'newsList', 'newsDetail']],
  ['notice', ['noticeList', 'notices']],
  ['product', ['homeProduct', 'productList', 'productDetail']],
  ['job', ['jobs', 'jobDetail']],
  ['publication', ['publicationTop', 'publicationList']],
  // The single types and banners, each on the pages whose sections it fills (strapi/types/*.ts).
  ['home-page', ['homeAbout', 'homeProduct']],
  ['about-page', ['aboutUs', 'develop', 'business', 'social']],
  ['innovation-page', ['sceneOverview', 'sceneTeam', 'sceneCooperation', 'sceneResearch']],
  ['people-page', ['memberCulture', 'hrPolicies', 'memberList']],
  ['report-page', ['report']],
  ['patient-page', ['patientContent']],
  ['privacy-notice', ['privacyNotice']],
  ['banner', ['banner']],
  // Every page with a page banner: a publish may move a banner from one page to another, and the
  // event names only where it is now.
  ['page-banner', ['pageBanner']],
  // Left out on purpose, so they drop every page: product-category (every page's header menu lists
  // the categories) and site-setting (every page's header and footer).
]);

/** The loads that are some route's detail (the page of one id). */
const DETAIL_LOADS: ReadonlySet<ContentName> = new Set(ROUTES.flatMap(({ id }) => routeLoads(id, { id: '1' }).detail?.[0] ?? []));

/** A new upload shows on no page until an entry names it, and that entry's own event follows. */
const NO_PAGE = () => false;

export function affectedPages({ event, model, siteId }: CmsChange): AffectedPages {
  if (event === 'media.create') return NO_PAGE;
  const shownBy = event.startsWith('entry.') && model !== null ? MODEL_LOADS.get(model) : undefined;
  // Without an id, the page of the entry cannot be told from the others.
  if (!shownBy || (siteId === null && shownBy.some((name) => DETAIL_LOADS.has(name)))) return 'all';
  return ({ routeId, params }: RouteMatch) => {
    const { content, list, detail } = routeLoads(routeId, params);
    if (detail && shownBy.includes(detail[0])) return params.id === String(siteId);
    return [...content.map(([name]) => name), ...(list ? [list] : [])].some((name) => shownBy.includes(name));
  };
}
