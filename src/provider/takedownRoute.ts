/**
 * POST /_internal/cms/takedown: the site relays an entry an editor took down in Strapi
 * (unpublished or deleted), and the provider takes it out of the answers it keeps for outages
 * (strapi/takedown.ts), before the site renders the pages that showed it again. Guarded as the
 * site's own internal endpoints are: the CMS webhook's secret, and never through a proxy.
 */
import type { FastifyInstance } from 'fastify';
import { internalRefusal } from '../http/internalAuth';
import { TAKEDOWN_PATH } from '../http/internalPaths';
import type { Takedown } from './strapi/takedown';

export function registerTakedownRoute(app: FastifyInstance, secret: string, takeDown: (takedown: Takedown) => number) {
  app.post(TAKEDOWN_PATH, async (request, reply) => {
    const refusal = internalRefusal(request.headers, secret);
    if (refusal) {
      request.log.warn(`takedown refused (${refusal})`);
      return reply.code(403).type('text/plain').send('Forbidden');
    }
    const takedown = readTakedown(request.body);
    if (!takedown) return reply.code(400).type('text/plain').send('Bad request');
    const changed = takeDown(takedown);
    request.log.info({ ...takedown, changed }, 'CMS takedown: kept answers rewritten');
    return { changed };
  });
}

function readTakedown(body: unknown): Takedown | null {
  if (typeof body !== 'object' || body === null) return null;
  const { documentId, locale } = body as Record<string, unknown>;
  if (typeof documentId !== 'string' || documentId === '') return null;
  if (locale !== null && typeof locale !== 'string') return null;
  return { documentId, locale };
}
