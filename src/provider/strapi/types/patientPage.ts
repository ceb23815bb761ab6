/** patient-page (single type): the texts around the patient-service form. */
import type { Locale } from '../../../contracts/locale';
import type { Documents } from '../documents';
import { shownIn } from './scene';

export function patientPage(documents: Documents) {
  return {
    async patientContent(locale: Locale) {
      const entry = await documents.single('patient-page', locale, { texts: true });
      const texts = entry?.one('texts');
      if (entry && !texts) documents.leftOut(entry, 'texts');
      return texts ? { title: texts.text('title'), des: texts.text('des'), confidentiality: texts.text('confidentiality'), ...shownIn(texts) } : undefined;
    },
  };
}
