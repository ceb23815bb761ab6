/**
 * GET /preview: the page an editor is changing, drafts included, for Strapi's Preview panel. The
 * address is the CMS's, signed and short-lived (previewSignature.ts); the page is rendered as
 * every page is, but from the provider's drafts (provider/strapi/preview.ts: those the admin the
 * address names may read; or from what is published, for the panel's Published tab) and for this request alone: never in the page cache, `no-store` for the browser and any proxy (nginx keeps nothing
 * so marked), kept out of search engines, framed by the CMS's origin and nothing else, and marked
 * as a preview on screen. It is the server's HTML without the app's scripts: the app would read
 * the published content again as soon as the editor clicked, and its links open the real site in
 * a new tab (the site's other pages refuse to be framed).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Locale } from '../../contracts/locale';
import { matchRoute, splitLocalePath } from '../../contracts/routes';
import { previewAccessKey, previewApiPrefix } from '../../http/previewAccess';
import type { OriginOf } from '../edge/origin';
import { readPreviewQuery, type PreviewStatus } from './previewSignature';
import { escapeHtml } from '../render/escapeHtml';
import type { PageRenderer } from '../render/pageRenderer';
import { createProviderApi } from '../render/serverDeps';
import { frameOnlyIn } from '../edge/securityHeaders';

export const PREVIEW_PATH = '/preview';

export interface PreviewOptions {
  /** PREVIEW_SECRET, shared with the CMS. */
  secret: string;
  /** The CMS's admin panel as editors' browsers open it: the one origin that may frame a preview. */
  cmsOrigin: string;
  pages: PageRenderer;
  providerUrl: string;
  mediaUrl: string;
  deadlineMs: number;
  originOf: OriginOf;
}

const BANNER: Record<PreviewStatus, Record<Locale, string>> = {
  draft: { zh: '预览：本页含未发布的草稿，访客看不到。', en: 'Preview: this page includes unpublished drafts, which visitors do not see.' },
  published: { zh: '预览：已发布的版本，即访客看到的内容。', en: 'Preview: the published version, as visitors see it.' },
};
const BANNER_STYLE = 'position:sticky;top:0;z-index:10000;padding:8px 16px;background:#b45309;color:#fff;font:600 14px/1.5 sans-serif;text-align:center';

/** Why there is no page to show, in both languages: a refused address says nothing of the page it named. */
const NOTICES = {
  forged: [403, '此预览地址无效：请在内容管理系统中重新打开预览。', 'This preview address is not valid: open the preview again from the CMS.'],
  expired: [
    410,
    '此预览地址已过期（只在几分钟内有效）：请在内容管理系统中重新打开预览。',
    'This preview address has expired (it lasts a few minutes): open the preview again from the CMS.',
  ],
  missing: [404, '网站上没有这个页面。', 'The site has no such page.'],
  failed: [503, '暂时无法生成预览：请稍后再试。', 'The preview could not be rendered: try again in a moment.'],
} as const;

/** The server's page as a preview: the banner first in the body, no app scripts, links in a new tab. */
export function markAsPreview(html: string, locale: Locale, status: PreviewStatus): string {
  const banner = `<div class="preview-banner" role="status" lang="${locale === 'zh' ? 'zh-CN' : 'en'}" style="${BANNER_STYLE}">${escapeHtml(BANNER[status][locale])}</div>`;
  return html
    .replace('<head>', '<head>\n<meta name="robots" content="noindex, nofollow">\n<base target="_blank">')
    .replace('<body>', `<body>\n${banner}`)
    .replace(/<script data-chunks="[^"]*" data-entry="[^"]*">[\s\S]*?<\/script>/, '');
}

function notice(reply: FastifyReply, kind: keyof typeof NOTICES) {
  const [status, zh, en] = NOTICES[kind];
  const body = `<!doctype html>\n<html lang="zh-CN">\n<head>\n<meta charset="utf-8">\n<meta name="robots" content="noindex, nofollow">\n<title>预览 Preview</title>\n</head>\n<body>\n<p>${zh}</p>\n<p lang="en">${en}</p>\n</body>\n</html>\n`;
  return reply.code(status).type('text/html; charset=utf-8').send(body);
}

export function registerPreviewRoute(app: FastifyInstance, { secret, cmsOrigin, pages, providerUrl, mediaUrl, deadlineMs, originOf }: PreviewOptions) {
  const authorization = `Bearer ${previewAccessKey(secret)}`;
  app.get(PREVIEW_PATH, async (request, reply) => {
    // The address carries its signature: no referrer takes it to another site or into a log.
    reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex, nofollow').header('Referrer-Policy', 'no-referrer');
    frameOnlyIn(reply, cmsOrigin);
    const ask = readPreviewQuery(request.query as Record<string, unknown>, secret);
    if ('refused' in ask) {
      request.log.warn(`Preview refused: ${ask.refused} address`);
      return notice(reply, ask.refused);
    }
    const [pathname = '/', query = ''] = ask.path.split('?');
    const { locale: prefixed, path } = splitLocalePath(pathname);
    if (!matchRoute(path)) return notice(reply, 'missing');
    const locale = prefixed ?? 'zh';
    const api =
      ask.status === 'draft'
        ? createProviderApi(`${providerUrl}${previewApiPrefix(ask.admin)}`, mediaUrl, deadlineMs, request.id, authorization)
        : createProviderApi(providerUrl, mediaUrl, deadlineMs, request.id);
    const page = await pages.uncached({ locale, path, search: query ? `?${query}` : '', origin: originOf(request), requestId: request.id }, api);
    if (page === 'gone') return notice(reply, 'missing');
    if (page === null) return notice(reply, 'failed');
    return reply
      .code(page.status)
      .type('text/html; charset=utf-8')
      .send(markAsPreview(page.html, locale, ask.status));
  });
}
