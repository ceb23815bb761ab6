/**
 * The pages of a paged list (?page= of /product and /resources) and the product categories
 * (?category=, an old ?name=) as the site links to them: a rendered page's pagination names
 * pages 1 to its last, its menu every category, and a crawler following those links must get them
 * all. Any other number or name costs a render the site never asked for, so pageRenderer.ts
 * counts it against the visitor's search budget, as a typed search.
 */
import { PAGE_SIZE } from '../../contracts/constants';
import type { RouteId } from '../../contracts/routes';
import { selectContentData } from '../../features/content/selectors';
import { selectMemberList } from '../../features/members/selectors';
import { selectProductList } from '../../features/product/selectors';
import type { RootState } from '../../features/rootReducer';
import { pageOfQuery } from '../../features/shared/pageQuery';

const PAGE_KEY = 'page';

/** How many pages the list a rendered page shows has (1 at least); null: the page shows no paged list. */
export function pagesOfList(routeId: RouteId | null, state: RootState): number | null {
  const pages = (total: number | undefined, size: number) => (total === undefined ? null : Math.max(1, Math.ceil(total / size)));
  if (routeId === 'product') return pages(selectProductList(state).data?.total, PAGE_SIZE.product);
  if (routeId === 'resources') return pages(selectMemberList(state).list.data?.total, PAGE_SIZE.member);
  return null;
}

/** The page a kept search (`?category=2&page=3`) names: 1 when none. */
export const pageOfSearch = (search: string): number => pageOfQuery(new URLSearchParams(search).get(PAGE_KEY) ?? undefined);

/** The kept search without its page: what names the list all its pages belong to. */
export function listSearch(search: string): string {
  const query = new URLSearchParams(search);
  query.delete(PAGE_KEY);
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** A ?page= value as a cache key keeps it: the page number the page shows, none for the first (`page=abc`, `page=01`: no key of their own). */
export function keptPage(value: string): string | null {
  const page = pageOfQuery(value);
  return page > 1 ? String(page) : null;
}

/** The ways a rendered page's links and tabs name its categories: their ids, and their names (old links). */
export function categoriesNamed(state: RootState): string[] {
  return (selectContentData('classifyList')(state) ?? []).flatMap((category) => [String(category.id), category.name]);
}

/** The categories a kept search names (`?category=2`, an old `?name=乳膏剂`, both). */
export function categoriesOfSearch(search: string): string[] {
  const query = new URLSearchParams(search);
  return ['category', 'name'].flatMap((key) => query.getAll(key));
}
