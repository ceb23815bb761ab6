/** Every read of the provider's content, as prepared, parameterised statements (submissions: submissions/store.ts). */
import type { ProviderDatabase } from '../sqliteDatabase';
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
import type { PageQuery } from './contentSource';

const offset = ({ page, pageSize }: PageQuery) => (page - 1) * pageSize;

/** A news or job row with its optional fields (SEO, the picture's alt) spread in from their JSON column. */
function withExtras<T extends { extras: string }>({ extras, ...row }: T): Omit<T, 'extras'> {
  return { ...row, ...(JSON.parse(extras) as object) };
}

/** A news row of a list: of the optional fields, the picture's alt alone. */
function listedNews({ extras, ...row }: NewsItemDto & { extras: string }): NewsItemDto {
  const { pic_alt } = JSON.parse(extras) as { pic_alt?: string };
  return pic_alt ? { ...row, pic_alt } : row;
}

/** A product row of a list, with its pictures' alternative texts when the pack gives them. */
function listedProduct({ pics_alt, ...row }: ProductRowDto & { pics_alt: string | null }): ProductRowDto {
  return pics_alt ? { ...row, pics_alt: JSON.parse(pics_alt) as string[] } : row;
}

export function createRepository(db: ProviderDatabase) {
  const content = db.prepare<[string, Locale], { json: string }>('SELECT json FROM content WHERE key = ? AND locale = ?');
  const categories = db.prepare<[Locale], CategoryDto>('SELECT id, name FROM categories WHERE locale = ? ORDER BY position');
  const productWhere = "WHERE locale = @locale AND (@classify = 0 OR classify_id = @classify) AND name LIKE @like ESCAPE '\\'";
  const productRows = db.prepare(
    `SELECT id, name, pics, json_extract(json, '$.pics_alt') AS pics_alt FROM products ${productWhere} ORDER BY id LIMIT @limit OFFSET @offset`,
  );
  const productCount = db.prepare(`SELECT COUNT(*) AS total FROM products ${productWhere}`);
  const product = db.prepare<[number, Locale], { json: string }>('SELECT json FROM products WHERE id = ? AND locale = ?');
  const newsRows = db.prepare<[Locale, number, number], NewsItemDto & { extras: string }>(
    'SELECT id, title, pic, create_time, des, extras FROM news WHERE locale = ? ORDER BY create_time DESC, id DESC LIMIT ? OFFSET ?',
  );
  const newsCount = db.prepare<[Locale], { total: number }>('SELECT COUNT(*) AS total FROM news WHERE locale = ?');
  const newsDetail = db.prepare<[number, Locale], NewsDetailDto & { extras: string }>(
    'SELECT id, title, pic, create_time, des, content, extras FROM news WHERE id = ? AND locale = ?',
  );
  const noticeSummaries = db.prepare<[Locale], NoticeSummaryDto>('SELECT id, title, create_time FROM notices WHERE locale = ? ORDER BY create_time DESC');
  const notices = db.prepare<[Locale], NoticeDto>('SELECT id, title, content, create_time FROM notices WHERE locale = ? ORDER BY create_time DESC');
  const notice = db.prepare<[number, Locale], NoticeDto>('SELECT id, title, content, create_time FROM notices WHERE id = ? AND locale = ?');
  const jobs = db.prepare<[Locale], JobDto>('SELECT id, title, type, num, area, status, create_time FROM jobs WHERE locale = ? ORDER BY create_time DESC');
  const job = db.prepare<[number, Locale], JobDetailDto & { extras: string }>(
    'SELECT id, title, type, num, area, status, create_time, content, extras FROM jobs WHERE id = ? AND locale = ?',
  );
  /** The title in the visitor's language, else in any: what the visitor applied for. */
  const jobTitle = db.prepare<[number, Locale], { title: string }>('SELECT title FROM jobs WHERE id = ? ORDER BY locale = ? DESC LIMIT 1');
  const members = db.prepare<[number, number], MemberPictureDto>('SELECT pic FROM members ORDER BY id LIMIT ? OFFSET ?');
  const memberCount = db.prepare<[], { total: number }>('SELECT COUNT(*) AS total FROM members');

  return {
    content<T>(key: string, locale: Locale): T | undefined {
      const row = content.get(key, locale);
      return row ? (JSON.parse(row.json) as T) : undefined;
    },
    categories: (locale: Locale) => categories.all(locale),
    products(locale: Locale, classify: number, keyword: string, paging: PageQuery): Paged<ProductRowDto> {
      const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const params = { locale, classify, like, limit: paging.pageSize, offset: offset(paging) };
      return {
        rows: (productRows.all(params) as (ProductRowDto & { pics_alt: string | null })[]).map(listedProduct),
        total: (productCount.get(params) as { total: number }).total,
      };
    },
    product(id: number, locale: Locale): ProductDetailDto | undefined {
      const row = product.get(id, locale);
      return row ? (JSON.parse(row.json) as ProductDetailDto) : undefined;
    },
    news: (locale: Locale, paging: PageQuery): Paged<NewsItemDto> => ({
      rows: newsRows.all(locale, paging.pageSize, offset(paging)).map(listedNews),
      total: newsCount.get(locale)?.total ?? 0,
    }),
    newsDetail: (id: number, locale: Locale): NewsDetailDto | undefined => {
      const row = newsDetail.get(id, locale);
      return row ? withExtras(row) : undefined;
    },
    noticeSummaries: (locale: Locale) => noticeSummaries.all(locale),
    notices: (locale: Locale) => notices.all(locale),
    notice: (id: number, locale: Locale) => notice.get(id, locale),
    jobs: (locale: Locale) => jobs.all(locale),
    job: (id: number, locale: Locale): JobDetailDto | undefined => {
      const row = job.get(id, locale);
      return row ? withExtras(row) : undefined;
    },
    jobTitle: (id: number, locale: Locale) => jobTitle.get(id, locale)?.title,
    members: (paging: PageQuery): Paged<MemberPictureDto> => ({
      rows: members.all(paging.pageSize, offset(paging)),
      total: memberCount.get()?.total ?? 0,
    }),
  };
}
