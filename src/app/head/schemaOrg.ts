/**
 * schema.org objects built from the provider's content (pure: they run on the server and in
 * the browser). Types come from schema-dts, so a misspelt property fails the type check.
 */
import type { BreadcrumbList, Drug, JobPosting, NewsArticle, Organization } from 'schema-dts';
import { providerTimeToIso } from '../../contracts/providerTime';
import type { Contact, JobDetail, NewsDetail, ProductDetail, SiteMain } from '../../api/types';
import type { TrailStep } from './breadcrumbTrail';

/** An Organization node (schema-dts also allows a bare string). */
export type OrganizationNode = Exclude<Organization, string>;

/** Builds an absolute URL on the site (or leaves an absolute media URL as it is). */
export type Absolute = (pathOrUrl: string) => string;

export function organization(main: SiteMain, contact: Contact | null, home: string, absolute: Absolute): OrganizationNode {
  return {
    '@type': 'Organization',
    name: main.company,
    url: home,
    ...(main.logo ? { logo: absolute(main.logo) } : {}),
    ...(contact
      ? {
          address: { '@type': 'PostalAddress', streetAddress: contact.address, postalCode: contact.zipcode, addressCountry: 'CN' },
          contactPoint: { '@type': 'ContactPoint', contactType: 'customer service', telephone: contact.phone, email: contact.email },
          ...(contact.tel ? { telephone: contact.tel } : {}),
          email: contact.email,
        }
      : {}),
    sameAs: main.links.map((link) => link.url).filter(Boolean),
  };
}

export function breadcrumbList(trail: TrailStep[], absolute: Absolute): BreadcrumbList {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      ...(step.path !== undefined ? { item: absolute(step.path) } : {}),
    })),
  };
}

/**
 * The package insert as a Drug. The category is the dosage form; the approval number is the
 * identifier. schema.org gives Drug neither `indication` nor `contraindication` (those belong
 * to MedicalTherapy and MedicalDevice): the indication is the drug's `description`, and the
 * contraindications go to `warning`, Drug's text for precautions and contraindications.
 */
/**
 * The pictures of a detail: the editor's share image (SEO) first, then the page's own; none
 * when neither is set. An editor's meta title never replaces a headline or a name: those are what
 * the page shows.
 */
function pictures(absolute: Absolute, ...candidates: (string | undefined)[]): string[] {
  return [...new Set(candidates.filter((candidate): candidate is string => Boolean(candidate)).map(absolute))];
}

export function drug(product: ProductDetail, url: string, absolute: Absolute): Drug {
  const images = pictures(absolute, product.share_image, product.pics[0] || product.pic);
  const maker = product.manufacturer || product.business;
  return {
    '@type': 'Drug',
    name: product.name,
    url,
    ...(images.length > 0 ? { image: images.length === 1 ? images[0] : images } : {}),
    ...(maker ? { manufacturer: { '@type': 'Organization', name: maker } } : {}),
    ...(product.composition ? { activeIngredient: product.composition } : {}),
    ...(product.classify_name ? { dosageForm: product.classify_name } : {}),
    administrationRoute: 'topical',
    ...(product.num ? { identifier: { '@type': 'PropertyValue', propertyID: 'approval number', value: product.num } } : {}),
    ...(product.indication ? { description: product.indication } : {}),
    ...(product.taboo ? { warning: product.taboo } : {}),
  };
}

/** Google's article rules read the publisher's logo at `publisher.logo.url`: an ImageObject, not a bare URL. */
function withLogoObject(publisher: OrganizationNode): OrganizationNode {
  return typeof publisher.logo === 'string' ? { ...publisher, logo: { '@type': 'ImageObject', url: publisher.logo } } : publisher;
}

export function newsArticle(news: NewsDetail, url: string, company: OrganizationNode | null, absolute: Absolute): NewsArticle {
  const published = providerTimeToIso(news.create_time);
  const publisher = company && withLogoObject(company);
  const description = news.meta_description || news.des;
  const images = pictures(absolute, news.share_image, news.pic);
  return {
    '@type': 'NewsArticle',
    headline: news.title,
    mainEntityOfPage: url,
    ...(description ? { description } : {}),
    ...(images.length > 0 ? { image: images } : {}),
    // The provider keeps no edit time: the article is as published.
    ...(published ? { datePublished: published, dateModified: published } : {}),
    ...(publisher ? { author: publisher, publisher } : {}),
  };
}

/** The provider's nature of work ("全职", "Full-time" …) in Google's employmentType words. */
const EMPLOYMENT_TYPE: [RegExp, string][] = [
  [/全职|full[-\s]?time/i, 'FULL_TIME'],
  [/兼职|part[-\s]?time/i, 'PART_TIME'],
  [/实习|intern/i, 'INTERN'],
  [/合同|临时|contract|temporary/i, 'CONTRACTOR'],
];

export function jobPosting(job: JobDetail, hiring: OrganizationNode, site: string, absolute: Absolute): JobPosting {
  const posted = providerTimeToIso(job.create_time);
  const employmentType = EMPLOYMENT_TYPE.find(([pattern]) => pattern.test(job.status))?.[1];
  return {
    '@type': 'JobPosting',
    title: job.title,
    description: job.content,
    ...(posted ? { datePosted: posted } : {}),
    hiringOrganization: hiring,
    ...(job.share_image ? { image: absolute(job.share_image) } : {}),
    jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: job.area, addressCountry: 'CN' } },
    ...(employmentType ? { employmentType } : {}),
    ...(job.num > 0 ? { totalJobOpenings: job.num } : {}),
    identifier: { '@type': 'PropertyValue', name: site, value: String(job.id) },
    // The page carries the application form.
    directApply: true,
  };
}
