import type { Locale } from './locale';

/** The site's document title and description (SPEC §1), per locale. */
export const SITE_META: Record<Locale, { title: string; description: string }> = {
  zh: {
    title: '岳川药业有限公司',
    description:
      '岳川药业有限公司成立于2001年9月，2018年成为岳川医药集团全资子公司，专业生产外用软膏剂、乳膏剂、酊剂和溶液剂，拥有10余种剂型、30余个产品。',
  },
  en: {
    title: 'Yuechuan Pharmaceutical Co., Ltd.',
    description:
      'Founded in September 2001 and a wholly owned subsidiary of Yuechuan Healthcare Group since 2018, Yuechuan Pharmaceutical makes topical ointments, creams, tinctures and solutions: more than 10 dosage forms and over 30 products.',
  },
};
