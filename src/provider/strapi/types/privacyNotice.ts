/** privacy-notice (single type): the notice the forms link to; a consent records its version. */
import type { Locale } from '../../../contracts/locale';
import type { Documents } from '../documents';
import { shownIn } from './scene';

export function privacyNotice(documents: Documents) {
  return {
    async privacyNotice(locale: Locale) {
      const entry = await documents.single('privacy-notice', locale, {});
      return (
        entry && {
          title: entry.text('title'),
          content: entry.html('content'),
          version: entry.text('version'),
          update_time: entry.time('updated'),
          ...shownIn(entry),
        }
      );
    },
  };
}
