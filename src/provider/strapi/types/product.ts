/** product (collection): the product list (by category and name) and a product's package insert. */
import type { Locale } from '../../../contracts/locale';
import type { Paged, ProductDetailDto, ProductRowDto } from '../../../contracts/payloads';
import { PRODUCT_INSERT_FIELDS } from '../../../contracts/productInsert';
import type { PageQuery } from '../../content/contentSource';
import type { Documents } from '../documents';
import { shownIn } from './scene';
import { present, presentList, SEO, seoOf } from './seo';

const TYPE = 'product';
const PLURAL = 'products';

export function product(documents: Documents) {
  return {
    async products(locale: Locale, classify: number, keyword: string, paging: PageQuery): Promise<Paged<ProductRowDto>> {
      const filters = {
        ...(classify ? { category: { site_id: { $eq: classify } } } : {}),
        ...(keyword ? { name: { $containsi: keyword } } : {}),
      };
      const { entries, total } = await documents.page(TYPE, PLURAL, locale, { filters, sort: ['site_id:asc'], populate: { pics: true }, ...paging });
      return {
        rows: entries.map((entry) => ({
          id: entry.number('site_id'),
          name: entry.text('name'),
          pics: entry.mediaList('pics').join(','),
          ...presentList('pics_alt', entry.mediaListAlt('pics')),
        })),
        total,
      };
    },
    async product(id: number, locale: Locale): Promise<ProductDetailDto | undefined> {
      const entry = await documents.bySiteId(TYPE, PLURAL, locale, id, { pic: true, pics: true, category: true, seo: SEO });
      if (!entry) return undefined;
      const category = entry.one('category');
      const reminder = entry.text('reminder');
      return {
        id: entry.number('site_id'),
        classify_id: category ? category.number('site_id') : 0,
        classify_name: category ? category.text('name') : '',
        pics: entry.mediaList('pics').join(','),
        pic: entry.media('pic'),
        name: entry.text('name'),
        des: entry.html('des'),
        productspecial: entry.text('productspecial'),
        ...(Object.fromEntries(PRODUCT_INSERT_FIELDS.map((field) => [field, entry.text(field)])) as Record<(typeof PRODUCT_INSERT_FIELDS)[number], string>),
        ...(reminder ? { reminder } : {}),
        ...present('pic_alt', entry.mediaAlt('pic')),
        ...presentList('pics_alt', entry.mediaListAlt('pics')),
        ...seoOf(entry),
        ...shownIn(entry),
      };
    },
  };
}
