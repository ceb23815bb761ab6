/**
 * Reads a Strapi entry field by field. A field the answer lacks means the CMS's content types
 * and this adapter disagree: that is an error naming the type and the field, never an empty
 * page. A field that is present but empty (null) reads as empty text, as in the pack.
 */
import { marked } from 'marked';
import { picturesOf, renamePictures } from '../../contracts/htmlPictures';
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

/** What each picture of the media library is described as there (its alternative text), by its path (`/uploads/a.jpg`). */
export type LibraryTexts = ReadonlyMap<string, string>;
const NO_TEXTS: LibraryTexts = new Map();

/**
 * Rich text is Markdown, which may hold HTML: the site sanitises what it shows. Strapi's editor
 * names a picture inserted from the media library (button, paste or drag) by the CMS's own
 * address (`http://cms.example/uploads/a.jpg`), which the site's sanitiser refuses: named by its
 * path instead (`cmsOrigins`), it is the site's own picture, shown as its resized copy
 * (src/ui/RichHtml.tsx) under its version (the site server names it: render/versionedPictures.ts).
 * The editor writes the file's name as its alt, or the library's text as it was then: the
 * library's text now (`libraryTexts`), when it has one, is the alt instead.
 */
export function richTextToHtml(markdown: string, cmsOrigins: readonly string[] = [], libraryTexts: LibraryTexts = NO_TEXTS): string {
  const html = markdownHtml(markdown, cmsOrigins);
  if (libraryTexts.size === 0) return html;
  return renamePictures(html, ({ src }) => {
    const upload = uploadOf(src);
    const text = upload === null ? undefined : libraryTexts.get(upload)?.trim();
    return text ? { alt: text } : {};
  });
}

const markdownHtml = (markdown: string, cmsOrigins: readonly string[]) =>
  (marked.parse(ownUploads(markdown, cmsOrigins), { async: false, gfm: true }) as string).trim();

/** `text` with the CMS's own uploads named by their path. */
const ownUploads = (text: string, cmsOrigins: readonly string[]) =>
  cmsOrigins.reduce((written, origin) => written.split(`${origin}/uploads/`).join('/uploads/'), text);

/**
 * The upload a picture's `src` in the rendered HTML shows, as the media library names it (its
 * `url`: `/uploads/湖.jpg`, where Markdown's output writes `/uploads/%E6%B9%96.jpg`); null for a
 * picture that is not one of the CMS's uploads.
 */
function uploadOf(src: string): string | null {
  if (!src.startsWith('/uploads/')) return null;
  const path = src.split(/[?#]/, 1)[0]!;
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/**
 * The uploads the texts of a Strapi answer's entries show as pictures (rich text's, at any depth,
 * however Markdown or HTML names them: inline, by reference, `<…>`), not the media fields (whose
 * `url` is the path alone) nor uploads a text links to: what to ask the library's texts of.
 */
export function uploadsInText(value: unknown, cmsOrigins: readonly string[] = [], into = new Set<string>()): string[] {
  if (typeof value === 'string') {
    if (value.includes('/uploads/'))
      for (const { src } of picturesOf(markdownHtml(value, cmsOrigins))) {
        const upload = uploadOf(src);
        if (upload !== null) into.add(upload);
      }
  } else if (Array.isArray(value)) {
    for (const item of value) uploadsInText(item, cmsOrigins, into);
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) uploadsInText(item, cmsOrigins, into);
  }
  return [...into];
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

/**
 * `cmsOrigins`: where Strapi's editor may name the CMS's uploads from; `libraryTexts`: the media
 * library's texts of the pictures its rich text shows (richTextToHtml).
 */
export function readEntry(
  type: string,
  entry: StrapiEntry,
  language: EntryLanguage = { locale: DEFAULT_LOCALE },
  cmsOrigins: readonly string[] = [],
  libraryTexts: LibraryTexts = NO_TEXTS,
) {
  const field = (name: string): unknown => {
    if (!(name in entry)) throw new MissingStrapiField(type, name);
    return entry[name];
  };
  const nested = (name: string, value: unknown) => readEntry(`${type}.${name}`, value as StrapiEntry, language, cmsOrigins, libraryTexts);
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
      return value === null ? '' : richTextToHtml(String(value), cmsOrigins, libraryTexts);
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
