/** site-setting (single type): the header and footer, the contact block, the product hotlines. */
import type { Locale } from '../../../contracts/locale';
import type { Documents } from '../documents';
import { shownIn } from './scene';
import { present } from './seo';

const TYPE = 'site-setting';
const POPULATE = { logo: true, qrcode: true, links: true, contact: { populate: { pic: true } }, product_contacts: true };

export function siteSetting(documents: Documents) {
  const read = (locale: Locale) => documents.single(TYPE, locale, POPULATE);
  return {
    async main(locale: Locale) {
      const entry = await read(locale);
      if (!entry) return undefined;
      const policeFiling = entry.text('police_filing');
      return {
        company: entry.text('company'),
        logo: entry.media('logo'),
        qrcode: entry.media('qrcode'),
        copyright: entry.text('copyright'),
        icp: entry.text('icp'),
        drug_certificate: entry.text('drug_certificate'),
        ...(policeFiling ? { police_filing: policeFiling } : {}),
        shop_url: entry.text('shop_url'),
        links: entry.list('links').map((link) => ({ title: link.text('title'), url: link.text('url') })),
        ...shownIn(entry),
      };
    },
    async contactUs(locale: Locale) {
      const entry = await read(locale);
      const contact = entry?.one('contact');
      if (entry && !contact) documents.leftOut(entry, 'contact');
      if (!contact) return undefined;
      const fields = ['phone', 'email', 'tel', 'zipcode', 'address'] as const;
      return {
        ...Object.fromEntries(fields.map((name) => [name, contact.text(name)])),
        pic: contact.media('pic'),
        ...present('pic_alt', contact.mediaAlt('pic')),
        ...shownIn(contact),
      };
    },
    /** One row per channel, domestic in val and overseas in val_en (the provider's quirk). */
    async productContacts(locale: Locale) {
      const entry = await read(locale);
      const contacts = entry?.one('product_contacts');
      if (entry && !contacts) documents.leftOut(entry, 'product_contacts');
      if (!contacts) return undefined;
      return (['phone', 'email'] as const).map((name) => ({ name, val: contacts.text(`domestic_${name}`), val_en: contacts.text(`abroad_${name}`) }));
    },
  };
}
