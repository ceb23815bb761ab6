/**
 * POST /_internal/cache/purge: the content import tells the running site its pages are out of
 * date, so a change shows at once rather than after the cache's stale windows (each page is
 * rendered again on its next request and kept if that render fails). Guarded by a
 * shared secret (CACHE_PURGE_SECRET, or DATA_DIR/cache-purge.secret which the site creates);
 * a request that came through a proxy (it carries X-Forwarded-For) is refused outright.
 */
import type { FastifyInstance } from 'fastify';
import { CACHE_PURGE_PATH } from '../../http/internalPaths';
import { internalRefusal } from '../../http/internalAuth';

export function registerCachePurge(app: FastifyInstance, secret: string, purge: () => void) {
  app.post(CACHE_PURGE_PATH, async (request, reply) => {
    const refusal = internalRefusal(request.headers, secret);
    if (refusal) {
      request.log.warn(`page cache purge refused (${refusal})`);
      return reply.code(403).type('text/plain').send('Forbidden');
    }
    purge();
    request.log.info('page cache purged');
    return reply.code(204).send();
  });
}
