/**
 * Loads the content pack and its pictures into Strapi through its HTTP APIs, as an editor's
 * tools would: the admin API for tokens, the upload API for media, the
 * Content API for documents (zh first, then the en version of the same document, published).
 * An empty CMS is required unless `force`, which first removes every document and upload.
 */
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { LOCALES, type Locale } from '../../../contracts/locale';
import type { ContentPack } from '../../../contracts/schema/contentPack';
import { MEDIA_PREFIX } from '../../../contracts/endpoints';
import { mediaPaths, packDocuments, type SeedData, type SeedDocument, type SeedValue } from './packDocuments';

const SEED_TOKEN = 'content seed';
export const SITE_TOKEN = 'site (read-only)';
/** Reads drafts as well, for the site's previews only: cms/src/keepDraftsFromReaders.js names it. */
export const PREVIEW_TOKEN = 'site preview (drafts)';
const READ_ACTIONS = ['find', 'findOne'];
const MIME: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

export class CmsNotEmpty extends Error {}

export interface SeedOptions {
  cmsUrl: string;
  email: string;
  password: string;
  pack: ContentPack;
  /** The folder /uploads/ paths of the pack are relative to. */
  mediaDir: string;
  force?: boolean;
  log?: (line: string) => void;
}

export interface SeedResult {
  /** The read-only Content API token the site reads with. */
  siteToken: string;
  /** The same reads, drafts included: the site's previews (STRAPI_PREVIEW_TOKEN). */
  previewToken: string;
  documents: number;
  media: number;
}

type Json = Record<string, unknown>;

function http(base: string, authorization: () => string) {
  return async function call<T = Json>(method: string, path: string, body?: unknown): Promise<T> {
    const isForm = body instanceof FormData;
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: authorization(), ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`Strapi ${method} ${path}: ${response.status} ${text.slice(0, 500)}`);
    return (text ? JSON.parse(text) : {}) as T;
  };
}

export async function seedStrapi(options: SeedOptions): Promise<SeedResult> {
  const { cmsUrl, pack, mediaDir, force = false, log = () => {} } = options;
  const base = new URL(cmsUrl).origin;
  let jwt = '';
  let seedToken = '';
  const admin = http(base, () => `Bearer ${jwt}`);
  const api = http(base, () => `Bearer ${seedToken}`);

  const login = await admin<{ data: { token: string } }>('POST', '/admin/login', { email: options.email, password: options.password });
  jwt = login.data.token;
  await removeTokens(admin, [SEED_TOKEN]);
  seedToken = (
    await admin<{ data: { accessKey: string } }>('POST', '/admin/api-tokens', {
      name: SEED_TOKEN,
      type: 'full-access',
      lifespan: null,
      description: 'Used by npm run cms:seed, removed when it ends',
    })
  ).data.accessKey;
  try {
    const documents = packDocuments(pack);
    const types = [...new Map(documents.map((d) => [d.path, d.kind])).entries()];
    const existing = await countDocuments(api, types);
    if (existing > 0 && !force) throw new CmsNotEmpty(`Strapi already holds ${existing} documents: run with --force to replace them`);
    if (existing > 0 || force) await clear(api, types, log);

    const mediaIds = await upload(api, mediaPaths(documents), mediaDir, log);
    const documentIds = new Map<string, string>();
    for (const document of documents) await create(api, document, mediaIds, documentIds);
    log(`Created ${documents.length} documents in ${LOCALES.join(' and ')}`);

    await removeTokens(admin, [SITE_TOKEN, PREVIEW_TOKEN]);
    const permissions = await siteReadActions(admin);
    const readToken = async (name: string, description: string) =>
      (await admin<{ data: { accessKey: string } }>('POST', '/admin/api-tokens', { name, type: 'custom', permissions, lifespan: null, description })).data
        .accessKey;
    const siteToken = await readToken(SITE_TOKEN, 'The website reads published content with it');
    const previewToken = await readToken(PREVIEW_TOKEN, "The website's previews read drafts with it");
    return { siteToken, previewToken, documents: documents.length, media: mediaIds.size };
  } finally {
    await removeTokens(admin, [SEED_TOKEN]);
  }
}

type Call = ReturnType<typeof http>;

async function removeTokens(admin: Call, names: string[]) {
  const { data } = await admin<{ data: { id: number; name: string }[] }>('GET', '/admin/api-tokens');
  for (const token of data.filter((t) => names.includes(t.name))) await admin('DELETE', `/admin/api-tokens/${token.id}`);
}

/**
 * find and findOne of the site's own APIs (api::…): its content types, and the media library's
 * alternative texts of the pictures it names (api::picture-text, cms/src/api/picture-text);
 * nothing else: a read-only token could also list the upload library and other plugins' routes.
 * Drafts stay out of its reach too (cms/src/keepDraftsFromReaders.js).
 */
async function siteReadActions(admin: Call): Promise<string[]> {
  const { data } = await admin<{ data: Record<string, { controllers: Record<string, string[]> }> }>('GET', '/admin/content-api/permissions');
  return Object.entries(data)
    .filter(([api]) => api.startsWith('api::'))
    .flatMap(([api, { controllers }]) =>
      Object.entries(controllers).flatMap(([controller, actions]) =>
        actions.filter((action) => READ_ACTIONS.includes(action)).map((action) => `${api}.${controller}.${action}`),
      ),
    );
}

async function countDocuments(api: Call, types: [string, SeedDocument['kind']][]): Promise<number> {
  let total = 0;
  for (const [path, kind] of types) {
    for (const locale of LOCALES) {
      if (kind === 'single') {
        const found = await api<{ data: unknown }>('GET', `/api/${path}?locale=${locale}&status=draft`).catch(() => ({ data: null }));
        total += found.data ? 1 : 0;
      } else {
        const { meta } = await api<{ meta: { pagination: { total: number } } }>('GET', `/api/${path}?locale=${locale}&status=draft&pagination[pageSize]=1`);
        total += meta.pagination.total;
      }
    }
  }
  return total;
}

async function clear(api: Call, types: [string, SeedDocument['kind']][], log: (line: string) => void) {
  for (const [path, kind] of types) {
    for (const locale of LOCALES) {
      if (kind === 'single') {
        await api('DELETE', `/api/${path}?locale=${locale}`).catch(() => undefined);
        continue;
      }
      for (;;) {
        const { data } = await api<{ data: { documentId: string }[] }>(
          'GET',
          `/api/${path}?locale=${locale}&status=draft&pagination[pageSize]=100&fields[0]=documentId`,
        );
        if (data.length === 0) break;
        for (const { documentId } of data) await api('DELETE', `/api/${path}/${documentId}?locale=${locale}`);
      }
    }
  }
  const files = await api<{ id: number }[]>('GET', '/api/upload/files');
  for (const file of files) await api('DELETE', `/api/upload/files/${file.id}`);
  log(`Removed the documents and ${files.length} uploads that were there`);
}

/** Uploads each file once; answers the upload library's id of every pack path. */
async function upload(api: Call, paths: string[], mediaDir: string, log: (line: string) => void): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const path of paths) {
    const name = path.slice(MEDIA_PREFIX.length);
    const form = new FormData();
    form.append(
      'files',
      new Blob([await readFile(join(mediaDir, name))], { type: MIME[extname(name).toLowerCase()] ?? 'application/octet-stream' }),
      name.replace(/\//g, '-'),
    );
    form.append('fileInfo', JSON.stringify({ name: name.replace(/\//g, '-'), caption: path }));
    const [file] = await api<{ id: number }[]>('POST', '/api/upload', form);
    ids.set(path, file!.id);
  }
  log(`Uploaded ${ids.size} media files`);
  return ids;
}

function resolve(value: SeedValue, locale: Locale, mediaIds: Map<string, number>, documentIds: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => resolve(v, locale, mediaIds, documentIds));
  if (value === null || typeof value !== 'object') return value;
  if ('media' in value && typeof value.media === 'string') {
    const id = mediaIds.get(value.media);
    if (id === undefined) throw new Error(`No upload for ${value.media}`);
    return id;
  }
  if ('relation' in value && typeof value.relation === 'string') {
    const documentId = documentIds.get(value.relation);
    if (!documentId) throw new Error(`No document ${value.relation} created before it is named`);
    return { connect: [{ documentId, locale }] };
  }
  return Object.fromEntries(Object.entries(value).map(([field, inner]) => [field, resolve(inner, locale, mediaIds, documentIds)]));
}

async function create(api: Call, document: SeedDocument, mediaIds: Map<string, number>, documentIds: Map<string, string>) {
  const dataOf = (locale: Locale) => resolve(document.data[locale] as SeedValue, locale, mediaIds, documentIds) as SeedData;
  const [first, ...others] = LOCALES;
  if (document.kind === 'single') {
    for (const locale of LOCALES) await api('PUT', `/api/${document.path}?locale=${locale}`, { data: dataOf(locale) });
    return;
  }
  const created = await api<{ data: { documentId: string } }>('POST', `/api/${document.path}?locale=${first}`, { data: dataOf(first!) });
  const { documentId } = created.data;
  for (const locale of others) await api('PUT', `/api/${document.path}/${documentId}?locale=${locale}`, { data: dataOf(locale) });
  if (document.key) documentIds.set(document.key, documentId);
}
