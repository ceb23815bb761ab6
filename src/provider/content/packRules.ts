/** Rules that span items or files, which a per-field schema cannot say. */
import type { ContentPack } from '../../contracts/schema/contentPack';

/** Each repeat of a key after its first use, named by file, list, index and field. */
function duplicates(file: string, list: string, keys: number[], field = 'id', what = 'each id once'): string[] {
  const firstAt = new Map<number, number>();
  return keys.flatMap((key, i) => {
    const first = firstAt.get(key);
    if (first === undefined) {
      firstAt.set(key, i);
      return [];
    }
    return [`${file}: ${list}[${i}].${field}: ${key} is used already by ${list}[${first}], expected ${what}`];
  });
}

export function crossFileProblems(pack: ContentPack): string[] {
  const categoryIds = new Set(pack.categories.map((c) => c.id));
  return [
    ...duplicates(
      'products.yaml',
      'categories',
      pack.categories.map((c) => c.id),
    ),
    ...duplicates(
      'products.yaml',
      'products',
      pack.products.map((p) => p.id),
    ),
    ...duplicates(
      'news.yaml',
      'news',
      pack.news.map((n) => n.id),
    ),
    ...duplicates(
      'news.yaml',
      'notices',
      pack.notices.map((n) => n.id),
    ),
    ...duplicates(
      'people.yaml',
      'jobs',
      pack.jobs.map((j) => j.id),
    ),
    // One banner per page: a second one for the same page would have nowhere to show.
    ...duplicates(
      'company.yaml',
      'pageBanners',
      pack.pageBanners.map((b) => b.type),
      'type',
      'one banner per page type',
    ),
    ...pack.products
      .map((p, i) => [p, i] as const)
      .filter(([p]) => !categoryIds.has(p.classify_id))
      .map(([p, i]) => `products.yaml: products[${i}].classify_id: expected the id of a category (${[...categoryIds].join(', ')}), got ${p.classify_id}`),
  ];
}
