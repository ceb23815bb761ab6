/**
 * Every JSON-LD block, for a page of each kind in both languages, through
 * @adobe/structured-data-validator: the schema.org vocabulary (types and properties) and
 * Google's required and recommended properties for the rich-result types it knows.
 */
import Validator, { type ValidationIssue as Issue } from '@adobe/structured-data-validator';
import { schemaOrgVocabulary } from '../../../config/jest/schemaOrgVocabulary';
import { LOCALES, type Locale } from '../../contracts/locale';
import { localizedPath, pathTo, ROUTES, type RouteId } from '../../contracts/routes';
import { SEED_IDS, seededState } from './structuredData.testing';
import { serializeJsonLd, structuredDataFor, type JsonLd } from './structuredData';

const ORIGIN = 'https://www.example.com';
const validator = new Validator(schemaOrgVocabulary());

function blocksFor(routeId: RouteId, locale: Locale): JsonLd[] {
  const id = (SEED_IDS as Partial<Record<RouteId, string>>)[routeId];
  const path = pathTo(routeId, id ? { id } : {});
  return structuredDataFor(routeId, seededState(locale, routeId, path, id ? { id } : {}), ORIGIN, locale);
}

/** What a crawler reads: the serialised block parsed back, grouped by type as the validator expects. */
async function issuesOf(blocks: JsonLd[]): Promise<Issue[]> {
  const jsonld: Record<string, unknown[]> = {};
  for (const block of blocks) {
    const parsed = JSON.parse(serializeJsonLd(block)) as { '@type': string };
    (jsonld[parsed['@type']] ??= []).push(parsed);
  }
  return validator.validate({ jsonld });
}

const typesOf = (blocks: JsonLd[]) => blocks.map((block) => (block as { '@type': string })['@type']);
/** Recommended JobPosting properties the provider has nothing for (no salary, on-site jobs, no closing date). */
const UNFILLABLE = ['baseSalary', 'applicantLocationRequirements', 'jobLocationType', 'validThrough'];

describe.each(LOCALES)('structured data in %s', (locale) => {
  const EXPECTED: [RouteId, string[]][] = [
    ['index', ['Organization']],
    ['about', ['Organization', 'BreadcrumbList']],
    ['productDetail', ['BreadcrumbList', 'Drug']],
    ['newsDetail', ['BreadcrumbList', 'NewsArticle']],
    ['jobDetail', ['BreadcrumbList', 'JobPosting']],
    ['noticeDetail', ['BreadcrumbList']],
    ['product', ['BreadcrumbList']],
    ['login', []],
  ];

  it.each(EXPECTED)('%s carries %j', (routeId, types) => {
    expect(typesOf(blocksFor(routeId, locale))).toEqual(types);
  });

  it('every route validates: no errors, and warnings only for what the provider cannot fill', async () => {
    for (const route of ROUTES) {
      const issues = await issuesOf(blocksFor(route.id, locale));
      expect(issues.filter((issue) => issue.severity === 'ERROR')).toEqual([]);
      const warnings = issues.filter((issue) => !UNFILLABLE.some((name) => issue.issueMessage.includes(`"${name}"`)));
      expect({ route: route.id, warnings }).toEqual({ route: route.id, warnings: [] });
    }
  });

  it('Organization: name, url, logo, address, contact point and the group sites', () => {
    const [org] = blocksFor('index', locale) as Record<string, any>[];
    expect(org!.url).toBe(`${ORIGIN}${localizedPath('/', locale)}`);
    expect(org!.logo).toMatch(/^https:\/\/media\.example\.com\/uploads\/brand\/logo\.webp$/);
    expect(org!.address).toMatchObject({ '@type': 'PostalAddress', addressCountry: 'CN', postalCode: '000100' });
    expect(org!.contactPoint).toMatchObject({ telephone: '400-000-2001', email: 'service@yuechuan.example.com' });
    expect(org!.sameAs).toEqual(['https://group.example.com', 'https://herbal.example.com', 'https://logistics.example.com', 'https://care.example.com']);
  });

  it('BreadcrumbList follows the visible trail, with absolute links in the page language', () => {
    const [trail] = blocksFor('productDetail', locale) as Record<string, any>[];
    const items = trail!.itemListElement as { position: number; name: string; item?: string }[];
    expect(items.map((i) => i.position)).toEqual([1, 2, 3, 4]);
    expect(items[0]!.item).toBe(`${ORIGIN}${localizedPath('/', locale)}`);
    expect(items[1]!.item).toBe(`${ORIGIN}${localizedPath('/product', locale)}`);
    expect(items[2]!.item).toMatch(new RegExp(`^${ORIGIN}${localizedPath('/product', locale)}\\?category=1$`));
    expect(items[3]!.item).toBeUndefined();
  });

  it('Drug: the package insert facts', () => {
    const [, medicine] = blocksFor('productDetail', locale) as Record<string, any>[];
    expect(medicine).toMatchObject({ administrationRoute: 'topical', identifier: { value: expect.stringMatching(/H2001/) } });
    for (const key of ['name', 'activeIngredient', 'dosageForm', 'description', 'warning']) expect(medicine![key]).toEqual(expect.any(String));
    expect(medicine!.manufacturer).toMatchObject({ '@type': 'Organization' });
  });

  it('NewsArticle and JobPosting: dates in ISO 8601 with the China offset', () => {
    const [, article] = blocksFor('newsDetail', locale) as Record<string, any>[];
    expect(article!.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/);
    expect(article!.dateModified).toBe(article!.datePublished);
    expect(article!.image[0]).toMatch(/^https:\/\/media\.example\.com\//);
    expect(article!.publisher).toMatchObject({
      '@type': 'Organization',
      logo: { '@type': 'ImageObject', url: expect.stringMatching(/^https:\/\/media\.example\.com\//) },
    });
    const [, job] = blocksFor('jobDetail', locale) as Record<string, any>[];
    expect(job).toMatchObject({
      datePosted: '2026-10-20T09:00:00+08:00',
      employmentType: 'FULL_TIME',
      directApply: true,
      jobLocation: { address: { addressCountry: 'CN' } },
    });
  });
});

describe('the validator bites', () => {
  it('reports a missing required property and a property schema.org does not have', async () => {
    const [, job] = blocksFor('jobDetail', 'zh') as Record<string, any>[];
    const { datePosted: _dropped, ...withoutDate } = job!;
    const issues = await issuesOf([{ ...withoutDate, salaryy: 1 } as unknown as JsonLd]);
    expect(issues.map((issue) => issue.issueMessage)).toEqual(
      expect.arrayContaining([expect.stringContaining('"datePosted"'), expect.stringContaining('"salaryy"')]),
    );
  });
});

describe('serializeJsonLd', () => {
  it('cannot close the script element and reads back unchanged', () => {
    const block = { '@context': 'https://schema.org', '@type': 'Thing', name: '</script><!-- & \u2028\u2029' } as JsonLd;
    const text = serializeJsonLd(block);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(block);
  });
});
