/** home-page (single type): the about teaser and the product tiles. */
import type { Locale } from '../../../contracts/locale';
import { PICTURES, type Documents } from '../documents';
import { scene, sceneWithHover } from './scene';

export function homePage(documents: Documents) {
  const read = (locale: Locale) => documents.single('home-page', locale, { about: PICTURES, product_tiles: PICTURES });
  return {
    async homeAbout(locale: Locale) {
      const entry = await read(locale);
      const about = entry?.one('about');
      if (entry && !about) documents.leftOut(entry, 'about');
      return about ? scene(about) : undefined;
    },
    async homeProduct(locale: Locale) {
      return (await read(locale))?.list('product_tiles').map(sceneWithHover);
    },
  };
}
