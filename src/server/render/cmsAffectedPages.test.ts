import { matchRoute } from '../../contracts/routes';
import { affectedPages, type CmsChange } from './cmsAffectedPages';

const publish = (model: string, siteId: number | null): CmsChange => ({ event: 'entry.publish', model, siteId });

/** The paths among `paths` the change drops; every one of them when it drops all pages. */
function dropped(change: CmsChange, paths: string[]): string[] {
  const pages = affectedPages(change);
  return paths.filter((path) => {
    const page = matchRoute(path);
    if (!page) throw new Error(`${path} is no route`);
    return pages === 'all' || pages(page);
  });
}

const EVERY_KIND = [
  '/',
  '/about',
  '/innovation',
  '/news',
  '/news/3',
  '/news/4',
  '/news/notice',
  '/news/noticedetail',
  '/news/noticedetail/3',
  '/news/noticedetail/4',
];
const MORE = ['/product', '/product/3', '/product/4', '/resources', '/resources/3', '/resources/4', '/patient', '/report', '/privacy'];

describe('the pages a CMS change shows on', () => {
  it.each([
    ['news-article', ['/', '/news', '/news/3']],
    ['notice', ['/news', '/news/notice', '/news/noticedetail', '/news/noticedetail/3']],
    ['product', ['/', '/product', '/product/3']],
    ['job', ['/resources', '/resources/3']],
    ['publication', ['/news']],
  ])('%s with site id 3: the lists that show it and its own page', (model, expected) => {
    expect(dropped(publish(model, 3), [...EVERY_KIND, ...MORE])).toEqual(expected);
  });

  it.each([
    ['home-page', ['/']],
    ['about-page', ['/about']],
    ['innovation-page', ['/innovation']],
    ['people-page', ['/resources']],
    ['report-page', ['/report']],
    ['patient-page', ['/patient']],
    ['privacy-notice', ['/resources/3', '/resources/4', '/patient', '/privacy']],
    ['banner', ['/']],
    [
      'page-banner',
      [
        '/about',
        '/innovation',
        '/news',
        '/news/notice',
        '/news/noticedetail',
        '/news/noticedetail/3',
        '/news/noticedetail/4',
        '/product',
        '/resources',
        '/resources/3',
        '/resources/4',
        '/patient',
        '/report',
      ],
    ],
  ])('%s (a single type or a banner, no site id): only the pages it fills', (model, expected) => {
    expect(dropped(publish(model, null), [...EVERY_KIND, ...MORE])).toEqual(expected);
  });

  it('takes every entry event, not only publish', () => {
    for (const event of ['entry.create', 'entry.update', 'entry.delete', 'entry.unpublish']) {
      expect(dropped({ event, model: 'job', siteId: 4 }, MORE)).toEqual(['/resources', '/resources/4']);
    }
  });

  it('drops every page for the models shown everywhere or not known here', () => {
    // Every header's menu lists the product categories; the site settings fill every header and footer.
    for (const model of ['product-category', 'site-setting', 'constructor', '__proto__']) {
      expect({ model, pages: affectedPages(publish(model, 3)) }).toEqual({ model, pages: 'all' });
    }
  });

  it('drops every page for an entry without a usable site id, a media change, or an event it does not know', () => {
    expect(affectedPages(publish('news-article', null))).toBe('all');
    expect(affectedPages({ event: 'media.delete', model: null, siteId: null })).toBe('all');
    expect(affectedPages({ event: 'releases.publish', model: 'news-article', siteId: 3 })).toBe('all');
    // A model without a detail page needs no id.
    expect(dropped(publish('publication', null), EVERY_KIND)).toEqual(['/news']);
  });
});
