/** page-banner (collection): one banner per page, desktop and phone pictures. */
import type { Locale } from '../../../contracts/locale';
import { PAGE_BANNER_TYPE, type PageBannerType } from '../../../contracts/payloads';
import type { Documents } from '../documents';
import { shownIn } from './scene';
import { present } from './seo';

/** The CMS names the page; the wire numbers it (the `type` of index/picture/pageBanner). */
export const PAGE_OF_TYPE = Object.fromEntries(Object.entries(PAGE_BANNER_TYPE).map(([page, type]) => [type, page === 'index' ? 'home' : page])) as Record<
  PageBannerType,
  string
>;

export function pageBanner(documents: Documents) {
  return {
    async pageBanner(locale: Locale, type: PageBannerType) {
      const page = PAGE_OF_TYPE[type];
      const entry = await documents.pick('page-banner', 'page-banners', `page-banner "${page}"`, locale, {
        filters: { page: { $eq: page } },
        populate: { desktop_image: true, phone_image: true },
      });
      return entry
        ? {
            name: entry.text('name'),
            des: entry.text('des'),
            webimg: entry.media('desktop_image'),
            img: entry.media('phone_image'),
            ...present('webimg_alt', entry.mediaAlt('desktop_image')),
            ...present('img_alt', entry.mediaAlt('phone_image')),
            ...shownIn(entry),
          }
        : undefined;
    },
  };
}
