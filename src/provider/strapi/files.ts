/**
 * GET /uploads/<name>: Strapi's uploads, which it keeps in one folder under the names it gave
 * them (nothing else is forwarded), read through the content's circuit breaker (client.ts): while
 * Strapi fails, a file answers 503 at once rather than after a timeout each, and the site serves
 * the copies it holds (src/server/media/pictures.ts) or passes the failure on.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as WebStream } from 'node:stream/web';
import type { FastifyInstance } from 'fastify';
import { MEDIA_PREFIX } from '../../contracts/endpoints';

/** What a file request carries to Strapi: the part of the file (ranges) and its conditions. */
const ASKED = ['range', 'if-range', 'if-none-match', 'if-modified-since'];
/** What of Strapi's answer is passed on; the type is the guard's (uploadTypes.ts), the caching mediaCaching.ts's. */
const ANSWERED = ['content-length', 'content-range', 'accept-ranges', 'etag', 'last-modified'];
const RETRY_AFTER_SECONDS = 10;

export function registerStrapiFiles(app: FastifyInstance, file: (path: string, headers: Record<string, string>, method: string) => Promise<Response>) {
  app.get(`${MEDIA_PREFIX}:name`, async (request, reply) => {
    const { name } = request.params as { name: string };
    if (!/^[\w-][\w.-]*$/.test(name)) return reply.code(404).type('text/plain').send('Not found');
    const headers: Record<string, string> = {};
    for (const header of ASKED) if (typeof request.headers[header] === 'string') headers[header] = request.headers[header];
    let answer: Response;
    try {
      answer = await file(`${MEDIA_PREFIX}${name}`, headers, request.method);
    } catch (error) {
      request.log.warn(`Strapi's ${MEDIA_PREFIX}${name} unavailable: ${(error as Error).message}`);
      return reply
        .code(503)
        .header('Retry-After', String(RETRY_AFTER_SECONDS))
        .header('Cache-Control', 'no-store')
        .type('text/plain')
        .send('Media unavailable');
    }
    reply.code(answer.status).header('Cross-Origin-Resource-Policy', 'cross-origin');
    for (const header of ANSWERED) {
      const value = answer.headers.get(header);
      if (value !== null) reply.header(header, value);
    }
    // An empty stream rather than no body: Fastify answers a HEAD without one with a length of 0,
    // and the length is part of the file's version (mediaCaching.ts).
    if (!answer.body || request.method === 'HEAD') {
      await answer.body?.cancel();
      return reply.send(Readable.from([]));
    }
    return reply.send(Readable.fromWeb(answer.body as WebStream));
  });
}
