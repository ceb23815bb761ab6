import type { Locale } from './locale';
/**
 * The route table: one module used by the client router and the site server.
 * Ids of news, products and jobs are digits only; anything else is "not found".
 */
export const ROUTES = [
  { id: 'index', path: '/' },
  { id: 'about', path: '/about' },
  { id: 'innovation', path: '/innovation' },
  { id: 'news', path: '/news' },
  { id: 'patient', path: '/patient' },
  { id: 'product', path: '/product' },
  { id: 'report', path: '/report' },
  { id: 'resources', path: '/resources' },
  { id: 'notice', path: '/news/notice' },
  { id: 'noticeDetail', path: '/news/noticedetail/:id?' },
  { id: 'newsDetail', path: '/news/:id' },
  { id: 'productDetail', path: '/product/:id' },
  { id: 'jobDetail', path: '/resources/:id' },
  /** The privacy notice both forms link to (PIPL). */
  { id: 'privacy', path: '/privacy' },
  /** Login-type pages use the bare layout (only the page outlet); no visible page links here. */
  { id: 'login', path: '/login', layout: 'bare' },
] as const satisfies readonly RouteDefinition[];

interface RouteDefinition {
  id: string;
  path: string;
  layout?: 'bare';
}

export type RouteId = (typeof ROUTES)[number]['id'];
export type RouteParams = { id?: string };

export interface RouteMatch {
  routeId: RouteId;
  params: RouteParams;
}

const DIGITS = /^\d+$/;

/** Matches a pathname against the table; null means "not found" (404). */
export function matchRoute(pathname: string): RouteMatch | null {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const parts = trimmed.split('/').filter(Boolean);
  for (const route of ROUTES) {
    const pattern = route.path.split('/').filter(Boolean);
    const params = matchSegments(pattern, parts);
    if (params) return { routeId: route.id, params };
  }
  return null;
}

function matchSegments(pattern: string[], parts: string[]): RouteParams | null {
  const optional = pattern.at(-1)?.endsWith('?') ?? false;
  const minLength = optional ? pattern.length - 1 : pattern.length;
  if (parts.length < minLength || parts.length > pattern.length) return null;
  const params: RouteParams = {};
  for (let i = 0; i < parts.length; i += 1) {
    const segment = pattern[i] as string;
    const part = parts[i] as string;
    if (segment.startsWith(':')) {
      if (!DIGITS.test(part)) return null;
      params.id = part;
    } else if (segment !== part) {
      return null;
    }
  }
  return params;
}

/** Builds the path of a route, e.g. pathTo('newsDetail', { id: 3 }) → /news/3. */
export function pathTo(routeId: RouteId, params: { id?: string | number } = {}): string {
  const route = ROUTES.find((r) => r.id === routeId);
  if (!route) throw new Error(`Unknown route ${routeId}`);
  return route.path.replace(/\/:id\??/, params.id === undefined ? '' : `/${params.id}`);
}

export function routeLayout(routeId: RouteId): 'main' | 'bare' {
  const route: RouteDefinition | undefined = ROUTES.find((r) => r.id === routeId);
  return route?.layout ?? 'main';
}

/** English lives under /en, Chinese at the unprefixed paths (the default language). */
export const EN_PREFIX = '/en';

/** The URL of a path in a language: localizedPath('/about', 'en') → /en/about; '/' → /en/. */
export function localizedPath(path: string, locale: Locale): string {
  return locale === 'en' ? `${EN_PREFIX}${path}` : path;
}

/** Splits a pathname into its language prefix and the route table's path: /en/about → en, /about. */
export function splitLocalePath(pathname: string): { locale: Locale | null; path: string } {
  if (pathname === EN_PREFIX || pathname.startsWith(`${EN_PREFIX}/`)) return { locale: 'en', path: pathname.slice(EN_PREFIX.length) || '/' };
  return { locale: null, path: pathname };
}
