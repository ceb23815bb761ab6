/**
 * The pictures a visitor sees before scrolling, whose copies are made when the site starts
 * (pictures.ts prepare()): the home banner's first slide (its picture, or a video's poster),
 * every page banner (the wide one and the phone's), then the home's other slides; both
 * languages, each picture once. A call that fails leaves its pictures to their first visitor.
 */
import { LOCALES } from '../../contracts/locale';
import { MEDIA_PREFIX } from '../../contracts/endpoints';
import { PAGE_BANNER_TYPE } from '../../contracts/payloads';
import type { ProviderApi } from '../render/serverDeps';

export async function aboveTheFold(api: ProviderApi): Promise<string[]> {
  const first: string[] = [];
  const later: string[] = [];
  for (const lan of LOCALES) {
    const slides = await api.banner(lan).catch(() => []);
    slides.forEach((slide, index) => (index === 0 ? first : later).push(slide.type === '视频' ? slide.video_img : slide.img));
    for (const type of Object.values(PAGE_BANNER_TYPE)) {
      const banner = await api.pageBanner(lan, type).catch(() => null);
      if (banner) first.push(banner.webimg, banner.img);
    }
  }
  return [...new Set([...first, ...later].map(mediaPathOf).filter((path): path is string => path !== null))];
}

/** `/uploads/a.jpg` from the URL a payload names (bare, or on the media host); null for any other. */
export function mediaPathOf(url: string): string | null {
  if (!url) return null;
  const { pathname } = new URL(url, 'http://site');
  return pathname.startsWith(MEDIA_PREFIX) ? pathname : null;
}
