/** Rules that span items or files, which a per-field schema cannot say. */
import type { ContentPack } from '../../src/contracts/schema/contentPack';

function duplicates(file: string, list: string, ids: number[]): string[] {
  const seen = new Set<number>();
  return ids.filter((id) => seen.size === seen.add(id).size).map((id) => `${file}: ${list}: id ${id} is used twice, expected each id once`);
}

export function crossFileProblems(pack: ContentPack): string[] {
  const categoryIds = new Set(pack.categories.map((c) => c.id));
  return [
    ...duplicates('products.yaml', 'categories', pack.categories.map((c) => c.id)),
    ...duplicates('products.yaml', 'products', pack.products.map((p) => p.id)),
    ...duplicates('news.yaml', 'news', pack.news.map((n) => n.id)),
    ...duplicates('news.yaml', 'notices', pack.notices.map((n) => n.id)),
    ...duplicates('people.yaml', 'jobs', pack.jobs.map((j) => j.id)),
    ...pack.products
      .map((p, i) => [p, i] as const)
      .filter(([p]) => !categoryIds.has(p.classify_id))
      .map(([p, i]) => `products.yaml: products[${i}].classify_id: expected the id of a category (${[...categoryIds].join(', ')}), got ${p.classify_id}`),
  ];
}
