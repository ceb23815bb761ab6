/** job (collection): openings, newest first, and one job's description. */
import type { Locale } from '../../../contracts/locale';
import { LOCALES } from '../../../contracts/locale';
import type { JobDetailDto, JobDto } from '../../../contracts/payloads';
import type { Documents } from '../documents';
import type { EntryReader } from '../fields';
import { shownIn } from './scene';
import { SEO, seoOf } from './seo';

const TYPE = 'job';
const PLURAL = 'jobs';

const jobOf = (entry: EntryReader): JobDto => ({
  id: entry.number('site_id'),
  title: entry.text('title'),
  type: entry.text('type'),
  num: entry.number('openings'),
  area: entry.text('area'),
  status: entry.text('opening_status'),
  create_time: entry.time('date'),
});

export function job(documents: Documents) {
  const detail = async (id: number, locale: Locale): Promise<JobDetailDto | undefined> => {
    const entry = await documents.bySiteId(TYPE, PLURAL, locale, id, { seo: SEO });
    return entry ? { ...jobOf(entry), content: entry.html('content'), ...seoOf(entry), ...shownIn(entry) } : undefined;
  };
  return {
    jobs: async (locale: Locale) => (await documents.all(TYPE, PLURAL, locale, { sort: ['date:desc', 'site_id:desc'] })).map(jobOf),
    job: detail,
    /** For an application: the title alone, so its text's pictures are not looked up. */
    async jobTitle(id: number, locale: Locale) {
      for (const language of [locale, ...LOCALES.filter((l) => l !== locale)]) {
        const found = await documents.bySiteId(TYPE, PLURAL, language, id, {}, false);
        if (found) return jobOf(found).title;
      }
      return undefined;
    },
  };
}
