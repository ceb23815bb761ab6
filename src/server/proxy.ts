/**
 * /api/* → the content provider, prefix stripped. Bodies pass through unparsed; a provider
 * that is down or slow becomes the envelope {code: 1, msg} the client already handles,
 * without any internal host, port or stack in it.
 * /uploads/* → the provider's media, path kept, when the site serves them from its own origin.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import replyFrom from '@fastify/reply-from';
import { ENVELOPE_CODE } from '../contracts/envelope';
import { MEDIA_PREFIX } from '../contracts/endpoints';
import { localeFromCookie } from './localeCookie';
import { createPictureResizer, pictureRequest } from './pictures';

const MESSAGES = {
  zh: { down: '内容服务暂时不可用，请稍后再试', slow: '内容服务响应超时，请稍后再试' },
  en: { down: 'The content service is unavailable, please try again later', slow: 'The content service took too long to answer, please try again later' },
};
const API_BODY_LIMIT = 16 * 1024;
const UPSTREAM = { connections: 128, keepAliveTimeout: 60_000 };

function requestLanguage(request: FastifyRequest) {
  const lan = (request.query as Record<string, unknown>).lan;
  if (lan === 'en' || lan === 'zh') return lan;
  return localeFromCookie(request.headers.cookie);
}

export async function registerApiProxy(app: FastifyInstance, providerUrl: string, timeoutMs: number) {
  await app.register(
    async (api) => {
      api.removeAllContentTypeParsers();
      api.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: API_BODY_LIMIT }, (_request, body, done) => done(null, body));
      await api.register(replyFrom, { base: providerUrl, undici: UPSTREAM });
      api.all('/*', (request, reply) => {
        const path = request.url.slice('/api'.length) || '/';
        return reply.from(path, {
          timeout: timeoutMs,
          onError(reply, failure) {
            const error = (failure as { error?: { statusCode?: number; code?: string } }).error ?? (failure as { statusCode?: number });
            const timedOut = error.statusCode === 504 || /TIMEOUT/i.test((error as { code?: string }).code ?? '');
            const messages = MESSAGES[requestLanguage(request)];
            reply
              .code(timedOut ? 504 : 502)
              .type('application/json; charset=utf-8')
              .send({ code: ENVELOPE_CODE.error, msg: timedOut ? messages.slow : messages.down, data: null });
          },
        });
      });
    },
    { prefix: '/api' },
  );
}

/**
 * Pictures and video from the page's own origin: no second connection before the largest
 * picture, and one origin in the CSP. GET (and HEAD) only; ranges pass through for the video.
 * A picture asked for at one of the srcset widths (`?w=828`) is answered with a narrower copy.
 */
export async function registerMediaProxy(app: FastifyInstance, providerUrl: string, timeoutMs: number) {
  const pictures = createPictureResizer({ providerUrl, timeoutMs });
  await app.register(async (media) => {
    await media.register(replyFrom, { base: providerUrl, undici: UPSTREAM });
    media.get(`${MEDIA_PREFIX}*`, async (request, reply) => {
      const asked = pictureRequest(request.url);
      const copy = asked ? await pictures.get(asked.path, asked.width) : null;
      if (copy) {
        reply.header('Cache-Control', copy.cacheControl).header('ETag', copy.etag);
        if (request.headers['if-none-match'] === copy.etag) return reply.code(304).send();
        return reply.type(copy.type).send(copy.body);
      }
      return reply.from(request.url, {
        timeout: timeoutMs,
        onError: (reply) => reply.code(502).type('text/plain').send('Media unavailable'),
      });
    });
  });
}
