/**
 * The breadcrumb trail of a page: one list used for the visible breadcrumbs and for the
 * BreadcrumbList structured data, so the two always match. Paths are the route table's
 * (unprefixed); the caller puts them in the page's language.
 */
import { pathTo, type RouteId } from '../../contracts/routes';
import type { Dictionary } from '../../i18n';
import { productUrl } from '../../features/product/query';

export interface TrailStep {
  key: string;
  name: string;
  /** Absent on the current page (the last step). */
  path?: string;
}

/** What the detail pages add from their own content: the item's title and category. */
export interface TrailContent {
  title?: string;
  category?: { id: number; name: string };
}

/** Home and pages without a trail (bare layout) answer an empty list. */
export function breadcrumbTrail(routeId: RouteId, t: Dictionary, content: TrailContent = {}): TrailStep[] {
  const steps = innerSteps(routeId, t, content);
  return steps.length === 0 ? [] : [{ key: 'index', name: t.nav.index, path: pathTo('index') }, ...steps];
}

function innerSteps(routeId: RouteId, t: Dictionary, { title = '', category }: TrailContent): TrailStep[] {
  const news = { key: 'news', name: t.nav.news, path: pathTo('news') };
  switch (routeId) {
    case 'index':
    case 'login':
      return [];
    case 'productDetail':
      return [
        { key: 'product', name: t.nav.product, path: pathTo('product') },
        ...(category?.name ? [{ key: 'category', name: category.name, path: productUrl({ category: category.id }) }] : []),
        { key: 'name', name: title || t.meta.productDetail },
      ];
    case 'newsDetail':
      return [news, { key: 'detail', name: title || t.meta.newsDetail }];
    case 'notice':
      return [news, { key: 'notice', name: t.news.notice }];
    case 'noticeDetail':
      return [news, { key: 'notice', name: t.news.notice, path: pathTo('notice') }, { key: 'detail', name: title || t.meta.noticeDetail }];
    case 'jobDetail':
      return [
        { key: 'resources', name: t.nav.resources, path: pathTo('resources') },
        { key: 'joinus', name: t.resources.joinus, path: `${pathTo('resources')}?name=joinus` },
        { key: 'detail', name: title || t.job.detail },
      ];
    default:
      return [{ key: routeId, name: pageName(routeId, t) }];
  }
}

function pageName(routeId: RouteId, t: Dictionary): string {
  const names: Partial<Record<string, string>> = t.meta;
  return names[routeId] || t.nav.index;
}
