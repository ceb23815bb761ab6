/**
 * The content pack as Strapi documents: each with its zh and en data, media named by their pack
 * path (uploaded first, then replaced by the upload library's ids) and relations by key.
 * The inverse of the adapter's types/ modules.
 */
import type { Bilingual, ContentPack } from '../../../contracts/schema/contentPack';
import { LOCALES, type Locale } from '../../../contracts/locale';
import { PRODUCT_INSERT_FIELDS } from '../../../contracts/productInsert';
import { PAGE_OF_TYPE } from '../types/pageBanner';

/** A picture or video of the pack, by its path under /uploads/. */
export interface MediaRef {
  media: string;
}
/** Another document of this seed, by its key. */
export interface RelationRef {
  relation: string;
}
export type SeedValue = string | number | boolean | null | MediaRef | RelationRef | SeedValue[] | { [field: string]: SeedValue };
export type SeedData = Record<string, SeedValue>;

export interface SeedDocument {
  /** The API path: the plural of a collection type, the singular of a single type. */
  path: string;
  kind: 'single' | 'collection';
  /** How relations of later documents name this one. */
  key?: string;
  data: Record<Locale, SeedData>;
}

const media = (path: string): MediaRef | null => (path ? { media: path } : null);
/** Beijing time, as the pack's times are. */
const instant = (time: string) => `${time.replace(' ', 'T')}+08:00`;
const byLocale = (make: (locale: Locale) => SeedData) => Object.fromEntries(LOCALES.map((locale) => [locale, make(locale)])) as Record<Locale, SeedData>;

/** What the pack sets of a detail's SEO fields in one language, as Strapi's SEO component (`shared.seo`); nothing when none is set. */
interface PackSeo {
  meta_title?: string;
  meta_description?: string;
  share_image?: string;
}
const seo = ({ meta_title, meta_description, share_image }: PackSeo): SeedData =>
  meta_title || meta_description || share_image
    ? { seo: { metaTitle: meta_title || null, metaDescription: meta_description || null, shareImage: media(share_image ?? '') } }
    : {};

type Scene = { pic: string; over_pic?: string } & Bilingual<{ title: string; des: string }>;
const scene = (item: Scene, locale: Locale) => ({
  title: item[locale].title,
  des: item[locale].des,
  pic: media(item.pic),
  over_pic: media(item.over_pic ?? ''),
});
const titleDes = (item: Bilingual<{ title: string; des: string }>, locale: Locale) => ({ title: item[locale].title, des: item[locale].des });
const captioned = (item: { pic: string; title: Bilingual<string> }, locale: Locale) => ({ title: item.title[locale], pic: media(item.pic) });

export function packDocuments(pack: ContentPack): SeedDocument[] {
  const single = (path: string, make: (locale: Locale) => SeedData): SeedDocument => ({ path, kind: 'single', data: byLocale(make) });
  const collection = (path: string, make: (locale: Locale) => SeedData, key?: string): SeedDocument => ({
    path,
    kind: 'collection',
    key,
    data: byLocale(make),
  });
  const { main, contact, productContacts } = pack;
  return [
    single('site-setting', (locale) => ({
      company: main[locale].company,
      copyright: main[locale].copyright,
      logo: media(main.logo),
      qrcode: media(main.qrcode),
      shop_url: main.shop_url,
      icp: main.icp,
      drug_certificate: main.drug_certificate,
      police_filing: main.police_filing ?? null,
      links: main.links.map((link) => ({ title: link.title[locale], url: link.url })),
      contact: {
        address: contact[locale].address,
        phone: contact.phone,
        email: contact.email,
        tel: contact.tel,
        zipcode: contact.zipcode,
        pic: media(contact.pic),
      },
      product_contacts: {
        domestic_phone: productContacts.domestic.phone,
        domestic_email: productContacts.domestic.email,
        abroad_phone: productContacts.abroad.phone,
        abroad_email: productContacts.abroad.email,
      },
    })),
    ...pack.banners.map((b, position) =>
      collection('banners', (locale) => ({
        kind: b.type === '视频' ? 'video' : 'picture',
        media: media(b.img),
        poster: media(b.video_img),
        title: b[locale].title,
        des: b[locale].des,
        position,
      })),
    ),
    ...pack.pageBanners.map((b) =>
      collection('page-banners', (locale) => ({
        page: PAGE_OF_TYPE[b.type],
        name: b[locale].name,
        des: b[locale].des,
        desktop_image: media(b.webimg),
        phone_image: media(b.img),
      })),
    ),
    single('home-page', (locale) => ({ about: scene(pack.homeAbout, locale), product_tiles: pack.homeProducts.map((t) => scene(t, locale)) })),
    single('about-page', (locale) => ({
      about: scene(pack.aboutUs, locale),
      milestones: pack.develop.map((d) => ({ title: d[locale].title, des: d[locale].des })),
      business: pack.business.map((b) => scene(b, locale)),
      social_des: pack.social.des[locale],
      social_pictures: pack.social.imgList.map((p) => captioned(p, locale)),
    })),
    single('innovation-page', (locale) => ({
      overview: scene(pack.sceneOverview, locale),
      team: pack.sceneTeam.map((s) => scene(s, locale)),
      cooperation: pack.sceneCooperation.map((s) => scene(s, locale)),
      research: pack.sceneResearch.map((s) => scene(s, locale)),
    })),
    single('people-page', (locale) => ({
      culture_pictures: pack.memberCulture.list.map((p) => captioned(p, locale)),
      values: pack.memberCulture.val[locale],
      hr_policies: pack.hrPolicies.map((h) => titleDes({ zh: h.zh, en: h.en }, locale)),
      member_pictures: pack.members.map((m) => ({ media: m.pic })),
    })),
    single('report-page', (locale) => ({ ...pack.report[locale] })),
    single('patient-page', (locale) => ({ texts: { ...pack.patientContent[locale] } })),
    single('privacy-notice', (locale) => ({
      title: pack.privacyNotice[locale].title,
      content: pack.privacyNotice[locale].content,
      version: pack.privacyNotice.version,
      updated: instant(pack.privacyNotice.update_time),
    })),
    ...pack.categories.map((c, position) =>
      collection('product-categories', (locale) => ({ site_id: c.id, name: c.name[locale], position }), `category:${c.id}`),
    ),
    ...pack.products.map((p) =>
      collection('products', (locale) => ({
        site_id: p.id,
        category: { relation: `category:${p.classify_id}` },
        pic: media(p.pic),
        pics: p.pics
          .split(',')
          .filter(Boolean)
          .map((path) => ({ media: path })),
        name: p[locale].name,
        des: p[locale].des,
        productspecial: p[locale].productspecial,
        ...Object.fromEntries(PRODUCT_INSERT_FIELDS.map((field) => [field, p[locale][field]])),
        ...seo(p[locale]),
      })),
    ),
    ...pack.news.map((n) =>
      collection('news', (locale) => ({
        site_id: n.id,
        title: n[locale].title,
        des: n[locale].des,
        content: n[locale].content,
        pic: media(n.pic),
        date: instant(n.create_time),
        ...seo(n[locale]),
      })),
    ),
    ...pack.notices.map((n) =>
      collection('notices', (locale) => ({ site_id: n.id, title: n[locale].title, content: n[locale].content, date: instant(n.create_time) })),
    ),
    ...[pack.publicationTop, ...pack.publications].map((p, position) =>
      collection('publications', (locale) => ({ title: p.title[locale], url: p.url, pic: media(p.pic), featured: position === 0, position })),
    ),
    ...pack.jobs.map((j) =>
      collection('jobs', (locale) => ({
        site_id: j.id,
        title: j[locale].title,
        type: j[locale].type,
        area: j[locale].area,
        opening_status: j[locale].status,
        openings: j.num,
        content: j[locale].content,
        date: instant(j.create_time),
        ...seo(j[locale]),
      })),
    ),
  ];
}

/** Every media path the documents name, once. */
export function mediaPaths(documents: SeedDocument[]): string[] {
  const found = new Set<string>();
  const visit = (value: SeedValue): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      if ('media' in value && typeof value.media === 'string') found.add(value.media);
      else Object.values(value).forEach(visit);
    }
  };
  for (const document of documents) for (const data of Object.values(document.data)) visit(data);
  return [...found];
}
