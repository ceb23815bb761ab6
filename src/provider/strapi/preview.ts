/**
 * Drafts for the site's previews: the content calls answered a second time under /_preview, from
 * Strapi's drafts (`status=draft`, with STRAPI_PREVIEW_TOKEN, the one token besides the seed's
 * that the CMS lets read them), to the site alone. The site is not a visitor: it proves itself
 * with a key derived from PREVIEW_SECRET, which it shares with the CMS to check preview
 * addresses, and the site's /api proxy never forwards this prefix. Published content keeps its
 * own client, token and last good answers: a draft never reaches a visitor's page.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { PREVIEW_API_PREFIX, previewAccessKey } from '../../http/previewAccess';
import type { ContentSource } from '../contentSource';
import { registerContentRoutes } from '../contentRoutes';
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

/** Strapi's drafts as a content source: what the draft routes answer from. */
export function strapiDrafts(app: FastifyInstance, strapiUrl: string, preview: StrapiPreview): ContentSource {
  // The pages' omissions ("not published in en") are for the published site's log, not a preview's.
  return createStrapiSource({ url: strapiUrl, token: preview.token, status: 'draft', warn: (message) => app.log.debug(`Preview: ${message}`) });
}

/** The content calls under /_preview from `drafts`, for a caller with the key of `secret` only (404 to any other). */
export async function registerDraftRoutes(app: FastifyInstance, drafts: ContentSource, secret: string) {
  const key = previewAccessKey(secret);
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', async (request, reply) => {
        const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
        if (!sameKey(given, key)) return reply.send(fail(reply, MESSAGES.en.unknownPath, 404));
      });
      registerContentRoutes(scope, drafts);
    },
    { prefix: PREVIEW_API_PREFIX },
  );
}
