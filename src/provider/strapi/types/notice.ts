/** notice (collection): notices, newest first. */
import type { Locale } from '../../../contracts/locale';
import type { NoticeDto, NoticeSummaryDto } from '../../../contracts/payloads';
import type { Documents } from '../documents';
import type { EntryReader } from '../fields';
import { shownIn } from './scene';

/** `richText`: the notices are shown whole, their pictures described by the media library. */
const all = (documents: Documents, locale: Locale, richText = false) =>
  documents.all('notice', 'notices', locale, { sort: ['date:desc', 'site_id:desc'], richText });

const noticeOf = (entry: EntryReader): NoticeDto => ({
  id: entry.number('site_id'),
  title: entry.text('title'),
  content: entry.html('content'),
  create_time: entry.time('date'),
});

export function notice(documents: Documents) {
  return {
    async noticeSummaries(locale: Locale): Promise<NoticeSummaryDto[]> {
      return (await all(documents, locale)).map((entry) => ({ id: entry.number('site_id'), title: entry.text('title'), create_time: entry.time('date') }));
    },
    async notices(locale: Locale): Promise<NoticeDto[]> {
      return (await all(documents, locale, true)).map(noticeOf);
    },
    /** Its page's notice: without its own version in `locale`, the default language's, marked. */
    async notice(id: number, locale: Locale): Promise<NoticeDto | undefined> {
      const entry = await documents.bySiteId('notice', 'notices', locale, id);
      return entry ? { ...noticeOf(entry), ...shownIn(entry) } : undefined;
    },
  };
}
