/** about-page (single type): the company, its milestones, its business and its social duty. */
import type { Locale } from '../../../contracts/locale';
import { PICTURE, PICTURES, type Documents } from '../documents';
import { captioned, scene, shownIn, titleDes } from './scene';

export function aboutPage(documents: Documents) {
  const read = (locale: Locale) => documents.single('about-page', locale, { about: PICTURES, milestones: true, business: PICTURES, social_pictures: PICTURE });
  return {
    async aboutUs(locale: Locale) {
      const entry = await read(locale);
      const about = entry?.one('about');
      if (entry && !about) documents.leftOut(entry, 'about');
      return about ? scene(about) : undefined;
    },
    develop: async (locale: Locale) => (await read(locale))?.list('milestones').map(titleDes),
    business: async (locale: Locale) => (await read(locale))?.list('business').map(scene),
    async social(locale: Locale) {
      const entry = await read(locale);
      return entry && { des: entry.text('social_des'), imgList: entry.list('social_pictures').map(captioned), ...shownIn(entry) };
    },
  };
}
