/**
 * POST /_internal/cache/purge: the content import tells the running site its pages are out of
 * date, so a change shows at once rather than after the cache's stale windows. Guarded by a
 * shared secret (CACHE_PURGE_SECRET, or DATA_DIR/cache-purge.secret which the site creates);
 * a request that came through a proxy (it carries X-Forwarded-For) is refused outright.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CACHE_PURGE_PATH } from '../provider/content/siteCache';

function sameSecret(given: string, secret: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function registerCachePurge(app: FastifyInstance, secret: string, purge: () => void) {
  app.post(CACHE_PURGE_PATH, async (request, reply) => {
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (request.headers['x-forwarded-for'] !== undefined || !sameSecret(given, secret)) {
      request.log.warn('page cache purge refused');
      return reply.code(403).type('text/plain').send('Forbidden');
    }
    purge();
    request.log.info('page cache purged');
    return reply.code(204).send();
  });
}

