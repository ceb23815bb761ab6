/**
 * The provider's payloads, one per path of endpoints.ts, as they travel inside the envelope's `data`:
 * declared once, here. The embedded provider serves `Wire<…>` (the `…Dto` types); the client
 * adapter normalises every answer with the same declaration into `Normalised<…>` (src/api).
 * Times are "YYYY-MM-DD HH:mm:ss" strings.
 */
import { LOCALES } from './locale';
import { insertFields } from './productInsert';
import { extend, html, list, mark, media, nullable, number, oneOf, optional, pics, record, text, type Normalised, type Wire } from './schema/payload';

export const PAGE_BANNER_TYPE = {
  index: 1,
  product: 2,
  innovation: 3,
  news: 4,
  resources: 5,
  report: 6,
} as const;
export type PageBannerType = (typeof PAGE_BANNER_TYPE)[keyof typeof PAGE_BANNER_TYPE];
export const isPageBannerType = (value: number): value is PageBannerType => (Object.values(PAGE_BANNER_TYPE) as number[]).includes(value);

/**
 * Set on a section (or a section's items) given in another language than the page's, because
 * the page's own version is missing (Strapi 5 has no locale fallback): the view marks the
 * section with this `lang`. Left out when the section is in the page's language.
 */
const shownIn = { lang: mark(...LOCALES) };

/**
 * A picture's alternative text, when the provider has one (Strapi's media library): the view
 * shows it as the picture's alt, else the alt it gives the picture itself (usually the title).
 * Left out by a provider without one; '' once normalised. Views still read it with `?? ''` (a list
 * with `?.`): a page's state rendered before these fields existed (cached across a release) lacks
 * them, and an <img> must never lose its alt.
 */
const alt = optional(text);

/**
 * What a detail page (news article, product, job) tells search engines and link previews, when an
 * editor set it: the document's title and meta description, the picture a shared link shows and
 * its alternative text. Each left out (or '') falls back to the page's own: title, summary or
 * description, picture.
 */
const seo = { meta_title: optional(text), meta_description: optional(text), share_image: optional(media), share_image_alt: alt };

const paged = <F extends Parameters<typeof list>[0]>(row: F) => record({ rows: list(row), total: number });

/** Home banner slide. For a video slide, img is the video path and video_img its poster. */
const bannerSlide = record({ type: oneOf('图片', '视频'), img: media, video_img: media, title: text, des: text, img_alt: alt, video_img_alt: alt });
/** Page banner (pageBanner): webimg for desktop, img for phones. */
const pageBanner = record({ name: text, des: text, webimg: media, img: media, webimg_alt: alt, img_alt: alt, ...shownIn });
const homeProductTile = record({ pic: media, over_pic: media, title: text, des: text, pic_alt: alt, ...shownIn });
const about = record({ title: text, des: html, pic: media, pic_alt: alt, ...shownIn });
const newsItem = record({ id: number, pic: media, title: text, des: text, create_time: text, pic_alt: alt });
const newsDetail = extend(newsItem, { content: html, ...seo, ...shownIn });
const homeNews = record({ top: nullable(newsItem), list: list(newsItem) });
/** index/main: site-wide settings for the header and footer (shape defined by this project). */
const siteMain = record({
  company: text,
  logo: media,
  qrcode: media,
  copyright: text,
  /** Bare numbers: the UI adds the labels. */
  icp: text,
  drug_certificate: text,
  /** The public-security filing number (公网安备), when the site has one. */
  police_filing: optional(text),
  shop_url: text,
  links: list(record({ title: text, url: text })),
  ...shownIn,
});
const category = record({ id: number, name: text });
/** index/report and notice items: a titled HTML document. */
const report = record({ title: text, content: html, ...shownIn });
const timelineItem = record({ title: text, des: text, ...shownIn });
/** Business / culture carousel item. */
const cultureItem = record({ pic: media, title: text, des: text, pic_alt: alt, ...shownIn });
const social = record({ des: text, imgList: list(record({ pic: media, title: text, pic_alt: alt })), ...shownIn });
const contact = record({ phone: text, email: text, tel: text, zipcode: text, address: text, pic: media, pic_alt: alt, ...shownIn });
/** Scene overview, team member card and cooperation partner. */
const sceneItem = record({ title: text, des: text, pic: media, pic_alt: alt, ...shownIn });
const researchResult = extend(sceneItem, { over_pic: media });
const memberCulture = record({ list: list(record({ pic: media, title: text, pic_alt: alt })), val: text, ...shownIn });
const memberPicture = record({ pic: media, pic_alt: alt });
/** member/lists: the HR policy blocks (compensation, incentive, welfare, training). */
const hrPolicy = record({ title: text, des: text, ...shownIn });
const job = record({ id: number, title: text, type: text, num: number, area: text, status: text, create_time: text });
const jobDetail = extend(job, { content: html, ...seo, ...shownIn });
/** `pics_alt`: the alternative text of each of `pics`, in their order. */
const productRow = record({ id: number, name: text, pics, pics_alt: optional(list(text)) });
const productDetail = record({
  id: number,
  name: text,
  pics,
  pic: media,
  des: html,
  productspecial: text,
  ...insertFields(text),
  classify_id: number,
  classify_name: text,
  /** The package-insert reminder, when the provider words it for this product. */
  reminder: optional(text),
  pic_alt: alt,
  pics_alt: optional(list(text)),
  ...seo,
  ...shownIn,
});
/** product/contacts: one row per channel; quirk: `val` holds the domestic value, `val_en` the overseas one. */
const productContactRow = record({ name: oneOf('phone', 'email'), val: text, val_en: text });
const noticeSummary = record({ id: number, title: text, create_time: text });
const notice = extend(noticeSummary, { content: html, ...shownIn });
const publication = record({ title: text, pic: media, url: text, pic_alt: alt });
/** patient/patientContent: the texts around the patient-service form (shape defined by this project). */
const patientContent = record({ title: text, des: text, confidentiality: text, ...shownIn });
/** privacy/notice: the notice the forms link to; `version` is what a consent records; content is HTML. */
const privacyNotice = record({ title: text, content: html, version: text, update_time: text, ...shownIn });
/** patient/submitData's success `data`: the case reference a follow-up call can quote. */
const patientReceipt = record({ reference: text });

/**
 * Every provider answer's payload, by the name of its call (src/contracts/endpoints.ts). A page
 * section an editor can leave out (unpublished, deleted, emptied) answers its empty value
 * (emptyWire: null, [], or for a page banner empty fields, so the page shows its own title),
 * never "not found".
 */
export const PAYLOADS = {
  main: nullable(siteMain),
  classifyList: list(category),
  banner: list(bannerSlide),
  homeProduct: list(homeProductTile),
  homeAbout: nullable(about),
  homeNews,
  report: nullable(report),
  pageBanner,
  aboutUs: nullable(about),
  develop: list(timelineItem),
  business: list(cultureItem),
  social: nullable(social),
  contactUs: nullable(contact),
  patientContent: nullable(patientContent),
  productContacts: list(productContactRow),
  productList: paged(productRow),
  productDetail,
  sceneOverview: nullable(sceneItem),
  sceneTeam: list(sceneItem),
  sceneCooperation: list(sceneItem),
  sceneResearch: list(researchResult),
  newsList: paged(newsItem),
  newsDetail,
  noticeList: list(noticeSummary),
  notices: list(notice),
  publicationTop: nullable(publication),
  publicationList: list(publication),
  memberCulture: nullable(memberCulture),
  memberList: paged(memberPicture),
  hrPolicies: list(hrPolicy),
  jobs: list(job),
  jobDetail,
  privacyNotice,
  patientReceipt,
} as const;

export type PayloadName = keyof typeof PAYLOADS;
/** What the client sees of a call's answer. */
export type Payload<K extends PayloadName> = Normalised<(typeof PAYLOADS)[K]>;

// What the provider sends.
export type Paged<T> = { rows: T[]; total: number };
export type CategoryDto = Wire<typeof category>;
export type NewsItemDto = Wire<typeof newsItem>;
export type NewsDetailDto = Wire<typeof newsDetail>;
export type NoticeSummaryDto = Wire<typeof noticeSummary>;
export type NoticeDto = Wire<typeof notice>;
export type JobDto = Wire<typeof job>;
export type JobDetailDto = Wire<typeof jobDetail>;
export type MemberPictureDto = Wire<typeof memberPicture>;
export type ProductRowDto = Wire<typeof productRow>;
export type ProductDetailDto = Wire<typeof productDetail>;

// What the client works with.
export type About = Normalised<typeof about>;
export type BannerSlide = Normalised<typeof bannerSlide>;
export type Category = Normalised<typeof category>;
export type Contact = Normalised<typeof contact>;
export type CultureItem = Normalised<typeof cultureItem>;
export type HomeNews = Normalised<typeof homeNews>;
export type HomeProductTile = Normalised<typeof homeProductTile>;
export type HrPolicy = Normalised<typeof hrPolicy>;
export type Job = Normalised<typeof job>;
export type JobDetail = Normalised<typeof jobDetail>;
export type MemberCulture = Normalised<typeof memberCulture>;
export type MemberPicture = Normalised<typeof memberPicture>;
export type NewsDetail = Normalised<typeof newsDetail>;
export type NewsItem = Normalised<typeof newsItem>;
export type Notice = Normalised<typeof notice>;
export type NoticeSummary = Normalised<typeof noticeSummary>;
export type PageBanner = Normalised<typeof pageBanner>;
export type PatientContent = Normalised<typeof patientContent>;
export type PatientReceipt = Normalised<typeof patientReceipt>;
export type PrivacyNotice = Normalised<typeof privacyNotice>;
export type ProductDetail = Normalised<typeof productDetail>;
export type ProductRow = Normalised<typeof productRow>;
export type Publication = Normalised<typeof publication>;
export type Report = Normalised<typeof report>;
export type ResearchResult = Normalised<typeof researchResult>;
export type SceneItem = Normalised<typeof sceneItem>;
export type SiteMain = Normalised<typeof siteMain>;
export type Social = Normalised<typeof social>;
export type TimelineItem = Normalised<typeof timelineItem>;
