/** The picture a link preview shows: the page's own (product, news item, banner), else the default. */
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

function pagePicture(state: RootState, routeId: RouteId | null, id: string | undefined): string {
  switch (routeId) {
    case 'index':
      return data<{ img: string }[]>(state, 'banner')?.find((slide) => slide.img)?.img ?? '';
    case 'productDetail':
      return data<{ pics: string[] }>(state, 'productDetail', { id })?.pics?.[0] ?? '';
    case 'newsDetail':
      return data<{ pic: string }>(state, 'newsDetail', { id })?.pic ?? '';
    default: {
      const type = routeId ? BANNER_OF[routeId] : undefined;
      return type ? (data<{ webimg: string }>(state, 'pageBanner', { type: type as ContentParams['type'] })?.webimg ?? '') : '';
    }
  }
}

/** An absolute URL: media paths are absolute already; the default lives on the site itself. */
export function shareImage(state: RootState, origin: string): string {
  const route = state.navigation.route;
  const picture = route ? pagePicture(state, route.routeId, route.params.id) : '';
  if (/^https?:\/\//.test(picture)) return picture;
  return `${origin}${picture.startsWith('/') ? picture : DEFAULT_SHARE_IMAGE}`;
}
