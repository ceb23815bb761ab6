/**
 * The provider's data shapes (SPEC §3), as they travel inside the envelope's `data`.
 * Media fields hold paths relative to the media host (e.g. "/uploads/product/3.svg").
 * Times are "YYYY-MM-DD HH:mm:ss" strings. The client adapter normalises these;
 * nothing outside src/api and src/provider should need the raw quirks.
 */

export interface Paged<T> {
  rows: T[];
  total: number;
}

/** Home banner slide. For a video slide, img is the video path and video_img its poster. */
export interface BannerSlideDto {
  type: '图片' | '视频';
  img: string;
  video_img: string;
  title: string;
  des: string;
}

/** Page banner (pageBanner): webimg for desktop, img for phones. */
export interface PageBannerDto {
  name: string;
  des: string;
  webimg: string;
  img: string;
}

export const PAGE_BANNER_TYPE = {
  index: 1,
  product: 2,
  innovation: 3,
  news: 4,
  resources: 5,
  report: 6,
} as const;
export type PageBannerType = (typeof PAGE_BANNER_TYPE)[keyof typeof PAGE_BANNER_TYPE];

export interface HomeProductTileDto {
  pic: string;
  over_pic: string;
  title: string;
  des: string;
}

export interface AboutDto {
  title: string;
  des: string;
  pic: string;
}

export interface NewsItemDto {
  id: number;
  pic: string;
  title: string;
  des: string;
  create_time: string;
}

export interface HomeNewsDto {
  top: NewsItemDto | null;
  list: NewsItemDto[];
}

export interface NewsDetailDto extends NewsItemDto {
  content: string;
}

/** index/main: site-wide settings for the header and footer (shape defined by this project). */
export interface SiteMainDto {
  company: string;
  logo: string;
  qrcode: string;
  copyright: string;
  icp: string;
  drug_certificate: string;
  shop_url: string;
  links: { title: string; url: string }[];
}

export interface CategoryDto {
  id: number;
  name: string;
}

/** index/report and notice items: a titled HTML document. */
export interface ReportDto {
  title: string;
  content: string;
}

export interface TimelineItemDto {
  title: string;
  des: string;
}

/** Business / culture carousel item. */
export interface CultureItemDto {
  pic: string;
  title: string;
  des: string;
}

export interface SocialDto {
  des: string;
  imgList: { pic: string; title: string }[];
}

export interface ContactDto {
  phone: string;
  email: string;
  tel: string;
  zipcode: string;
  address: string;
  pic: string;
}

/** Scene overview, team member card and cooperation partner. */
export interface SceneItemDto {
  title: string;
  des: string;
  pic: string;
}

export interface ResearchResultDto {
  title: string;
  des: string;
  pic: string;
  over_pic: string;
}

export interface MemberCultureDto {
  list: { pic: string; title: string }[];
  val: string;
}

export interface MemberPictureDto {
  pic: string;
}

/** member/lists: the HR policy blocks (compensation, incentive, welfare, training). */
export interface HrPolicyDto {
  title: string;
  des: string;
}

export interface JobDto {
  id: number;
  title: string;
  type: string;
  num: number;
  area: string;
  status: string;
  create_time: string;
}

export interface JobDetailDto extends JobDto {
  content: string;
}

/** product/lists row: pics is a comma-separated list of paths. */
export interface ProductRowDto {
  id: number;
  name: string;
  pics: string;
}

export interface ProductDetailDto {
  id: number;
  name: string;
  pics: string;
  pic: string;
  des: string;
  productspecial: string;
  product: string;
  character: string;
  sku: string;
  num: string;
  indication: string;
  taboo: string;
  business: string;
  classify_id: number;
  classify_name: string;
  composition: string;
  administration: string;
  package: string;
  manufacturer: string;
}

/**
 * product/contacts: one row per channel. Provider quirk: a row keeps the domestic value
 * in `val` and the overseas value in `val_en`.
 */
export interface ProductContactRowDto {
  name: 'phone' | 'email';
  val: string;
  val_en: string;
}

export interface NoticeSummaryDto {
  id: number;
  title: string;
  create_time: string;
}

export interface NoticeDto extends NoticeSummaryDto {
  content: string;
}

export interface PublicationDto {
  title: string;
  pic: string;
  url: string;
}

/** patient/patientContent: the texts around the patient-service form (shape defined by this project). */
export interface PatientContentDto {
  title: string;
  des: string;
  confidentiality: string;
}
