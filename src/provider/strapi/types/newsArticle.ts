/** news-article (collection): news, newest first, and one article. */
import type { Locale } from '../../../contracts/locale';
import type { NewsDetailDto, NewsItemDto, Paged } from '../../../contracts/payloads';
import type { PageQuery } from '../../content/contentSource';
import type { Documents } from '../documents';
import type { EntryReader } from '../fields';
import { shownIn } from './scene';
import { present, SEO, seoOf } from './seo';

const TYPE = 'news-article';
const PLURAL = 'news';

const item = (entry: EntryReader): NewsItemDto => ({
  id: entry.number('site_id'),
  title: entry.text('title'),
  pic: entry.media('pic'),
  create_time: entry.time('date'),
  des: entry.text('des'),
  ...present('pic_alt', entry.mediaAlt('pic')),
});

export function newsArticle(documents: Documents) {
  return {
    async news(locale: Locale, paging: PageQuery): Promise<Paged<NewsItemDto>> {
      const { entries, total } = await documents.page(TYPE, PLURAL, locale, { sort: ['date:desc', 'site_id:desc'], populate: { pic: true }, ...paging });
      return { rows: entries.map(item), total };
    },
    async newsDetail(id: number, locale: Locale): Promise<NewsDetailDto | undefined> {
      const entry = await documents.bySiteId(TYPE, PLURAL, locale, id, { pic: true, seo: SEO });
      return entry ? { ...item(entry), content: entry.html('content'), ...seoOf(entry), ...shownIn(entry) } : undefined;
    },
  };
}
