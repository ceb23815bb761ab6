/**
 * What the rest of the client sees of the provider: normalised data, media paths made
 * absolute, comma lists split, contact quirks resolved, and one serialisable error type.
 */
import type {
  ContactDto,
  HomeProductTileDto,
  NewsDetailDto,
  NewsItemDto,
  ProductDetailDto,
  ProductRowDto,
} from '../contracts/dto';

export type {
  AboutDto as About,
  BannerSlideDto as BannerSlide,
  CategoryDto as Category,
  CultureItemDto as CultureItem,
  HomeNewsDto as HomeNews,
  HrPolicyDto as HrPolicy,
  JobDetailDto as JobDetail,
  JobDto as Job,
  MemberCultureDto as MemberCulture,
  MemberPictureDto as MemberPicture,
  NoticeDto as Notice,
  NoticeSummaryDto as NoticeSummary,
  PageBannerDto as PageBanner,
  Paged,
  PatientContentDto as PatientContent,
  PublicationDto as Publication,
  ReportDto as Report,
  ResearchResultDto as ResearchResult,
  SceneItemDto as SceneItem,
  SiteMainDto as SiteMain,
  SocialDto as Social,
  TimelineItemDto as TimelineItem,
} from '../contracts/dto';

export type Contact = ContactDto;
export type HomeProductTile = HomeProductTileDto;
export type NewsItem = NewsItemDto;
export type NewsDetail = NewsDetailDto;

/** product/lists row with `pics` split into absolute URLs. */
export interface ProductRow extends Omit<ProductRowDto, 'pics'> {
  pics: string[];
}

export interface ProductDetail extends Omit<ProductDetailDto, 'pics'> {
  pics: string[];
}

export interface ContactChannel {
  phone: string;
  email: string;
}

/** product/contacts resolved: overseas from val_en, domestic from val. */
export interface ProductContacts {
  abroad: ContactChannel;
  domestic: ContactChannel;
}

/**
 * A failed call, serialisable for the store: an envelope error carries the provider's
 * code and msg; `network` means no usable answer (timeout, dropped connection, garbage).
 */
export type ApiError =
  | { kind: 'envelope'; code: number; msg: string }
  | { kind: 'network'; code: null; msg: string };
