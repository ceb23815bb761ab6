/** page-banner (collection): one banner per page, desktop and phone pictures. */
import type { Locale } from '../../../contracts/locale';
import { PAGE_BANNER_TYPE, type PageBannerType } from '../../../contracts/payloads';
import type { Documents } from '../documents';

/** The CMS names the page; the wire numbers it (SPEC's pageBanner type). */
export const PAGE_OF_TYPE = Object.fromEntries(Object.entries(PAGE_BANNER_TYPE).map(([page, type]) => [type, page === 'index' ? 'home' : page])) as Record<PageBannerType, string>;

export function pageBanner(documents: Documents) {
  return {
    async pageBanner(locale: Locale, type: PageBannerType) {
      const { entries } = await documents.page('page-banner', 'page-banners', locale, {
        filters: { page: { $eq: PAGE_OF_TYPE[type] } },
        populate: { desktop_image: true, phone_image: true },
        pageSize: 1,
      });
      const entry = entries[0];
      return entry && { name: entry.text('name'), des: entry.text('des'), webimg: entry.media('desktop_image'), img: entry.media('phone_image') };
    },
  };
}
