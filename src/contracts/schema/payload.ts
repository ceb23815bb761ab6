/**
 * A small schema language for the provider's payloads. One declaration per payload gives:
 * - `Wire<S>`: the type the provider sends (media as relative paths, `pics` comma-separated);
 * - `Normalised<S>`: the type the client works with (absolute media URLs, `pics` a list,
 *   optional fields filled in);
 * - `normalise(S, value, mediaHost)`: turns whatever arrives (nulls, wrong types, missing
 *   fields) into `Normalised<S>`, so views never meet a surprise.
 * It is declarative data plus one walker, so it costs the browser bundle almost nothing.
 */

export type Field =
  | { readonly kind: 'text' }
  /**
   * Text the site shows as HTML (rich text), through its sanitiser: a string like `text`, marked
   * so the site server can name the version of the site's own pictures inside it.
   */
  | { readonly kind: 'html' }
  | { readonly kind: 'number' }
  /** A media path relative to the media host, e.g. "/uploads/product/3.webp". */
  | { readonly kind: 'media' }
  /** Comma-separated media paths on the wire, a list of absolute URLs once normalised. */
  | { readonly kind: 'pics' }
  | { readonly kind: 'oneOf'; readonly values: readonly string[] }
  /** A field the provider may leave out; normalised to its empty value. */
  | { readonly kind: 'optional'; readonly of: Field }
  | { readonly kind: 'nullable'; readonly of: Field }
  /**
   * A mark most answers leave out: kept only when the wire carries one of its values, never
   * filled in, so an answer without it normalises exactly as before the mark existed.
   */
  | { readonly kind: 'mark'; readonly values: readonly string[] }
  | { readonly kind: 'list'; readonly of: Field }
  | { readonly kind: 'record'; readonly fields: Readonly<Record<string, Field>> };

export const text = { kind: 'text' } as const;
export const html = { kind: 'html' } as const;
export const number = { kind: 'number' } as const;
export const media = { kind: 'media' } as const;
export const pics = { kind: 'pics' } as const;
export const oneOf = <const V extends readonly string[]>(...values: V) => ({ kind: 'oneOf', values }) as const;
export const optional = <F extends Field>(of: F) => ({ kind: 'optional', of }) as const;
export const nullable = <F extends Field>(of: F) => ({ kind: 'nullable', of }) as const;
export const mark = <const V extends readonly string[]>(...values: V) => ({ kind: 'mark', values }) as const;
export const list = <F extends Field>(of: F) => ({ kind: 'list', of }) as const;
export const record = <R extends Record<string, Field>>(fields: R) => ({ kind: 'record', fields }) as const;
/** A record with more fields: `extend(newsItem, { content: text })`. */
export const extend = <R extends Record<string, Field>, M extends Record<string, Field>>(base: { fields: R }, more: M) => record({ ...base.fields, ...more });

type Fields = Readonly<Record<string, Field>>;
type OptionalKeys<R extends Fields> = { [K in keyof R]: R[K] extends { kind: 'optional' } | { kind: 'mark' } ? K : never }[keyof R];
type MarkKeys<R extends Fields> = { [K in keyof R]: R[K] extends { kind: 'mark' } ? K : never }[keyof R];
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The two sides differ only in `pics` (a string on the wire, a list once normalised) and in optional fields. */
type Side = 'wire' | 'normalised';

type Shape<F, S extends Side> = F extends { kind: 'text' | 'html' | 'media' }
  ? string
  : F extends { kind: 'pics' }
    ? S extends 'wire'
      ? string
      : string[]
    : F extends { kind: 'number' }
      ? number
      : F extends { kind: 'oneOf' | 'mark'; values: readonly (infer V)[] }
        ? V
        : F extends { kind: 'optional'; of: infer O }
          ? Shape<O, S>
          : F extends { kind: 'nullable'; of: infer O }
            ? Shape<O, S> | null
            : F extends { kind: 'list'; of: infer O }
              ? Shape<O, S>[]
              : F extends { kind: 'record'; fields: infer R extends Fields }
                ? S extends 'wire'
                  ? Simplify<{ [K in Exclude<keyof R, OptionalKeys<R>>]: Shape<R[K], S> } & { [K in OptionalKeys<R>]?: Shape<R[K], S> }>
                  : Simplify<{ [K in Exclude<keyof R, MarkKeys<R>>]: Shape<R[K], S> } & { [K in MarkKeys<R>]?: Shape<R[K], S> }>
                : never;

export type Wire<F> = Shape<F, 'wire'>;
export type Normalised<F> = Shape<F, 'normalised'>;

/** Makes a provider media path absolute on the media host; anything not http(s) or a path is dropped. */
export function mediaUrl(mediaHost: string, path: unknown): string {
  if (typeof path !== 'string' || path.trim() === '') return '';
  const value = path.trim();
  if (/^https?:\/\//i.test(value)) return value;
  if (!value.startsWith('/') || value.startsWith('//')) return '';
  return `${mediaHost.replace(/\/$/, '')}${value}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function toText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

function toNumber(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
}

function walk(field: Field, value: unknown, mediaHost: string): unknown {
  switch (field.kind) {
    case 'text':
    case 'html':
      return toText(value);
    case 'number':
      return toNumber(value);
    case 'media':
      return mediaUrl(mediaHost, value);
    case 'pics': {
      const paths = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : [];
      return paths.map((path) => mediaUrl(mediaHost, path)).filter(Boolean);
    }
    case 'oneOf':
      return field.values.includes(value as string) ? value : field.values[0];
    case 'optional':
      return walk(field.of, value, mediaHost);
    case 'nullable':
      return value === null || value === undefined || (field.of.kind === 'record' && !isRecord(value)) ? null : walk(field.of, value, mediaHost);
    case 'list':
      return Array.isArray(value) ? value.map((item) => walk(field.of, item, mediaHost)) : [];
    case 'mark':
      return field.values.includes(value as string) ? value : undefined;
    case 'record': {
      const source = isRecord(value) ? value : {};
      const entries = Object.entries(field.fields).map(([key, inner]) => [key, walk(inner, source[key], mediaHost)] as const);
      return Object.fromEntries(entries.filter(([key, walked]) => walked !== undefined || field.fields[key]?.kind !== 'mark'));
    }
  }
}

/**
 * The wire answer for "nothing here": null where the declaration allows it, an empty list, a
 * record of empty fields. What the provider sends for a section an editor left out, so the page
 * shows it as absent rather than failing on a "not found".
 */
export function emptyWire<F extends Field>(schema: F): Wire<F> {
  return emptyOf(schema) as Wire<F>;
}

function emptyOf(field: Field): unknown {
  switch (field.kind) {
    case 'text':
    case 'html':
    case 'media':
    case 'pics':
      return '';
    case 'number':
      return 0;
    case 'oneOf':
      return field.values[0];
    case 'optional':
    case 'mark':
      return undefined;
    case 'nullable':
      return null;
    case 'list':
      return [];
    case 'record':
      return Object.fromEntries(
        Object.entries(field.fields).flatMap(([key, inner]) => (inner.kind === 'optional' || inner.kind === 'mark' ? [] : [[key, emptyOf(inner)]])),
      );
  }
}

export function normalise<F extends Field>(schema: F, value: unknown, mediaHost: string): Normalised<F> {
  return walk(schema, value, mediaHost) as Normalised<F>;
}
