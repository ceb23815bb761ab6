/**
 * The picture a link preview shows and its alternative text: a detail's share image (an editor's
 * SEO field), else the page's own (product, news item, banner), else the default.
 */
import { detailPicture, seoPicture, shownDetail, type SharePicture } from '../../app/head/seo';
import type { RootState } from '../../app/store';
import { PAGE_BANNER_TYPE } from '../../contracts/payloads';
import type { RouteId } from '../../contracts/routes';
import { contentKey } from '../../features/content/key';
import type { ContentName, ContentParams } from '../../features/content/types';

export const DEFAULT_SHARE_IMAGE = '/share.png';

const BANNER_OF: Partial<Record<RouteId, number>> = {
  about: PAGE_BANNER_TYPE.index,
  patient: PAGE_BANNER_TYPE.index,
  product: PAGE_BANNER_TYPE.product,
  innovation: PAGE_BANNER_TYPE.innovation,
  news: PAGE_BANNER_TYPE.news,
  notice: PAGE_BANNER_TYPE.news,
  noticeDetail: PAGE_BANNER_TYPE.news,
  resources: PAGE_BANNER_TYPE.resources,
  jobDetail: PAGE_BANNER_TYPE.resources,
  report: PAGE_BANNER_TYPE.report,
};

function data<T>(state: RootState, name: ContentName, params?: ContentParams): T | null {
  return (state.content.entries[contentKey(name, state.locale.current, params)]?.data as T | undefined) ?? null;
}

const NONE: SharePicture = { src: '', alt: '' };

function ownPicture(state: RootState, routeId: RouteId | null, id: string | undefined): SharePicture {
  switch (routeId) {
    case 'index': {
      const slide = data<{ img: string; img_alt?: string }[]>(state, 'banner')?.find((candidate) => candidate.img);
      return slide ? { src: slide.img, alt: slide.img_alt ?? '' } : NONE;
    }
    case 'productDetail':
    case 'newsDetail': {
      const detail = shownDetail(state, routeId, id);
      return detail ? detailPicture(detail) : NONE;
    }
    default: {
      const type = routeId ? BANNER_OF[routeId] : undefined;
      const banner = type ? data<{ webimg: string; webimg_alt?: string }>(state, 'pageBanner', { type: type as ContentParams['type'] }) : null;
      return banner?.webimg ? { src: banner.webimg, alt: banner.webimg_alt ?? '' } : NONE;
    }
  }
}

/** The preview's picture as an absolute URL (media paths are absolute already; the default lives on the site itself) and its alt ('' for none). */
export function sharePicture(state: RootState, origin: string): { image: string; alt: string } {
  const route = state.navigation.route;
  const own = route ? ownPicture(state, route.routeId, route.params.id) : NONE;
  const detail = route ? shownDetail(state, route.routeId, route.params.id) : null;
  const { src, alt } = detail ? seoPicture(detail, own, detail.title || detail.name || '') : own;
  if (/^https?:\/\//.test(src)) return { image: src, alt };
  return src.startsWith('/') ? { image: `${origin}${src}`, alt } : { image: `${origin}${DEFAULT_SHARE_IMAGE}`, alt: '' };
}
