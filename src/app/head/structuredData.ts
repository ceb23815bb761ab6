/**
 * The JSON-LD blocks of a page, from the store's content (the same state the page renders):
 * Organization on home and about, BreadcrumbList on every inner page (the visible trail),
 * Drug on a product, NewsArticle on a news item, JobPosting on a job. Client-safe: no Node.
 */
import type { Thing, WithContext } from 'schema-dts';
import { escapeJsonForScript } from '../../contracts/jsonScript';
import type { Locale } from '../../contracts/locale';
import { localizedPath, pathTo, type RouteId } from '../../contracts/routes';
import { contentKey } from '../../features/content/key';
import type { ContentData, ContentName, ContentParams } from '../../features/content/types';
import { dictionary } from '../../i18n';
import type { RootState } from '../store';
import { breadcrumbTrail, type TrailContent } from './breadcrumbTrail';
import { breadcrumbList, drug, jobPosting, newsArticle, organization, type Absolute, type OrganizationNode } from './schemaOrg';

export type JsonLd = WithContext<Thing>;

const ORGANIZATION_PAGES: RouteId[] = ['index', 'about'];

export function structuredDataFor(routeId: RouteId, state: RootState, origin: string, locale: Locale): JsonLd[] {
  const params = state.navigation.route?.routeId === routeId ? state.navigation.route.params : {};
  const data = <N extends ContentName>(name: N, extra: ContentParams = {}) =>
    (state.content.entries[contentKey(name, locale, extra)]?.data ?? null) as ContentData[N] | null;
  // Links are in the page's language; media URLs are already absolute.
  const site: Absolute = (pathOrUrl) => new URL(/^https?:/.test(pathOrUrl) ? pathOrUrl : localizedPath(pathOrUrl, locale), origin).href;
  const media: Absolute = (pathOrUrl) => new URL(pathOrUrl, origin).href;
  const here = site(state.navigation.route?.path ?? pathTo(routeId, params));
  const main = data('main');
  const company = main ? organization(main, data('contactUs'), site(pathTo('index')), media) : null;
  const hiring: OrganizationNode | null = main
    ? { '@type': 'Organization', name: main.company, sameAs: site(pathTo('index')), ...(main.logo ? { logo: media(main.logo) } : {}) }
    : null;

  const blocks: Thing[] = [];
  if (company && ORGANIZATION_PAGES.includes(routeId)) blocks.push(company);
  const trailContent: TrailContent = {};
  const product = routeId === 'productDetail' ? data('productDetail', { id: params.id }) : null;
  const news = routeId === 'newsDetail' ? data('newsDetail', { id: params.id }) : null;
  const notice = routeId === 'noticeDetail' && params.id ? data('notices', { id: params.id })?.[0] : null;
  const job = routeId === 'jobDetail' ? data('jobDetail', { id: params.id }) : null;
  if (product) Object.assign(trailContent, { title: product.name, category: { id: product.classify_id, name: product.classify_name } });
  if (news) trailContent.title = news.title;
  if (notice) trailContent.title = notice.title;
  if (job) trailContent.title = job.title;

  const trail = breadcrumbTrail(routeId, dictionary(locale), trailContent);
  if (trail.length > 1) blocks.push(breadcrumbList(trail, site));
  if (product) blocks.push(drug(product, here, media));
  if (news) blocks.push(newsArticle(news, here, company, media));
  if (job && hiring) blocks.push(jobPosting(job, hiring, main?.company ?? '', media));
  return blocks.map((block) => ({ '@context': 'https://schema.org', ...(block as Exclude<Thing, string>) }) as JsonLd);
}

/** The text of a `<script type="application/ld+json">` block: JSON that cannot close the element. */
export function serializeJsonLd(block: JsonLd): string {
  return escapeJsonForScript(block);
}
