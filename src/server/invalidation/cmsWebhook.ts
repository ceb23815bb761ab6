/**
 * POST /_internal/cms/webhook: the CMS (Strapi) says an entry or a media file changed, and the
 * site marks the cached pages that show it out of date (render/cmsAffectedPages.ts) and drops its
 * sitemap, so the change shows on the next request rather than after the cache's windows; a page
 * whose new render fails keeps its last good copy (render/pageCache.ts). Only what visitors can
 * see counts (publicEffect.ts): a draft saved or a file renamed touches nothing. What an editor
 * takes down (an entry unpublished or deleted) is taken out of the provider's memory for outages
 * first, and its pages are thrown away, never kept to stand in for a failed render; a file
 * replaced or deleted loses the copies the site made of it. Strapi sends the shared
 * secret (CMS_WEBHOOK_SECRET) as a custom header, `Authorization: Bearer <secret>`; it is
 * checked before the body is read. With peers or a cache in front (purgeRelay.ts), the change is
 * passed on; a peer's `{ relayed: [changes] }` is applied here and goes to the cache only.
 */
import type { FastifyInstance } from 'fastify';
import { affectedPages, type AffectedPages, type CmsChange } from '../render/cmsAffectedPages';
import { internalRefusal } from '../../http/internalAuth';
import { MEDIA_EDITED, MEDIA_REPLACED, publicEffect } from './publicEffect';
import type { PurgeRelay } from './purgeRelay';

export const CMS_WEBHOOK_PATH = '/_internal/cms/webhook';
/** Strapi sends the whole entry, rich text included: far more than the 16 KiB the site takes elsewhere. */
const BODY_LIMIT = 1024 * 1024;

export interface WebhookEffects {
  /** Marks the pages out of date (`takenDown`: throws them away) and returns the URLs of those it had kept. */
  drop(pages: AffectedPages, options: { takenDown: boolean }): string[];
  /** Takes an entry out of what the provider keeps for outages; settles after the first try (providerTakedown.ts). */
  takeDown(change: CmsChange): Promise<unknown>;
  /** Whether the file's bytes changed since this process last read them (a media edit that shows). */
  replaced(file: string): Promise<boolean>;
  /**
   * Forgets the copies made of the file (`replaced`: those of its older versions; else every one);
   * returns the URLs a cache in front may keep them under.
   */
  forgetFile(file: string, replaced: boolean): Promise<string[]> | string[];
  /** Hears the URL of a file uploaded or replaced (Strapi's media.create and media.update). */
  mediaSaved?(url: string): void;
}

export function registerCmsWebhook(app: FastifyInstance, secret: string, effects: WebhookEffects, relay: PurgeRelay | null = null) {
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
      if (savedUrl) effects.mediaSaved?.(savedUrl);
      for (const received of relayed ?? [change as CmsChange]) {
        const each = await settled(received, effects);
        const effect = publicEffect(each);
        if (effect === 'none') {
          request.log.info({ ...each, relayed: relayed !== null }, 'CMS change: nothing public changed');
          // A media edit that replaced nothing here goes to the peers as Strapi sent it, so each
          // settles it by the versions it gave out (a peer on another host may have served a file
          // this one never read). A replacement found here goes as one: settling it dropped the old
          // versions from the ledger this host's processes share.
          if (!relayed && publicEffect(received) === 'file?') relay?.received(received, [], [], null);
          continue;
        }
        if (effect === 'takedown') await effects.takeDown(each);
        const pictures = effect === 'file' && each.file ? await effects.forgetFile(each.file, each.event === MEDIA_REPLACED) : [];
        const pages = affectedPages(each);
        const marked = effects.drop(pages, { takenDown: effect === 'takedown' });
        if (relayed) relay?.relayed(marked, pictures);
        else relay?.received(each, marked, pictures);
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

/** A media edit as what it turned out to be: a replaced file, or nothing that shows. */
async function settled(change: CmsChange, effects: WebhookEffects): Promise<CmsChange> {
  if (publicEffect(change) !== 'file?') return change;
  return change.file && (await effects.replaced(change.file)) ? { ...change, event: MEDIA_REPLACED } : { ...change, event: MEDIA_EDITED };
}

/** The event, the entry's model, ids and language, or the media's file; null when the body is no event at all. */
function readChange(body: unknown): CmsChange | null {
  if (!isRecord(body) || typeof body.event !== 'string' || body.event === '') return null;
  const entry = isRecord(body.entry) ? body.entry : {};
  const media = isRecord(body.media) ? body.media : {};
  return {
    event: body.event,
    model: typeof body.model === 'string' ? body.model : null,
    siteId: siteIdOf(entry.site_id),
    documentId: textOf(entry.documentId),
    locale: textOf(entry.locale),
    file: fileOf(media.url),
    ...(entry.publishedAt === null ? { draft: true } : {}),
  };
}

/** A peer's batch (purgeRelay.ts): every change must read as one, else the body is refused. */
function readRelayed(body: unknown): CmsChange[] | null {
  if (!isRecord(body) || !Array.isArray(body.relayed)) return null;
  const changes = body.relayed.map((each: unknown): CmsChange | null =>
    isRecord(each) && typeof each.event === 'string' && each.event !== ''
      ? {
          event: each.event,
          model: textOf(each.model),
          siteId: siteIdOf(each.siteId),
          documentId: textOf(each.documentId),
          locale: textOf(each.locale),
          file: fileOf(each.file),
        }
      : null,
  );
  return changes.every((each): each is CmsChange => each !== null) ? changes : null;
}

const textOf = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** Strapi's local files are named from its origin (`/uploads/…`); a file elsewhere (a cloud provider's URL) has no copies here. */
const fileOf = (value: unknown): string | null => (typeof value === 'string' && /^\/uploads(?:\/[\w-][\w.-]*)+$/.test(value) ? value : null);

function siteIdOf(value: unknown): number | null {
  const id = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
