/**
 * Where the provider's content comes from: the embedded SQLite repository (repository.ts) or
 * the company's Strapi (strapi/). The routes await either; submissions are the submission store's (submissions/).
 */
import type { Locale } from '../../contracts/locale';
import type {
  CategoryDto,
  JobDetailDto,
  JobDto,
  MemberPictureDto,
  NewsDetailDto,
  NewsItemDto,
  NoticeDto,
  NoticeSummaryDto,
  Paged,
  ProductDetailDto,
  ProductRowDto,
} from '../../contracts/payloads';

export type Awaitable<T> = T | Promise<T>;

export interface PageQuery {
  page: number;
  pageSize: number;
}

export interface ContentSource {
  /** A keyed document ('main', 'banner', 'pageBanner:2', 'aboutUs', …); undefined when there is none. */
  content(key: string, locale: Locale): Awaitable<unknown>;
  categories(locale: Locale): Awaitable<CategoryDto[]>;
  /** classify 0: every category; keyword: part of the name, '' for any. */
  products(locale: Locale, classify: number, keyword: string, paging: PageQuery): Awaitable<Paged<ProductRowDto>>;
  product(id: number, locale: Locale): Awaitable<ProductDetailDto | undefined>;
  news(locale: Locale, paging: PageQuery): Awaitable<Paged<NewsItemDto>>;
  newsDetail(id: number, locale: Locale): Awaitable<NewsDetailDto | undefined>;
  noticeSummaries(locale: Locale): Awaitable<NoticeSummaryDto[]>;
  notices(locale: Locale): Awaitable<NoticeDto[]>;
  /** One notice by its site id, with the same language fallback as a news article's (`lang` marks it). */
  notice(id: number, locale: Locale): Awaitable<NoticeDto | undefined>;
  jobs(locale: Locale): Awaitable<JobDto[]>;
  job(id: number, locale: Locale): Awaitable<JobDetailDto | undefined>;
  /** The job's title in the visitor's language, else in any: what an application records. */
  jobTitle(id: number, locale: Locale): Awaitable<string | undefined>;
  members(paging: PageQuery): Awaitable<Paged<MemberPictureDto>>;
}
