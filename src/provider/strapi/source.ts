/**
 * Strapi as the provider's content source (CONTENT_SOURCE=strapi): each content type's module
 * maps its REST answers onto the payloads the SQLite repository gives, so the site and the
 * browser cannot tell the two apart.
 */
import type { Locale } from '../../contracts/locale';
import { isPageBannerType } from '../../contracts/payloads';
import type { ContentSource } from '../content/contentSource';
import { createStrapiClient, type StrapiClient, type StrapiClientOptions } from './client';
import { createDocuments } from './documents';
import { aboutPage } from './types/aboutPage';
import { banner } from './types/banner';
import { homePage } from './types/homePage';
import { innovationPage } from './types/innovationPage';
import { job } from './types/job';
import { newsArticle } from './types/newsArticle';
import { notice } from './types/notice';
import { pageBanner } from './types/pageBanner';
import { patientPage } from './types/patientPage';
import { peoplePage } from './types/peoplePage';
import { privacyNotice } from './types/privacyNotice';
import { product } from './types/product';
import { productCategory } from './types/productCategory';
import { publication } from './types/publication';
import { reportPage } from './types/reportPage';
import { siteSetting } from './types/siteSetting';

/**
 * Besides the content: `takeDown`, an entry taken down in Strapi leaves the answers kept for
 * outages; `recheck`, those answers asked again; `file`, a file of its /uploads/ behind the same
 * circuit breaker (client.ts).
 */
export function createStrapiSource(options: StrapiClientOptions): ContentSource & Pick<StrapiClient, 'takeDown' | 'file' | 'recheck'> {
  const client = createStrapiClient(options);
  const documents = createDocuments(client, options.warn, [client.origin, ...(options.publicUrl ? [new URL(options.publicUrl).origin] : [])]);
  const settings = siteSetting(documents);
  const home = homePage(documents);
  const about = aboutPage(documents);
  const innovation = innovationPage(documents);
  const people = peoplePage(documents);
  const publications = publication(documents);
  const banners = pageBanner(documents);
  const products = product(documents);
  const news = newsArticle(documents);
  const notices = notice(documents);
  const jobs = job(documents);

  /** The keyed documents of the repository's content table, by key. */
  const keyed: Record<string, (locale: Locale) => Promise<unknown>> = {
    ...settings,
    ...banner(documents),
    ...home,
    ...about,
    ...innovation,
    memberCulture: people.memberCulture,
    hrPolicies: people.hrPolicies,
    ...reportPage(documents),
    ...patientPage(documents),
    ...privacyNotice(documents),
    ...publications,
  };

  return {
    content(key, locale) {
      const [name, type] = key.split(':');
      if (name === 'pageBanner') {
        const number = Number(type);
        return isPageBannerType(number) ? banners.pageBanner(locale, number) : undefined;
      }
      return keyed[key]?.(locale);
    },
    ...productCategory(documents),
    products: products.products,
    product: products.product,
    news: news.news,
    newsDetail: news.newsDetail,
    noticeSummaries: notices.noticeSummaries,
    notices: notices.notices,
    notice: notices.notice,
    jobs: jobs.jobs,
    job: jobs.job,
    jobTitle: jobs.jobTitle,
    members: people.members,
    takeDown: client.takeDown,
    recheck: client.recheck,
    file: client.file,
  };
}
