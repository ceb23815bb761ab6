/**
 * Defensive decoding of provider data: whatever arrives (nulls, wrong types, missing fields)
 * is coerced into the shape of a template of defaults, so views never meet a surprise.
 * Media fields become absolute URLs on the media host; `pics` is split on commas.
 */
const MEDIA_KEYS = new Set(['pic', 'img', 'video_img', 'webimg', 'over_pic', 'logo', 'qrcode']);
const PICS_KEY = 'pics';

export type Template = string | number | boolean | null | readonly Template[] | { readonly [key: string]: Template };

/** A field that may be null (e.g. the featured news item): its template, marked. */
const NULLABLE = Symbol('nullable');
export function nullable<T extends object>(template: T): T | null {
  return Object.assign(Object.create(null) as object, template, { [NULLABLE]: true }) as T;
}

/** Makes a provider media path absolute on the media host; anything not http(s) or a path is dropped. */
export function mediaUrl(mediaHost: string, path: unknown): string {
  if (typeof path !== 'string' || path.trim() === '') return '';
  const value = path.trim();
  if (/^https?:\/\//i.test(value)) return value;
  if (!value.startsWith('/') || value.startsWith('//')) return '';
  return `${mediaHost.replace(/\/$/, '')}${value}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function coerceString(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

function coerceNumber(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
}

export function coerce<T>(template: T, value: unknown, mediaHost: string, key = ''): T {
  if (typeof template === 'string') {
    return (MEDIA_KEYS.has(key) ? mediaUrl(mediaHost, value) : coerceString(value)) as T;
  }
  if (typeof template === 'number') return coerceNumber(value) as T;
  if (typeof template === 'boolean') return Boolean(value) as T;
  if (Array.isArray(template)) {
    if (key === PICS_KEY) {
      const list = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : [];
      return list.map((item) => mediaUrl(mediaHost, item)).filter(Boolean) as T;
    }
    return (Array.isArray(value) ? value.map((item) => coerce(template[0], item, mediaHost, key)) : []) as T;
  }
  if (template !== null && typeof template === 'object') {
    if ((template as Record<symbol, unknown>)[NULLABLE] && !isRecord(value)) return null as T;
    const source = isRecord(value) ? value : {};
    const out: Record<string, unknown> = {};
    for (const field of Object.keys(template)) {
      out[field] = coerce((template as Record<string, unknown>)[field], source[field], mediaHost, field);
    }
    return out as T;
  }
  return value as T;
}
