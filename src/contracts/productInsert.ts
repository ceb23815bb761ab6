/** The package-insert texts of a product, in the order the product page's table shows them. */
export const PRODUCT_INSERT_FIELDS = [
  'product',
  'character',
  'sku',
  'num',
  'indication',
  'taboo',
  'business',
  'composition',
  'administration',
  'package',
  'manufacturer',
] as const;

export type ProductInsertField = (typeof PRODUCT_INSERT_FIELDS)[number];

/** The same field declaration under every insert key: the wire payload and the content pack share the list. */
export function insertFields<F>(field: F): Record<ProductInsertField, F> {
  return Object.fromEntries(PRODUCT_INSERT_FIELDS.map((key) => [key, field])) as Record<ProductInsertField, F>;
}
