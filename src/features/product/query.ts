import type { Category } from '../../api/types';
import { pathTo } from '../../contracts/routes';
import { pageOfQuery } from '../shared/pageQuery';
import { routeUrl, type RouteEntry } from '../shared/route';

/**
 * What a /product URL names: the category by its id (?category=, the same in every language, so
 * a link survives the language switch), the page (?page=) and a search (?keyword=, which covers
 * every category). The URL is the list's only position: the page reads it from the route.
 */
export interface ProductQuery {
  /** null: the first category. */
  category: number | null;
  page: number;
  keyword: string;
}

export const categoryQuery = (id: number) => ({ category: String(id) });

export function productQueryOf(route: Pick<RouteEntry, 'query'> | null): ProductQuery {
  const query = route?.query ?? {};
  const category = query.category && /^[1-9]\d{0,9}$/.test(query.category) ? Number(query.category) : null;
  return { category, page: pageOfQuery(query.page), keyword: query.keyword?.trim() ?? '' };
}

/** The category a query shows: the one it names, else the first (none named, or one that no longer exists). */
export function shownCategory(categories: readonly Category[], { category }: Pick<ProductQuery, 'category'>): Category | undefined {
  return categories.find((candidate) => candidate.id === category) ?? categories[0];
}

/** The query of a category, page or search; page 1 and an empty search are left out. */
export function productSearch({ category, page = 1, keyword = '' }: Partial<ProductQuery>): Record<string, string> {
  const query: Record<string, string> = {};
  if (keyword) query.keyword = keyword;
  else if (category) Object.assign(query, categoryQuery(category));
  if (page > 1) query.page = String(page);
  return query;
}

/** The /product URL of a category, page or search. */
export const productUrl = (query: Partial<ProductQuery>, hash = ''): string => routeUrl({ path: pathTo('product'), query: productSearch(query), hash });
