/**
 * Pages and the /api answers the browser renders from name the version of each of the site's
 * own pictures (../media/pictureVersions.ts), so both get the URL a browser and nginx keep for a
 * year: those of media fields, and those inside rich text (an `html` field of the payload's
 * declaration), which the sanitiser then serves as their resized copies (src/ui/RichHtml.tsx).
 */
import { MEDIA_PREFIX } from '../../contracts/endpoints';
import { renamePictures, picturesOf } from '../../contracts/htmlPictures';
import { PAYLOADS } from '../../contracts/payloads';
import type { Field } from '../../contracts/schema/payload';
import type { Api } from '../../api/api';
import { versionedUrl, type PictureVersions } from '../media/pictureVersions';

/** A picture of the site's own media, on the media host (MEDIA_URL) or, with none, as a bare path. */
const isOwnPicture = (value: string, mediaHost = '') => value.startsWith(`${mediaHost}${MEDIA_PREFIX}`) && !/[?#\s"<>]/.test(value.slice(mediaHost.length));

/** The site's own picture an in-text `src` names: a bare path (as the provider writes it) or one on the media host. */
const isOwnInTextPicture = (src: string, mediaHost: string) => isOwnPicture(src) || (mediaHost !== '' && isOwnPicture(src, mediaHost));

/** The provider's path (`/uploads/a.jpg`) of an own picture's URL. */
const pathOf = (url: string, mediaHost: string) => (url.startsWith(MEDIA_PREFIX) ? url : url.slice(mediaHost.length));

/** How each of `urls` is named now: with its version when the provider gives one, else as it is. */
async function versionedNames(urls: Iterable<string>, versions: PictureVersions, mediaHost: string, maxAgeMs?: number): Promise<(url: string) => string> {
  const found = new Map(await Promise.all([...urls].map(async (url) => [url, await versions.current(pathOf(url, mediaHost), maxAgeMs)] as const)));
  return (url) => {
    const token = found.get(url);
    return token ? versionedUrl(url, token) : url;
  };
}

/**
 * The provider calls as a render makes them, with every picture of the site's own media (a
 * normalised media field is `/uploads/…` on the media host, a bare path without one) naming its
 * version; so do the pictures inside the rich text of a call named after its payload.
 */
export function withPictureVersions(api: Api, versions: PictureVersions, mediaHost = ''): Api {
  const wrapped: Record<string, unknown> = {};
  for (const [name, call] of Object.entries(api) as [string, (...args: unknown[]) => Promise<unknown>][]) {
    const payload: Field | undefined = Object.hasOwn(PAYLOADS, name) ? PAYLOADS[name as keyof typeof PAYLOADS] : undefined;
    wrapped[name] = async (...args: unknown[]) => {
      const answer = await call(...args);
      const paths = new Set<string>();
      collect(answer, paths, mediaHost);
      if (payload) collectInText(payload, answer, paths, mediaHost);
      if (paths.size === 0) return answer;
      // Asked afresh: a render follows a change (the CMS webhook drops the pages), and a page is
      // kept far longer than the second a token is believed for a copy.
      const named = await versionedNames(paths, versions, mediaHost, 0);
      const withMedia = replace(answer, named, mediaHost);
      return payload ? mapHtml(payload, withMedia, (html) => inTextVersioned(html, named, mediaHost)) : withMedia;
    };
  }
  return wrapped as unknown as Api;
}

/**
 * A provider answer as it goes to the browser (wire form, `payload` its declaration), with the
 * site's own pictures in its media fields naming their versions; everything else as it came. A
 * token a second old will do: a page the browser renders shows what the provider held then.
 */
export async function withWirePictureVersions(payload: Field, data: unknown, versions: PictureVersions): Promise<unknown> {
  const paths = new Set<string>();
  mapWireMedia(payload, data, (path) => {
    if (isOwnPicture(path)) paths.add(path);
    return path;
  });
  collectInText(payload, data, paths, '');
  if (paths.size === 0) return data;
  const named = await versionedNames(paths, versions, '');
  return mapHtml(payload, mapWireMedia(payload, data, named), (html) => inTextVersioned(html, named, ''));
}

/** The site's own pictures inside the `html` fields of `value` (`payload` its declaration). */
function collectInText(payload: Field, value: unknown, into: Set<string>, mediaHost: string) {
  mapHtml(payload, value, (html) => {
    for (const { src } of picturesOf(html)) if (isOwnInTextPicture(src, mediaHost)) into.add(src);
    return html;
  });
}

/** `html` with each of the site's own pictures named as `named` names it. */
function inTextVersioned(html: string, named: (url: string) => string, mediaHost: string): string {
  return renamePictures(html, ({ src }) => (isOwnInTextPicture(src, mediaHost) && named(src) !== src ? { src: named(src) } : {}));
}

/**
 * Each `html` field of `value` through `map`. Walks a wire answer and a normalised one alike:
 * they differ in `pics` and media fields, never in an `html` field's string.
 */
function mapHtml(field: Field, value: unknown, map: (html: string) => string): unknown {
  switch (field.kind) {
    case 'html':
      return typeof value === 'string' ? map(value) : value;
    case 'optional':
    case 'nullable':
      return value === null || value === undefined ? value : mapHtml(field.of, value, map);
    case 'list':
      return Array.isArray(value) ? value.map((item) => mapHtml(field.of, item, map)) : value;
    case 'record':
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, field.fields[key] ? mapHtml(field.fields[key], item, map) : item]));
    default:
      return value;
  }
}

/** Each media path the declaration names (a `media` field, each of a `pics` list) through `map`. */
function mapWireMedia(field: Field, value: unknown, map: (path: string) => string): unknown {
  switch (field.kind) {
    case 'media':
      return typeof value === 'string' ? map(value) : value;
    case 'pics':
      if (typeof value === 'string')
        return value
          .split(',')
          .map((path) => map(path.trim()))
          .join(',');
      return Array.isArray(value) ? value.map((path) => (typeof path === 'string' ? map(path) : path)) : value;
    case 'optional':
    case 'nullable':
      return value === null || value === undefined ? value : mapWireMedia(field.of, value, map);
    case 'list':
      return Array.isArray(value) ? value.map((item) => mapWireMedia(field.of, item, map)) : value;
    case 'record':
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, field.fields[key] ? mapWireMedia(field.fields[key], item, map) : item]));
    default:
      return value;
  }
}

function collect(value: unknown, into: Set<string>, mediaHost: string) {
  if (typeof value === 'string') {
    if (isOwnPicture(value, mediaHost)) into.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) collect(item, into, mediaHost);
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) collect(item, into, mediaHost);
  }
}

function replace(value: unknown, url: (path: string) => string, mediaHost: string): unknown {
  if (typeof value === 'string') return isOwnPicture(value, mediaHost) ? url(value) : value;
  if (Array.isArray(value)) return value.map((item) => replace(item, url, mediaHost));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replace(item, url, mediaHost)]));
  return value;
}
