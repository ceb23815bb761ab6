/**
 * What the rest of the client sees of the provider: normalised payloads (declared once in
 * src/contracts/payloads.ts), contact quirks resolved, and one serialisable error type.
 */
export type {
  About,
  BannerSlide,
  Category,
  Contact,
  CultureItem,
  HomeNews,
  HomeProductTile,
  HrPolicy,
  Job,
  JobDetail,
  MemberCulture,
  MemberPicture,
  NewsDetail,
  NewsItem,
  Notice,
  NoticeSummary,
  PageBanner,
  Paged,
  PatientContent,
  PatientReceipt,
  PrivacyNotice,
  ProductDetail,
  ProductRow,
  Publication,
  Report,
  ResearchResult,
  SceneItem,
  SiteMain,
  Social,
  TimelineItem,
} from '../contracts/payloads';

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
  /** notFound: the provider answered 404, "no such id", which a detail page shows as its 404 page. */
  { kind: 'envelope'; code: number; msg: string; notFound?: true } | { kind: 'network'; code: null; msg: string };
