/**
 * Which pages a change in the CMS shows on, read from the route table and what each route loads
 * (src/features/navigation/routeLoads.ts). Whatever is not known to touch a few pages drops them
 * all: a page rendered again costs little, an out-of-date one stays up for minutes.
 */
import type { RouteId, RouteMatch } from '../contracts/routes';
import type { PageTest } from './render/pageRenderer';

/** One webhook call as the site reads it. */
export interface CmsChange {
  event: string;
  /** The content type (`news-article`) of an entry event; null for media and other events. */
  model: string | null;
  /** The id the site's URLs use (`entry.site_id`); null when the entry has no usable one. */
  siteId: number | null;
}

export type AffectedPages = 'all' | PageTest;

/** Per model: the routes it shows on, whatever the id, and the detail route its own id names. */
interface ModelPages {
  lists: RouteId[];
  detail?: RouteId;
}

const MODEL_PAGES = new Map<string, ModelPages>([
  // The home page shows the latest news.
  ['news-article', { lists: ['index', 'news'], detail: 'newsDetail' }],
  // The news page shows the latest notices.
  ['notice', { lists: ['news', 'notice'], detail: 'noticeDetail' }],
  // The home page shows product tiles.
  ['product', { lists: ['index', 'product'], detail: 'productDetail' }],
  ['job', { lists: ['resources'], detail: 'jobDetail' }],
  // Publications are shown on the news page.
  ['publication', { lists: ['news'] }],
  // product-category is left out on purpose: every page's header menu lists the categories.
]);

export function affectedPages({ event, model, siteId }: CmsChange): AffectedPages {
  const pages = event.startsWith('entry.') && model !== null ? MODEL_PAGES.get(model) : undefined;
  if (!pages || (pages.detail && siteId === null)) return 'all';
  const { lists, detail } = pages;
  // A detail route without an id (/news/noticedetail) lists every entry of the model.
  return ({ routeId, params }: RouteMatch) => lists.includes(routeId) || (routeId === detail && (params.id === undefined || params.id === String(siteId)));
}
