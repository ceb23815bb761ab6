/**
 * Every page of the route table, in Chinese at the unprefixed paths and in English under /en:
 * the cached server render (stored compressed, one ETag per encoding), else the client-rendered
 * shell. The route negotiates its encoding itself (acceptEncoding.ts), so the compression
 * plugin stays out of it: it would compress an identity page a second time by its own reading
 * of Accept-Encoding, under the identity page's ETag.
 * A search not yet in hand renders within the asking client's budget (searchBudget.ts) as well as
 * the cache's global one; either spent, the answer is the same 503 and shell.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { EN_PREFIX, matchRoute, splitLocalePath } from '../../contracts/routes';
import { negotiateEncoding, type PageEncoding } from './acceptEncoding';
import { localeFromCookie } from '../edge/localeCookie';
import type { OriginOf } from '../edge/origin';
import { canonicalPath } from './canonicalPath';
import { matchesEtag } from './etag';
import { NOT_FOUND_PATH, type PageAddress, type PageRenderer } from './pageRenderer';
import type { SearchBudget } from './searchBudget';

export interface PageRouteOptions {
  pages: PageRenderer;
  originOf: OriginOf;
  /** false: every page is the client-rendered shell (SSR=off). */
  serverRendering: boolean;
  /** Cache-Control of every page but `/`. */
  cacheControl: string;
  /** The asking visitor's allowance of new search renders. */
  searchBudget: SearchBudget;
}

/** What the home page's answer depends on besides its URL (see the language redirect). */
const LANGUAGE_REDIRECT_VARY = 'Cookie, Sec-Fetch-Site, Accept-Encoding';
const RETRY_AFTER_SECONDS = 30;

export function registerPageRoute(app: FastifyInstance, { pages, originOf, serverRendering, cacheControl, searchBudget }: PageRouteOptions) {
  app.get('/*', { compress: false }, async (request, reply) => {
    const [rawPath = '/', rawSearch = ''] = request.url.split('?');
    if (rawPath.startsWith('/assets/')) return reply.code(404).type('text/plain').send('Not found');
    const search = rawSearch ? `?${rawSearch}` : '';
    // One URL per page, before any cache: spellings of a page never take keys of their own.
    const canonical = canonicalPath(rawPath);
    if (canonical) return reply.header('Cache-Control', cacheControl).redirect(`${canonical}${search}`, 301);
    const { locale: prefixed, path } = splitLocalePath(safeDecode(rawPath));
    if (rawPath === '/') {
      // The one URL whose language follows the visitor: the home page reached from elsewhere with
      // the English cookie goes to /en/; a link followed from one of our pages (the language
      // menu's 中文) was chosen as written. Private, so no shared cache keeps either answer.
      reply.header('Vary', LANGUAGE_REDIRECT_VARY).header('Cache-Control', 'private, no-cache');
      const ownLink = request.headers['sec-fetch-site'] === 'same-origin';
      if (!ownLink && localeFromCookie(request.headers.cookie) === 'en') return reply.redirect(`${EN_PREFIX}/${search}`, 302);
    } else {
      reply.header('Vary', 'Accept-Encoding').header('Cache-Control', cacheControl);
    }
    const address: PageAddress = { locale: prefixed ?? 'zh', path, search, origin: originOf(request), requestId: request.id };
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    reply.type('text/html; charset=utf-8');
    const known = matchRoute(path) !== null;
    if (!serverRendering) return sendShell(reply.code(known ? 200 : 404), pages.shell(address), encoding);
    const page = await pages.page(address, () => searchBudget(request.ip));
    if (!page) {
      if (!known) return sendShell(reply.code(404), pages.shell({ ...address, path: NOT_FOUND_PATH, search: '' }), encoding);
      // Nothing rendered and nothing in hand: the provider is out. The shell still runs (the
      // browser tries itself and shows the envelope's errors); caches are told to come back soon.
      reply.code(503).header('Retry-After', String(RETRY_AFTER_SECONDS)).header('Cache-Control', 'no-store');
      return sendShell(reply, pages.shell(address), encoding);
    }
    // A page the content changed under while it rendered: a cache in front keeps the copy it has
    // (or the one a refresh after the change brings), never this one.
    if (page.overtaken) reply.header('Cache-Control', 'no-store');
    // One URL per page: an old link is sent for good to the URL the page now has (crawlers, shared
    // links); a page its render moved for now (a 302) is sent there this time only.
    if (page.location !== undefined) return reply.redirect(page.location, page.status === 301 ? 301 : 302);
    const etag = page.etags[encoding];
    reply.code(page.status).header('ETag', etag);
    if (page.status === 200 && matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.html);
  });

  return {
    /** The shared error page (the 404's) answered with another status, e.g. 400 for a URL that does not decode; never cached. */
    async errorPage(request: FastifyRequest, reply: FastifyReply, status: number) {
      const { locale } = splitLocalePath(request.url.split('?')[0] ?? '/');
      const address: PageAddress = { locale: locale ?? 'zh', path: NOT_FOUND_PATH, search: '', origin: originOf(request), requestId: request.id };
      const encoding = negotiateEncoding(request.headers['accept-encoding']);
      reply.code(status).type('text/html; charset=utf-8').header('Vary', 'Accept-Encoding').header('Cache-Control', 'no-store');
      const page = serverRendering ? await pages.page(address) : null;
      if (!page) return sendShell(reply, pages.shell(address), encoding);
      if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
      return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.html);
    },
  };
}

/** The shell is a few kilobytes made per answer (it is what an outage serves): compressed here, quickly. */
function sendShell(reply: FastifyReply, html: string, encoding: PageEncoding) {
  if (encoding === 'identity') return reply.send(html);
  const body = encoding === 'br' ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }) : gzipSync(html);
  return reply.header('Content-Encoding', encoding).send(body);
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return '/%'; // malformed escapes are simply not a route
  }
}
