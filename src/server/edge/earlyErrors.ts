/**
 * Answers Fastify would otherwise write itself, as raw JSON of its own, before any route or hook
 * of ours runs: a parameter too long, and requests that arrive while the server closes (a URL
 * that does not decode never gets here: malformedUrl.ts answers it). Under /api they are
 * envelopes like every other /api answer (the client's envelope handling covers them);
 * elsewhere plain text, naming nothing of the request.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { envelope, isApiUrl } from './proxy';

/** Fastify's `frameworkErrors`: the request was never routed. */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (status === 500) request.log.error({ err: error }, 'request could not be routed');
  if (isApiUrl(request.url)) return envelope(request, reply, status, status === 500 ? 'failed' : 'badRequest');
  return reply
    .code(status)
    .type('text/plain')
    .send(status === 500 ? 'Internal error' : 'Bad request');
}

const RETRY_AFTER_SECONDS = '5';

/**
 * Once close() has begun, a request still arriving on an open connection is told 503 (the
 * connection then closes), in the envelope under /api. Used with `return503OnClosing: false`,
 * whose answer is Fastify's own JSON; requests accepted before still finish normally.
 */
export function answerWhileClosing(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (!closing) return done();
    reply.header('Connection', 'close').header('Retry-After', RETRY_AFTER_SECONDS).header('Cache-Control', 'no-store');
    if (isApiUrl(request.url)) return void envelope(request, reply, 503, 'failed');
    return void reply.code(503).type('text/plain').send('Service unavailable');
  });
}
