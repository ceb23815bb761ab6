/**
 * The head of a detail page (news article, product, job) from what an editor set for search
 * engines and link previews (payloads.ts `seo`), each falling back to the page's own when left
 * empty: the meta title is the document's whole <title> as written (else the page's title and
 * the site's name), the meta description the description (else the summary or description, else
 * the site's), the share image and its alternative text the preview's picture (else the page's
 * picture and its alt, else the site's default). Client-safe: no Node.
 */
import { fitDescription } from '../../contracts/siteMeta';
import type { RouteId } from '../../contracts/routes';
import { contentKey } from '../../features/content/key';
import type { RootState } from '../store';

/** The SEO fields as the client has them: '' (or absent) when the editor left them empty. */
export interface SeoFields {
  meta_title?: string;
  meta_description?: string;
  share_image?: string;
  share_image_alt?: string;
}

/** A picture and its alternative text. */
export interface SharePicture {
  src: string;
  alt: string;
}

/** The document's title: the meta title as written, else "page title - site", else the site's name. */
export function seoTitle(seo: SeoFields | null | undefined, pageTitle: string, siteTitle: string): string {
  const own = pageTitle.trim();
  return seo?.meta_title?.trim() || (own ? `${own} - ${siteTitle}` : siteTitle);
}

/** The meta description: the editor's, else the page's own (summary, description), else the site's; fitted to a search result. */
export function seoDescription(seo: SeoFields | null | undefined, own: string | undefined, siteDescription: string): string {
  return fitDescription(seo?.meta_description?.trim() || own?.trim() || siteDescription);
}

/**
 * The picture a shared link shows: the share image with its alternative text (else the page's
 * title), else the page's own picture as given (src '' when it has none: the site's default).
 */
export function seoPicture(seo: SeoFields | null | undefined, own: SharePicture, title: string): SharePicture {
  if (seo?.share_image) return { src: seo.share_image, alt: seo.share_image_alt?.trim() || title };
  return own.src ? own : { src: '', alt: '' };
}

interface Detail extends SeoFields {
  title?: string;
  name?: string;
  pic?: string;
  pic_alt?: string;
  pics?: string[];
  pics_alt?: string[];
}

/** The detail a route shows (news article, product, job) as the store holds it; null on other routes or before it loaded. */
export function shownDetail(state: RootState, routeId: RouteId | null, id: string | undefined): Detail | null {
  const name = routeId === 'newsDetail' ? 'newsDetail' : routeId === 'productDetail' ? 'productDetail' : routeId === 'jobDetail' ? 'jobDetail' : null;
  if (!name) return null;
  return (state.content.entries[contentKey(name, state.locale.current, { id })]?.data as Detail | undefined) ?? null;
}

/**
 * A detail's own picture for a preview, with its alternative text, else the detail's title: a
 * product's first picture, a news article's picture; a job has none (src '').
 */
export function detailPicture(detail: Detail): SharePicture {
  const title = detail.title || detail.name || '';
  if (detail.pics?.[0]) return { src: detail.pics[0], alt: detail.pics_alt?.[0] || title };
  return { src: detail.pic ?? '', alt: detail.pic_alt || title };
}
