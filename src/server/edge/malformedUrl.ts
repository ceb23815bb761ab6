/**
 * A URL with a percent-escape that does not decode (`?x=%E0`, `/news/%E0`, `/api/%zz`) is a bad
 * request wherever the escape is: 400, in the envelope under /api and /uploads, the shared error
 * page elsewhere, logged at warn. Nothing downstream reads such a URL (the router, the proxy's
 * reply-from and the media paths would throw on it).
 * Fastify's rewriteUrl (markMalformedUrl) notes the request and hands the router a spelling it
 * can decode (each `%` escaped), so the request passes the hooks like any other (security
 * headers, request log) until the hook of refuseMalformedUrls answers it, before any route runs.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MEDIA_PREFIX } from '../../contracts/endpoints';
import { envelope, isApiUrl } from './proxy';

const malformed = new WeakSet<IncomingMessage>();

function decodes(url: string): boolean {
  try {
    decodeURIComponent(url);
    return true;
  } catch {
    return false;
  }
}

/** Fastify's `rewriteUrl`: the URL as sent, or for a malformed one a decodable stand-in. */
export function markMalformedUrl(req: IncomingMessage): string {
  const url = req.url ?? '/';
  if (!url.includes('%') || decodes(url)) return url;
  malformed.add(req);
  return url.replace(/%/g, '%25');
}

/** How a page-side URL answers with a status of its own (the page route's error page). */
export type StatusPage = (request: FastifyRequest, reply: FastifyReply, status: number) => Promise<FastifyReply> | FastifyReply;

/**
 * Answers the requests markMalformedUrl noted. Register it after the security headers and
 * before the routes; `answerPagesWith` names the error page once the page route exists.
 */
export function refuseMalformedUrls(app: FastifyInstance) {
  let page: StatusPage = (_request, reply, status) => reply.code(status).type('text/plain').send('Bad request');
  app.addHook('onRequest', async (request, reply) => {
    if (!malformed.has(request.raw)) return;
    request.log.warn('malformed escape in the URL');
    reply.header('Cache-Control', 'no-store');
    if (isApiUrl(request.originalUrl) || request.originalUrl.startsWith(MEDIA_PREFIX)) return envelope(request, reply, 400, 'badRequest');
    return page(request, reply, 400);
  });
  return {
    answerPagesWith(errorPage: StatusPage) {
      page = errorPage;
    },
  };
}
