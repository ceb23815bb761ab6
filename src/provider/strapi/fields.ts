/**
 * Reads a Strapi entry field by field. A field the answer lacks means the CMS's content types
 * and this adapter disagree: that is an error naming the type and the field, never an empty
 * page. A field that is present but empty (null) reads as empty text, as in the pack.
 */
import { marked } from 'marked';
import { DEFAULT_LOCALE, type Locale } from '../../contracts/locale';
import type { StrapiEntry } from './client';

export class MissingStrapiField extends Error {
  constructor(
    readonly type: string,
    readonly field: string,
  ) {
    super(`Strapi content type "${type}" has no field "${field}": update the CMS's content types (cms/src) or this adapter`);
    this.name = 'MissingStrapiField';
  }
}

const beijing = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The site's time format (Beijing time, "2026-01-15 09:00:00") of an ISO instant. */
export function beijingTime(iso: string): string {
  return beijing.format(new Date(iso));
}

/**
 * Rich text is Markdown, which may hold HTML: the site sanitises what it shows. Strapi's editor
 * names a picture inserted from the media library (button, paste or drag) by the CMS's own
 * address (`http://cms.example/uploads/a.jpg`), which the site's sanitiser refuses: named by its
 * path instead (`cmsOrigins`), it is the site's own picture, shown as its resized copy
 * (src/ui/RichHtml.tsx). Unlike a media field's, its URL names no version (render/versionedPictures.ts
 * leaves markup as it is), so its copy is kept seconds, not a year, and a replacement shows at once.
 */
export function richTextToHtml(markdown: string, cmsOrigins: readonly string[] = []): string {
  const ownPictures = cmsOrigins.reduce((text, origin) => text.split(`${origin}/uploads/`).join('/uploads/'), markdown);
  return (marked.parse(ownPictures, { async: false, gfm: true }) as string).trim();
}

function mediaPath(value: unknown): string {
  return value && typeof value === 'object' && typeof (value as { url?: unknown }).url === 'string' ? (value as { url: string }).url : '';
}

/** The media library's alternative text of a chosen file, '' when none is chosen or none is set. */
function mediaAltText(value: unknown): string {
  const alt = value && typeof value === 'object' ? (value as { alternativeText?: unknown }).alternativeText : undefined;
  return typeof alt === 'string' ? alt.trim() : '';
}

/**
 * Which language an entry's text is in. `shownIn` is set when that is not the language asked for
 * (the page's own version is missing and the default language's stands in): what the payloads
 * mark as `lang`.
 */
export interface EntryLanguage {
  locale: Locale;
  shownIn?: Locale;
}

/** `cmsOrigins`: where Strapi's editor may name the CMS's uploads from (richTextToHtml). */
export function readEntry(type: string, entry: StrapiEntry, language: EntryLanguage = { locale: DEFAULT_LOCALE }, cmsOrigins: readonly string[] = []) {
  const field = (name: string): unknown => {
    if (!(name in entry)) throw new MissingStrapiField(type, name);
    return entry[name];
  };
  const nested = (name: string, value: unknown) => readEntry(`${type}.${name}`, value as StrapiEntry, language, cmsOrigins);
  return {
    type,
    ...language,
    text: (name: string) => {
      const value = field(name);
      return value === null ? '' : String(value);
    },
    number: (name: string) => Number(field(name) ?? 0),
    html: (name: string) => {
      const value = field(name);
      return value === null ? '' : richTextToHtml(String(value), cmsOrigins);
    },
    time: (name: string) => {
      const value = field(name);
      return typeof value === 'string' ? beijingTime(value) : '';
    },
    /** The media path ("/uploads/…"), '' when none is chosen. */
    media: (name: string) => mediaPath(field(name)),
    mediaList: (name: string) => ((field(name) as unknown[] | null) ?? []).map(mediaPath),
    /** The chosen file's alternative text in the media library, '' when it has none (the view then gives its own alt). */
    mediaAlt: (name: string) => mediaAltText(field(name)),
    mediaListAlt: (name: string) => ((field(name) as unknown[] | null) ?? []).map(mediaAltText),
    /** A component or a relation; null when none is set. */
    one: (name: string) => {
      const value = field(name);
      return value === null ? null : nested(name, value);
    },
    /** A repeatable component, in the editor's order. */
    list: (name: string) => ((field(name) as unknown[] | null) ?? []).map((value) => nested(name, value)),
  };
}

export type EntryReader = ReturnType<typeof readEntry>;
