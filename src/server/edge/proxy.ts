/**
 * /api/* → the content provider, prefix stripped, for the provider's endpoints with their
 * methods only (src/contracts/endpoints.ts): pointed at a real CMS, its admin and user APIs
 * stay unreachable. Every answer of /api is an envelope {code, msg}: an unknown path or
 * method (404), a body over the form's limit (413), a provider that is down or slow (502/504),
 * and what Fastify answers before routing (a malformed escape, 400: malformedUrl.ts; closing, 503:
 * earlyErrors.ts), without any internal host, port or stack in it.
 * A POST from another site's page (a browser's Sec-Fetch-Site, else its Origin) is refused with
 * 403 (envelope code 1, not the client's "login expired" 403) before its body is read.
 * The provider learns the visitor's address (X-Forwarded-For, as resolved under TRUST_PROXY)
 * and the request id, never the visitor's cookies, forwarding headers or override headers, and
 * of the query only the keys its endpoint takes (ENDPOINT_QUERY_KEYS). With the site's own media,
 * each picture a content answer names carries its version, as on a server-rendered page.
 * /uploads/* → the provider's media, path kept, when the site serves them from its own origin,
 * with only the headers a file request needs (mediaRequestHeaders); pictures, video and PDF
 * only, served inert (src/http/uploadTypes.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import replyFrom from '@fastify/reply-from';
import { ENVELOPE_CODE } from '../../contracts/envelope';
import { ENDPOINT, MEDIA_PREFIX, POST_ENDPOINTS, queryKeysOf, type EndpointName } from '../../contracts/endpoints';
import { SUBMISSION_BODY_LIMIT } from '../../contracts/forms';
import { REQUEST_ID_HEADER } from '../../contracts/constants';
import { localeFromCookie } from './localeCookie';
import { isFromElsewhere, type OriginOf } from './origin';
import { pictureFormat, pictureRequest, type PictureResizer } from '../media/pictures';
import type { PictureVersions } from '../media/pictureVersions';
import { mediaCacheControl, validatorsOf } from '../../http/mediaCaching';
import { matchesEtag } from '../render/etag';
import { withWirePictureVersions } from '../render/versionedPictures';
import { PAYLOADS } from '../../contracts/payloads';
import type { Field } from '../../contracts/schema/payload';
import { guardUploads } from '../../http/uploadTypes';

const MESSAGES = {
  zh: {
    down: '内容服务暂时不可用，请稍后再试',
    slow: '内容服务响应超时，请稍后再试',
    unknown: '接口不存在',
    tooLarge: '提交内容过长，请缩短后再试',
    badRequest: '请求格式不正确',
    failed: '服务器繁忙，请稍后再试',
    elsewhere: '只接受从本网站页面提交的表单',
  },
  en: {
    down: 'The content service is unavailable, please try again later',
    slow: 'The content service took too long to answer, please try again later',
    unknown: 'Unknown API path',
    tooLarge: 'The submission is too long; please shorten it and try again',
    badRequest: 'The request is malformed',
    failed: 'The server is busy, please try again later',
    elsewhere: "Only forms sent from this site's own pages are accepted",
  },
};
export type Message = keyof (typeof MESSAGES)['zh'];

const UPSTREAM = { connections: 128, keepAliveTimeout: 60_000 };
/**
 * What a visitor's /api request carries to the provider, which may be a third party's
 * (PROVIDER_URL): what the provider's calls need (the body's type and length, the `token` header), how
 * the answer may be encoded and conditional, and nothing else. An allow list, so a header no one
 * thought of (an address a CDN adds, Authorization, a method override) never reaches it; the site
 * adds the visitor's address as it resolved it and the request id.
 */
const API_HEADERS = ['host', 'accept', 'accept-encoding', 'accept-language', 'content-type', 'content-length', 'token', 'if-none-match', 'if-modified-since'];

/**
 * What a request for a picture or the video carries to the provider or media host: the file
 * it asks for, in part (the video's ranges) or only if changed, and the request id for the logs.
 * Nothing about the visitor: no cookies, token or authorization, no address, no user agent.
 */
const MEDIA_HEADERS = ['host', 'accept', 'range', 'if-range', 'if-none-match', 'if-modified-since', 'if-match', 'if-unmodified-since'];

function mediaRequestHeaders(headers: Record<string, string | string[] | undefined>, requestId: string) {
  const kept: Record<string, string | string[] | undefined> = { [REQUEST_ID_HEADER]: requestId };
  for (const name of MEDIA_HEADERS) if (headers[name] !== undefined) kept[name] = headers[name];
  return kept;
}

/** The allow-list: each provider endpoint with its one method (GET also answers HEAD). */
export const API_ROUTES = (Object.entries(ENDPOINT) as [EndpointName, string][]).map(([name, path]) => ({
  name,
  path,
  method: POST_ENDPOINTS.includes(name) ? ('POST' as const) : ('GET' as const),
}));

function requestLanguage(request: FastifyRequest) {
  // An answer given before routing has no parsed query: read it from the URL.
  const query = (request.query as Record<string, unknown> | null | undefined) ?? Object.fromEntries(new URLSearchParams(request.url.split('?')[1] ?? ''));
  const lan = query.lan;
  if (lan === 'en' || lan === 'zh') return lan;
  return localeFromCookie(request.headers.cookie);
}

export const API_PREFIX = '/api';

/** Whether a request's URL (path and query as sent) is under /api, where every answer is an envelope. */
export function isApiUrl(url: string): boolean {
  return url === API_PREFIX || /^\/api[/?]/.test(url);
}

/**
 * The query as sent, with only the pairs whose key is in `keys` (the first of each; the rest
 * dropped): `?lan=en&s=/admin/user` → `?lan=en`. Pairs are kept as written, escapes and all.
 */
export function knownQuery(url: string, keys: readonly string[]): string {
  const at = url.indexOf('?');
  if (at === -1) return '';
  const seen = new Set<string>();
  const kept = url
    .slice(at + 1)
    .split('&')
    .filter((pair) => {
      const key = queryKey(pair);
      if (key === null || !keys.includes(key) || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  return kept.length > 0 ? `?${kept.join('&')}` : '';
}

function queryKey(pair: string): string | null {
  try {
    return decodeURIComponent((pair.split('=')[0] ?? '').replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** An error of /api as the client's envelope handling expects it, in the visitor's language. */
export function envelope(request: FastifyRequest, reply: FastifyReply, status: number, message: Message) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ code: ENVELOPE_CODE.error, msg: MESSAGES[requestLanguage(request)][message], data: null });
}

/** A content answer the browser renders from: its payload's declaration, which says where its pictures are. */
const payloadOf = (name: EndpointName): Field | null => (name in PAYLOADS ? PAYLOADS[name as keyof typeof PAYLOADS] : null);

/** The provider's answer read whole: a content answer's pictures named by version, the rest as sent. */
async function sendVersioned(reply: FastifyReply, payload: Field, body: NodeJS.ReadableStream, versions: PictureVersions) {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  const sent = Buffer.concat(chunks);
  let answer: { code?: unknown; data?: unknown };
  try {
    answer = JSON.parse(sent.toString('utf8'));
  } catch {
    return reply.send(sent); // not JSON: the client's envelope handling says so
  }
  if (answer?.code !== ENVELOPE_CODE.ok) return reply.send(sent);
  return reply.send(JSON.stringify({ ...answer, data: await withWirePictureVersions(payload, answer.data, versions) }));
}

export async function registerApiProxy(app: FastifyInstance, providerUrl: string, timeoutMs: number, originOf: OriginOf, versions: PictureVersions) {
  await app.register(
    async (api) => {
      // Forms are sent from the site's own pages only: another site's page cannot post them from
      // its visitors' browsers. Requests no browser sent (no Sec-Fetch-Site, no Origin) pass.
      api.addHook('onRequest', async (request, reply) => {
        if (SAFE_METHODS.has(request.method) || !isFromElsewhere(request, originOf)) return;
        request.log.warn({ fetchSite: request.headers['sec-fetch-site'] ?? null }, 'post from another site refused');
        return envelope(request, reply, 403, 'elsewhere');
      });
      api.removeAllContentTypeParsers();
      api.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: SUBMISSION_BODY_LIMIT }, (_request, body, done) => done(null, body));
      // Its own log lines would carry the query; the site's request log says what is needed.
      await api.register(replyFrom, { base: providerUrl, undici: UPSTREAM, disableRequestLogging: true });

      for (const { name, path, method } of API_ROUTES) {
        const keys = queryKeysOf(name);
        const payload = method === 'GET' ? payloadOf(name) : null;
        api.route({
          method,
          url: path,
          handler(request, reply) {
            // The query as a function: reply-from would put back the visitor's whole query for an empty one.
            const query = knownQuery(request.url, keys).slice(1);
            return reply.from(path, {
              queryString: () => query,
              timeout: timeoutMs,
              rewriteRequestHeaders(_request, headers) {
                const forwarded: Record<string, string | string[] | undefined> = {};
                for (const name of API_HEADERS) if (headers[name] !== undefined) forwarded[name] = headers[name];
                // The visitor's Accept-Encoding goes as sent: an answer that comes back compressed passes
                // through whole, unread (onResponse); only a plain one has its pictures versioned.
                return { ...forwarded, 'x-forwarded-for': request.ip, [REQUEST_ID_HEADER]: String(request.id) };
              },
              onError(_reply, failure) {
                const error = (failure as { error?: { statusCode?: number; code?: string } }).error ?? (failure as { statusCode?: number });
                const timedOut = error.statusCode === 504 || /TIMEOUT/i.test((error as { code?: string }).code ?? '');
                request.log.warn(
                  { path, upstream: (error as { code?: string }).code ?? error.statusCode },
                  timedOut ? 'provider timed out' : 'provider unreachable',
                );
                return envelope(request, reply, timedOut ? 504 : 502, timedOut ? 'slow' : 'down');
              },
              ...(payload
                ? {
                    onResponse(_request, _reply, raw) {
                      // reply-from's types call it the server's response; it is undici's, with the body as `stream`.
                      const res = raw as unknown as { statusCode: number; headers: Record<string, unknown>; stream: NodeJS.ReadableStream };
                      // Anything but a whole plain answer passes as it came (a provider that compresses anyway, too).
                      if (res.statusCode !== 200 || request.method === 'HEAD' || res.headers['content-encoding']) return void reply.send(res.stream);
                      reply.removeHeader('content-length');
                      sendVersioned(reply, payload, res.stream, versions).catch((error: Error) => {
                        request.log.warn({ path, err: error }, 'provider answer unreadable');
                        if (!reply.sent) envelope(request, reply, 502, 'down');
                      });
                    },
                  }
                : {}),
            });
          },
        });
      }
      // Everything else under /api: one answer, whatever the method.
      const unknown = (request: FastifyRequest, reply: FastifyReply) => envelope(request, reply, 404, 'unknown');
      api.all('/', unknown);
      api.all('/*', unknown);
      api.setNotFoundHandler(unknown); // methods `all` does not cover (PURGE, LINK …)
      api.setErrorHandler((error: { statusCode?: number; code?: string }, request, reply) => {
        const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
        if (status === 500) request.log.error({ err: error }, 'api proxy failed');
        return envelope(request, reply, status, status === 413 ? 'tooLarge' : status === 500 ? 'failed' : 'badRequest');
      });
    },
    { prefix: API_PREFIX },
  );
}

/**
 * Pictures and video from the page's own origin: no second connection before the largest
 * picture, and one origin in the CSP. GET (and HEAD) only; ranges pass through for the video.
 * A picture asked for at one of the srcset widths (`?w=828`) is answered with a copy made for
 * that width and the browser's formats (pictures.ts). A file under the URL that names its
 * version (`?v=`, pictureVersions.ts) is kept a year; under any other for seconds, revalidated
 * by its ETag, since "Replace media" writes new bytes under the same name.
 */
export async function registerMediaProxy(app: FastifyInstance, providerUrl: string, timeoutMs: number, pictures: PictureResizer) {
  await app.register(async (media) => {
    // The provider guards its own, but PROVIDER_URL may name one that does not.
    guardUploads(media);
    // The guard types an answer by its name's extension; a copy is of the format sharp wrote.
    const copyTypes = new WeakMap<FastifyRequest, string>();
    media.addHook('onSend', async (request, reply, payload) => {
      const type = copyTypes.get(request);
      if (type && reply.statusCode === 200) reply.type(type);
      return payload;
    });
    await media.register(replyFrom, { base: providerUrl, undici: UPSTREAM, disableRequestLogging: true });
    media.get(`${MEDIA_PREFIX}*`, async (request, reply) => {
      const asked = pictureRequest(request.url);
      if (asked) reply.header('Vary', 'Accept'); // the copy's format follows the browser's Accept
      const copy = asked ? await pictures.get(asked.path, asked.width, pictureFormat(request.headers.accept), asked.version) : null;
      if (copy) {
        reply.header('Cache-Control', copy.cacheControl).header('ETag', copy.etag);
        if (matchesEtag(request.headers['if-none-match'], copy.etag)) return reply.code(304).send();
        copyTypes.set(request, copy.type);
        return reply.type(copy.type).send(copy.body);
      }
      return reply.from(request.url, {
        timeout: timeoutMs,
        rewriteRequestHeaders: (_request, headers) => mediaRequestHeaders(headers, String(request.id)),
        rewriteHeaders: (headers) => ({ ...headers, 'cache-control': mediaCacheControl(request.url, validatorsOf(headers)) }),
        onError: (reply) => reply.code(502).type('text/plain').send('Media unavailable'),
      });
    });
  });
}
