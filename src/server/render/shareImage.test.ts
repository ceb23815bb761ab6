/**
 * The link preview's picture and its alt in <head> (og:image, og:image:alt, twitter:image,
 * twitter:image:alt): a detail's share image with its alternative text when an editor set them,
 * else the page's own picture with its alt (else the title), else the site's default without alt.
 */
import { PAGE_BANNER_TYPE, PAYLOADS } from '../../contracts/payloads';
import { normalise } from '../../contracts/schema/payload';
import { contentKey } from '../../features/content/key';
import type { RootState } from '../../app/store';
import { MEDIA, seededState } from '../../app/head/structuredData.testing';
import { headTags } from './headTags';
import { DEFAULT_SHARE_IMAGE, sharePicture } from './shareImage';

const ORIGIN = 'https://www.example.com';

function withFields(routeId: 'newsDetail' | 'productDetail' | 'jobDetail', id: string, path: string, fields: object): RootState {
  const state = seededState('en', routeId, path, { id });
  const key = contentKey(routeId, 'en', { id });
  const entry = state.content.entries[key]!;
  const data = normalise(PAYLOADS[routeId], { ...(entry.data as object), ...fields }, MEDIA);
  return { ...state, content: { ...state.content, entries: { ...state.content.entries, [key]: { ...entry, data } } } };
}

const tagsOf = (state: RootState, path: string) => {
  const picture = sharePicture(state, ORIGIN);
  return headTags({ locale: 'en', path, origin: ORIGIN, title: 't', description: 'd', image: picture.image, imageAlt: picture.alt });
};

describe('the share picture', () => {
  it("is the share image and its alternative text, in Open Graph's and Twitter's tags", () => {
    const html = tagsOf(
      withFields('newsDetail', '1', '/news/1', { share_image: '/uploads/share.webp', share_image_alt: 'The new hall from the air' }),
      '/news/1',
    );
    expect(html).toContain(`<meta property="og:image" content="${MEDIA}/uploads/share.webp">`);
    expect(html).toContain('<meta property="og:image:alt" content="The new hall from the air">');
    expect(html).toContain(`<meta name="twitter:image" content="${MEDIA}/uploads/share.webp">`);
    expect(html).toContain('<meta name="twitter:image:alt" content="The new hall from the air">');
  });

  it("is the share image with the page's title as its alt when the file has no alternative text", () => {
    const state = withFields('newsDetail', '1', '/news/1', { share_image: '/uploads/share.webp' });
    expect(sharePicture(state, ORIGIN)).toEqual({
      image: `${MEDIA}/uploads/share.webp`,
      alt: 'New topical production hall passes its GMP compliance inspection',
    });
  });

  it('is the news picture with its alternative text, else the title, without SEO fields', () => {
    expect(sharePicture(withFields('newsDetail', '1', '/news/1', { pic_alt: 'Filling line' }), ORIGIN)).toEqual({
      image: `${MEDIA}/uploads/news/n01.webp`,
      alt: 'Filling line',
    });
    expect(sharePicture(seededState('en', 'newsDetail', '/news/1', { id: '1' }), ORIGIN)).toEqual({
      image: `${MEDIA}/uploads/news/n01.webp`,
      alt: 'New topical production hall passes its GMP compliance inspection',
    });
  });

  it("is a product's first picture with its alt, or its share image", () => {
    expect(sharePicture(withFields('productDetail', '3', '/products/3', { pics_alt: ['Tube, front'] }), ORIGIN)).toEqual({
      image: `${MEDIA}/uploads/product/p03-1.webp`,
      alt: 'Tube, front',
    });
    expect(sharePicture(withFields('productDetail', '3', '/products/3', { share_image: '/uploads/p-share.webp', share_image_alt: 'Box' }), ORIGIN)).toEqual({
      image: `${MEDIA}/uploads/p-share.webp`,
      alt: 'Box',
    });
  });

  it("is a job's page banner with the banner's own alt (never the job's title), without a share image", () => {
    const state = seededState('en', 'jobDetail', '/jobs/1', { id: '1' });
    const jobKey = contentKey('jobDetail', 'en', { id: '1' });
    const bannerKey = contentKey('pageBanner', 'en', { type: PAGE_BANNER_TYPE.resources });
    const banner = (alt: string) => normalise(PAYLOADS.pageBanner, { name: 'Careers', des: '', webimg: '/uploads/hr.webp', img: '', webimg_alt: alt }, MEDIA);
    const withBanner = (alt: string): RootState => ({
      ...state,
      content: { ...state.content, entries: { ...state.content.entries, [bannerKey]: { ...state.content.entries[jobKey]!, data: banner(alt) } } },
    });
    expect(sharePicture(withBanner('Our lab'), ORIGIN)).toEqual({ image: `${MEDIA}/uploads/hr.webp`, alt: 'Our lab' });
    expect(sharePicture(withBanner(''), ORIGIN)).toEqual({ image: `${MEDIA}/uploads/hr.webp`, alt: '' });
  });

  it("is a job's share image, else the site's default without an alt tag (no page banner loaded here)", () => {
    expect(sharePicture(withFields('jobDetail', '1', '/jobs/1', { share_image: '/uploads/job.webp' }), ORIGIN)).toEqual({
      image: `${MEDIA}/uploads/job.webp`,
      alt: 'Formulation Scientist',
    });
    const state = seededState('en', 'jobDetail', '/jobs/1', { id: '1' });
    expect(sharePicture(state, ORIGIN)).toEqual({ image: `${ORIGIN}${DEFAULT_SHARE_IMAGE}`, alt: '' });
    expect(tagsOf(state, '/jobs/1')).not.toContain('image:alt');
  });
});
