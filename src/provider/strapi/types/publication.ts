/** publication (collection): the featured publication and the others, in position order. */
import type { Locale } from '../../../contracts/locale';
import type { Documents } from '../documents';
import type { EntryReader } from '../fields';
import { present } from './seo';

const publicationOf = (entry: EntryReader) => ({
  pic: entry.media('pic'),
  url: entry.text('url'),
  title: entry.text('title'),
  ...present('pic_alt', entry.mediaAlt('pic')),
});

export function publication(documents: Documents) {
  const read = (locale: Locale, featured: boolean) =>
    documents.all('publication', 'publications', locale, {
      filters: { featured: { $eq: featured } },
      sort: ['position:asc', 'documentId:asc'],
      populate: { pic: true },
    });
  return {
    async publicationTop(locale: Locale) {
      const [top] = await read(locale, true);
      if (!top) documents.notice(`Strapi: no publication is featured in ${locale}: the news page shows none on top`);
      return top && publicationOf(top);
    },
    publicationList: async (locale: Locale) => (await read(locale, false)).map(publicationOf),
  };
}
