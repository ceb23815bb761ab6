/**
 * Drafts for the site's previews: the content calls answered a second time under
 * /_preview/<admin>, from Strapi's drafts (`status=draft`, with STRAPI_PREVIEW_TOKEN, the one token
 * besides the seed's that the CMS lets read them), to the site alone. Each preview names the CMS
 * admin who opened it (its signed address does: src/server/preview/previewSignature.ts), and the drafts are
 * asked for on that admin's behalf (`X-Preview-Admin`): Strapi answers the drafts that admin may
 * read and the published version of the rest (cms/src/previewRights.js), so an Author's preview
 * never shows another admin's drafts. The site is not a visitor: it proves itself with a key
 * derived from PREVIEW_SECRET, which it shares with the CMS to check preview addresses, and the
 * site's /api proxy never forwards this prefix. Published content keeps its own client, token and
 * last good answers: a draft never reaches a visitor's page, nor one admin's drafts another's preview.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { PREVIEW_ADMIN_HEADER, PREVIEW_API_PREFIX, previewAccessKey, previewAdminOf } from '../../http/previewAccess';
import type { ContentSource } from '../content/contentSource';
import { registerContentRoutes } from '../content/contentRoutes';
import { fail } from '../envelope';
import { MESSAGES } from '../messages';
import { createStrapiSource } from './source';

export interface StrapiPreview {
  /** A read-only Content API token that may read drafts. */
  token: string;
  /** PREVIEW_SECRET: the site's previews are signed with it; the provider takes a key derived from it. */
  secret: string;
}

/** Compared as digests: neither the comparison nor the key's length shows in the time taken. */
function sameKey(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return given !== '' && timingSafeEqual(digest(given), digest(expected));
}

/** The drafts one admin may read, as a content source: what the draft routes answer that admin's previews from. */
export type DraftsOf = (admin: number) => ContentSource;

/** The admins whose previews' sources are kept, and what each keeps for outages: a preview is one admin's page, not the site's. */
const KEPT_ADMINS = 32;
const KEPT_PER_ADMIN = { pinnedBytes: 2 * 1024 * 1024, recentBytes: 2 * 1024 * 1024 };

/**
 * Strapi's drafts per admin: a source of its own for each (its last good answers are that admin's
 * alone), the most recent admins' kept. They reach Strapi as the published source does: the same
 * address, CMS_PUBLIC_URL (`publicUrl`) and timeout.
 */
export function strapiDrafts(
  app: FastifyInstance,
  { url, publicUrl, timeoutMs, preview }: { url: string; publicUrl?: string; timeoutMs?: number; preview: StrapiPreview },
): DraftsOf {
  const sources = new LRUCache<number, ContentSource>({ max: KEPT_ADMINS });
  return (admin) => {
    let source = sources.get(admin);
    if (!source) {
      // The pages' omissions ("not published in en") are for the published site's log, not a preview's.
      source = createStrapiSource({
        url,
        // A picture an editor inserts into a draft's rich text is named by the address the CMS was opened at, as in the published one.
        publicUrl,
        timeoutMs,
        token: preview.token,
        status: 'draft',
        headers: { [PREVIEW_ADMIN_HEADER]: String(admin) },
        kept: KEPT_PER_ADMIN,
        warn: (message) => app.log.debug(`Preview: ${message}`),
      });
      sources.set(admin, source);
    }
    return source;
  };
}

/** The content calls under /_preview/<admin> from `drafts` of that admin, for a caller with the key of `secret` only (404 to any other). */
export async function registerDraftRoutes(app: FastifyInstance, drafts: DraftsOf, secret: string) {
  const key = previewAccessKey(secret);
  const adminOf = (request: FastifyRequest) => previewAdminOf((request.params as { admin?: string }).admin);
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', async (request, reply) => {
        const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
        if (!sameKey(given, key) || adminOf(request) === null) return reply.send(fail(reply, MESSAGES.en.unknownPath, 404));
      });
      registerContentRoutes(scope, (request) => drafts(adminOf(request)!));
    },
    { prefix: `${PREVIEW_API_PREFIX}/:admin` },
  );
}
