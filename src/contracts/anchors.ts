import type { RouteId } from './routes';

/** In-page sections each top-level page exposes as anchors (the sub-menus and the footer link to them). */
export const ANCHORS = {
  index: ['product', 'about', 'news'],
  about: ['company', 'development', 'culture', 'social', 'contact'],
  product: ['product'],
  innovation: ['overview', 'team', 'cooperation', 'results'],
  news: ['news', 'proclamation', 'journal'],
  resources: ['employee', 'staff', 'joinus'],
} as const satisfies Partial<Record<RouteId, readonly string[]>>;

export type AnchoredRouteId = keyof typeof ANCHORS;
