/** people-page (single type): culture pictures and values, HR policies, staff pictures. */
import type { Locale } from '../../../contracts/locale';
import type { PageQuery } from '../../content/contentSource';
import { PICTURE, type Documents } from '../documents';
import { captioned, shownIn, titleDes } from './scene';
import { present } from './seo';

export function peoplePage(documents: Documents) {
  const read = (locale: Locale) => documents.single('people-page', locale, { culture_pictures: PICTURE, hr_policies: true, member_pictures: true });
  return {
    async memberCulture(locale: Locale) {
      const entry = await read(locale);
      return entry && { list: entry.list('culture_pictures').map(captioned), val: entry.text('values'), ...shownIn(entry) };
    },
    hrPolicies: async (locale: Locale) => (await read(locale))?.list('hr_policies').map(titleDes),
    /** Staff pictures carry no text: the default language's document holds them. */
    async members({ page, pageSize }: PageQuery) {
      const entry = await read('zh');
      const pictures = entry?.mediaList('member_pictures') ?? [];
      const alts = entry?.mediaListAlt('member_pictures') ?? [];
      const rows = pictures.map((pic, index) => ({ pic, ...present('pic_alt', alts[index] ?? '') }));
      return { rows: rows.slice((page - 1) * pageSize, page * pageSize), total: pictures.length };
    },
  };
}
