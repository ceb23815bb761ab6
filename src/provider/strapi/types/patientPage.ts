/** patient-page (single type): the texts around the patient-service form. */
import type { Locale } from '../../../contracts/locale';
import type { Documents } from '../documents';

export function patientPage(documents: Documents) {
  return {
    async patientContent(locale: Locale) {
      const texts = (await documents.single('patient-page', locale, { texts: true }))?.one('texts');
      return texts ? { title: texts.text('title'), des: texts.text('des'), confidentiality: texts.text('confidentiality') } : undefined;
    },
  };
}
