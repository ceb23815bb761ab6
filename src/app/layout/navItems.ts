import { ANCHORS, type AnchoredRouteId } from '../../contracts/anchors';
import type { Locale } from '../../contracts/locale';
import type { RouteId } from '../../contracts/routes';
import type { SiteVariant } from '../../contracts/runtimeConfig';

export interface NavItem {
  routeId: AnchoredRouteId | 'report';
  /** Anchors of the sub-menu (none for the report link). */
  anchors: readonly string[];
}

/** The top bar, in order: Home, About, Product, Innovation, News, Human Resources (zh only), then the Report link. */
export function navItems(locale: Locale, variant: SiteVariant): NavItem[] {
  const items: NavItem[] = [
    { routeId: 'index', anchors: ANCHORS.index },
    { routeId: 'about', anchors: ANCHORS.about },
    { routeId: 'product', anchors: ANCHORS.product },
    { routeId: 'innovation', anchors: ANCHORS.innovation },
    // The shop variant's news menu offers Company Dynamics only.
    { routeId: 'news', anchors: variant === 'shop' ? ['news'] : ANCHORS.news },
    { routeId: 'resources', anchors: ANCHORS.resources },
    { routeId: 'report', anchors: [] },
  ];
  return items.filter((item) => item.routeId !== 'resources' || locale === 'zh');
}

const SECTION_OF_PATH: [RegExp, RouteId][] = [
  [/product/, 'product'],
  [/news/, 'news'],
  [/resources/, 'resources'],
  [/patient/, 'patient'],
];

/** The highlighted top-level item: exact path, or the section a deeper path belongs to. */
export function activeSection(path: string, routeId: RouteId | null): RouteId | null {
  for (const [pattern, section] of SECTION_OF_PATH) if (pattern.test(path)) return section;
  return routeId;
}
