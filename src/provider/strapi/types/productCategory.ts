/** product-category (collection): the product tabs, in position order. */
import type { Locale } from '../../../contracts/locale';
import type { CategoryDto } from '../../../contracts/payloads';
import type { Documents } from '../documents';

export function productCategory(documents: Documents) {
  return {
    async categories(locale: Locale): Promise<CategoryDto[]> {
      const entries = await documents.all('product-category', 'product-categories', locale, { sort: ['position:asc', 'site_id:asc'] });
      return entries.map((entry) => ({ id: entry.number('site_id'), name: entry.text('name') }));
    },
  };
}
