/**
 * POST /_internal/cms/webhook: the CMS (Strapi) says an entry or a media file changed, and the
 * site marks the cached pages that show it out of date (render/cmsAffectedPages.ts) and drops its
 * sitemap, so the change shows on the next request rather than after the cache's windows; a page
 * whose new render fails keeps its last good copy (render/pageCache.ts). Strapi sends the shared
 * secret (CMS_WEBHOOK_SECRET) as a custom header, `Authorization: Bearer <secret>`; it is
 * checked before the body is read. With peers or a cache in front (purgeRelay.ts), the change is
 * passed on; a peer's `{ relayed: [changes] }` is marked here and goes to the cache only.
 */
import type { FastifyInstance } from 'fastify';
import { affectedPages, type AffectedPages, type CmsChange } from './render/cmsAffectedPages';
import { internalRefusal } from './internalAuth';
import type { PurgeRelay } from './purgeRelay';

export const CMS_WEBHOOK_PATH = '/_internal/cms/webhook';
/** Strapi sends the whole entry, rich text included: far more than the 16 KiB the site takes elsewhere. */
const BODY_LIMIT = 1024 * 1024;

/**
 * `drop` marks the pages out of date and returns the URLs of those it had kept; `mediaSaved`
 * hears the URL of a file uploaded or replaced (Strapi's media.create and media.update).
 */
export function registerCmsWebhook(app: FastifyInstance, secret: string, drop: (pages: AffectedPages) => string[], relay: PurgeRelay | null = null, mediaSaved?: (url: string) => void) {
  app.post(
    CMS_WEBHOOK_PATH,
    {
      bodyLimit: BODY_LIMIT,
      onRequest: async (request, reply) => {
        const refusal = internalRefusal(request.headers, secret);
        if (!refusal) return;
        request.log.warn(`CMS webhook refused (${refusal})`);
        const [status, text] = refusal === 'proxied' ? [403, 'Forbidden'] : [401, 'Unauthorized'];
        return reply.code(status).type('text/plain').send(text);
      },
    },
    async (request, reply) => {
      const relayed = readRelayed(request.body);
      const change = relayed ? null : readChange(request.body);
      if (!relayed && !change) {
        request.log.warn('CMS webhook: the body is not a CMS event');
        return reply.code(400).type('text/plain').send('Bad request');
      }
      const savedUrl = change && SAVED_MEDIA.has(change.event) ? mediaUrlOf(request.body) : null;
      if (savedUrl) mediaSaved?.(savedUrl);
      for (const each of relayed ?? [change as CmsChange]) {
        const pages = affectedPages(each);
        const marked = drop(pages);
        if (relayed) relay?.relayed(marked);
        else relay?.received(each, marked);
        request.log.info({ ...each, pages: pages === 'all' ? 'all' : 'some', relayed: relayed !== null }, 'CMS change: cached pages out of date');
      }
      return reply.code(204).send();
    },
  );
}

const SAVED_MEDIA = new Set(['media.create', 'media.update']);

/** The URL of a media event's file (`{ media: { url: '/uploads/…' } }`), if it names one. */
function mediaUrlOf(body: unknown): string | null {
  const media = isRecord(body) && isRecord(body.media) ? body.media : null;
  return media && typeof media.url === 'string' ? media.url : null;
}

/** The event, the entry's model and its site id; null when the body is no event at all. */
function readChange(body: unknown): CmsChange | null {
  if (!isRecord(body) || typeof body.event !== 'string' || body.event === '') return null;
  const entry = isRecord(body.entry) ? body.entry : {};
  return { event: body.event, model: typeof body.model === 'string' ? body.model : null, siteId: siteIdOf(entry.site_id) };
}

/** A peer's batch (purgeRelay.ts): every change must read as one, else the body is refused. */
function readRelayed(body: unknown): CmsChange[] | null {
  if (!isRecord(body) || !Array.isArray(body.relayed)) return null;
  const changes = body.relayed.map((each: unknown) => (isRecord(each) && typeof each.event === 'string' && each.event !== '' ? { event: each.event, model: typeof each.model === 'string' ? each.model : null, siteId: siteIdOf(each.siteId) } : null));
  return changes.every((each): each is CmsChange => each !== null) ? changes : null;
}

function siteIdOf(value: unknown): number | null {
  const id = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
