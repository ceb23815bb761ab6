/**
 * The SEO component (`shared.seo`) of a news article, product or job, and the media library's
 * alternative texts: each set one goes into the payload, an empty one is left out (the site then
 * falls back to the page's own title, summary, picture or alt), so an entry without them answers
 * exactly as before they existed.
 */
import type { EntryReader } from '../fields';

/** What the SEO component needs populated: its picture. */
export const SEO = { populate: { shareImage: true } } as const;

/** `{ [key]: value }` when value is set, else nothing. */
export const present = <K extends string>(key: K, value: string): { [P in K]?: string } => (value ? ({ [key]: value } as { [P in K]: string }) : {});

/** The alternative texts of a list of pictures, in their order, when at least one has one. */
export const presentList = <K extends string>(key: K, values: string[]): { [P in K]?: string[] } =>
  values.some(Boolean) ? ({ [key]: values } as { [P in K]: string[] }) : {};

/** The payload's `meta_title`, `meta_description`, `share_image` and `share_image_alt`, those set. */
export function seoOf(entry: EntryReader) {
  const seo = entry.one('seo');
  if (!seo) return {};
  return {
    ...present('meta_title', seo.text('metaTitle').trim()),
    ...present('meta_description', seo.text('metaDescription').trim()),
    ...present('share_image', seo.media('shareImage')),
    ...present('share_image_alt', seo.mediaAlt('shareImage')),
  };
}
