/**
 * The content pack the embedded provider serves (config/content/*.yaml): its TypeScript type
 * and its validation on load come from this one schema. Every text exists in zh and en side
 * by side; language-neutral fields (ids, media paths, dates, numbers) sit beside the two.
 * Objects are strict, so a misspelt field is reported instead of silently ignored.
 */
import * as v from 'valibot';
import { MEDIA_PREFIX } from '../endpoints';
import { insertFields } from '../productInsert';
import { META_DESCRIPTION_MAX, META_TITLE_MAX } from '../siteMeta';

const text = v.string('expected text');
const html = v.string('expected HTML text');
const id = v.pipe(v.number('expected a number'), v.integer('expected a whole number'), v.minValue(1, 'expected an id of 1 or more'));
const count = v.pipe(v.number('expected a number'), v.integer('expected a whole number'), v.minValue(0, 'expected 0 or more'));
/** Media paths are relative to the provider's origin, e.g. "/uploads/product/3.webp". */
const media = v.pipe(v.string('expected a media path'), v.regex(new RegExp(`^${MEDIA_PREFIX}\\S+$`), `expected a media path starting with ${MEDIA_PREFIX}`));
const optionalMedia = v.union([v.literal(''), media], `expected a media path starting with ${MEDIA_PREFIX}, or empty`);
const url = v.pipe(v.string('expected a web address'), v.url('expected a web address such as https://example.com'));
const dateTime = v.pipe(
  v.string('expected a date and time'),
  v.regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'expected a date and time like 2026-01-15 09:00:00'),
);

/** A picture's alternative text, when it needs one other than the alt the page gives it (usually the title). */
const alt = v.optional(v.string('expected alternative text'));
const limited = (max: number) => v.optional(v.pipe(text, v.maxLength(max, `expected at most ${max} characters`)));
/**
 * What a detail page tells search engines and link previews, per language, each optional: the
 * same fields as Strapi's SEO component (payloads.ts `seo`); left out, the page's own are used.
 */
const seo = { meta_title: limited(META_TITLE_MAX), meta_description: limited(META_DESCRIPTION_MAX), share_image: v.optional(media), share_image_alt: alt };

/** `{zh, en}` of the same shape. */
export const bilingual = <S extends v.GenericSchema>(schema: S) => v.strictObject({ zh: schema, en: schema });

/** Language-neutral fields plus `{zh, en}` texts. */
const item = <N extends v.ObjectEntries, T extends v.ObjectEntries>(neutral: N, texts: T) =>
  v.strictObject({ ...neutral, zh: v.strictObject(texts), en: v.strictObject(texts) });

const titleDes = { title: text, des: text };
/** A picture with its title and text, and the picture's alternative text when it needs one. */
const pictured = { ...titleDes, pic_alt: alt };
const scene = item({ pic: media }, pictured);
const picture = v.strictObject({ pic: media, title: bilingual(text), pic_alt: v.optional(bilingual(text)) });
const publication = v.strictObject({ pic: media, url, title: bilingual(text), pic_alt: v.optional(bilingual(text)) });
const channels = v.strictObject({ phone: text, email: text });

export const companyFile = v.strictObject({
  main: item(
    {
      logo: media,
      qrcode: media,
      shop_url: url,
      icp: text,
      drug_certificate: text,
      police_filing: v.optional(text),
      links: v.array(v.strictObject({ url, title: bilingual(text) })),
    },
    { company: text, copyright: text },
  ),
  banners: v.array(
    item(
      { type: v.picklist(['图片', '视频'], 'expected 图片 (picture) or 视频 (video)'), img: media, video_img: optionalMedia },
      { ...titleDes, img_alt: alt, video_img_alt: alt },
    ),
  ),
  pageBanners: v.array(
    item(
      { type: v.picklist([1, 2, 3, 4, 5, 6], 'expected a page number 1 to 6'), webimg: media, img: media },
      { name: text, des: text, webimg_alt: alt, img_alt: alt },
    ),
  ),
  homeProducts: v.array(item({ pic: media, over_pic: media }, pictured)),
  homeAbout: scene,
  report: bilingual(v.strictObject({ title: text, content: html })),
  aboutUs: scene,
  develop: v.array(bilingual(v.strictObject(titleDes))),
  business: v.array(scene),
  social: v.strictObject({ des: bilingual(text), imgList: v.array(picture) }),
  contact: item({ phone: text, email: text, tel: text, zipcode: text, pic: media }, { address: text, pic_alt: alt }),
  patientContent: bilingual(v.strictObject({ title: text, des: text, confidentiality: text })),
  productContacts: v.strictObject({ domestic: channels, abroad: channels }),
});

export const privacyFile = v.strictObject({
  /** A consent records this version: change it whenever the notice changes. */
  privacyNotice: item({ version: v.pipe(text, v.nonEmpty('expected a version')), update_time: dateTime }, { title: text, content: html }),
});

const productTexts = {
  name: v.pipe(text, v.nonEmpty('expected a name')),
  des: html,
  productspecial: text,
  ...insertFields(text),
  pic_alt: alt,
  /** The alternative text of each of `pics`, in their order. */
  pics_alt: v.optional(v.array(v.string('expected alternative text'))),
  ...seo,
};

export const productsFile = v.strictObject({
  categories: v.array(v.strictObject({ id, name: bilingual(text) })),
  /** `pics` is comma-separated picture paths, as the provider returns them. */
  products: v.array(item({ id, classify_id: id, pics: text, pic: media }, productTexts)),
});

export const newsFile = v.strictObject({
  news: v.array(item({ id, pic: media, create_time: dateTime }, { title: text, des: text, content: html, pic_alt: alt, ...seo })),
  notices: v.array(item({ id, create_time: dateTime }, { title: text, content: html })),
  publicationTop: publication,
  publications: v.array(publication),
});

export const peopleFile = v.strictObject({
  sceneOverview: scene,
  sceneTeam: v.array(scene),
  sceneCooperation: v.array(scene),
  sceneResearch: v.array(item({ pic: media, over_pic: media }, pictured)),
  memberCulture: v.strictObject({ list: v.array(picture), val: bilingual(text) }),
  members: v.array(v.strictObject({ pic: media })),
  hrPolicies: v.array(bilingual(v.strictObject(titleDes))),
  jobs: v.array(item({ id, num: count, create_time: dateTime }, { title: text, type: text, area: text, status: text, content: html, ...seo })),
});

/** One schema per file of the pack, by file name (without .yaml). */
export const CONTENT_FILES = { company: companyFile, privacy: privacyFile, products: productsFile, news: newsFile, people: peopleFile } as const;

export type ContentFileName = keyof typeof CONTENT_FILES;
type FileContent<K extends ContentFileName> = v.InferOutput<(typeof CONTENT_FILES)[K]>;
export type ContentPack = FileContent<'company'> & FileContent<'privacy'> & FileContent<'products'> & FileContent<'news'> & FileContent<'people'>;
export type Bilingual<T> = { zh: T; en: T };
