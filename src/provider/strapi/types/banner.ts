/** banner (collection): the home carousel, in position order; a video slide carries its poster. */
import type { Locale } from '../../../contracts/locale';
import type { Documents } from '../documents';
import { present } from './seo';

export function banner(documents: Documents) {
  return {
    async banner(locale: Locale) {
      const entries = await documents.all('banner', 'banners', locale, { sort: ['position:asc', 'documentId:asc'], populate: { media: true, poster: true } });
      return entries.map((entry) => ({
        type: entry.text('kind') === 'video' ? '视频' : '图片',
        img: entry.media('media'),
        video_img: entry.media('poster'),
        title: entry.text('title'),
        des: entry.text('des'),
        ...present('img_alt', entry.mediaAlt('media')),
        ...present('video_img_alt', entry.mediaAlt('poster')),
      }));
    },
  };
}
