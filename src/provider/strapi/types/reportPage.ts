/** report-page (single type): the report page's titled text. */
import type { Locale } from '../../../contracts/locale';
import type { Documents } from '../documents';
import { shownIn } from './scene';

export function reportPage(documents: Documents) {
  return {
    async report(locale: Locale) {
      const entry = await documents.single('report-page', locale, {});
      return entry && { title: entry.text('title'), content: entry.html('content'), ...shownIn(entry) };
    },
  };
}
