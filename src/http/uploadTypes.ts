/**
 * What /uploads/ answers, wherever it is served (the provider, the site): pictures, video and
 * PDF, told by the extension of the file's name, since that is what Strapi and the file servers
 * give a file's type by. Anything else is a page or a script to a browser, and on the site's
 * origin it would run as the site (`script-src 'self'`) beside the patient form: it answers 404
 * and is never fetched. What is answered is inert: its type is ours, never sniffed, and opened on
 * its own it gets a sandbox (a unique origin, no script); a picture in an <img> ignores both.
 * Strapi refuses the same list at upload (cms/config/plugins.js; tests/cms/uploads.test.ts).
 */
import type { FastifyInstance } from 'fastify';
import { MEDIA_PREFIX } from '../contracts/endpoints';

/**
 * By extension. No SVG: it is a document that may carry script and the site's pictures need
 * none. Refused at upload, it is not on Strapi's own origin either, which serves it unsandboxed.
 */
const UPLOAD_TYPES = new Map<string, string>([
  ['jpg', 'image/jpeg'],
  ['jpeg', 'image/jpeg'],
  ['png', 'image/png'],
  ['webp', 'image/webp'],
  ['gif', 'image/gif'],
  ['avif', 'image/avif'],
  ['mp4', 'video/mp4'],
  ['webm', 'video/webm'],
  ['pdf', 'application/pdf'],
]);

/**
 * A browser's PDF viewer runs in the document's origin (pdf.js ran a file's script there,
 * CVE-2024-4367) and Chrome's will not open under a sandbox: a PDF is downloaded instead.
 */
const DOWNLOADED = new Set(['application/pdf']);

/** The MIME types /uploads/ answers, once each. */
export const UPLOAD_MIME_TYPES: readonly string[] = [...new Set(UPLOAD_TYPES.values())];

/** The type a media URL's file is served as, or null when it is none of ours. */
export function uploadType(url: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(url.split(/[?#]/)[0]!);
  } catch {
    return null;
  }
  // The name the file server reads, escapes decoded: `a.png%2F..%2Fb.html` is b.html.
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? (UPLOAD_TYPES.get(name.slice(dot + 1).toLowerCase()) ?? null) : null;
}

/**
 * Guards what `app` answers under /uploads/: a name of another type answers 404 before any file
 * is read or fetched; every answer carries nosniff and the sandbox, and a file its type (whatever
 * the upstream said) and, for a PDF, `attachment`.
 */
export function guardUploads(app: FastifyInstance): void {
  const isMedia = (url: string) => url.startsWith(MEDIA_PREFIX);
  app.addHook('onRequest', async (request, reply) => {
    if (isMedia(request.url) && uploadType(request.url) === null) return reply.code(404).type('text/plain').send('Not found');
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isMedia(request.url)) return payload;
    reply.header('X-Content-Type-Options', 'nosniff').header('Content-Security-Policy', 'sandbox');
    const type = uploadType(request.url);
    if (type !== null && reply.statusCode < 300) {
      reply.type(type);
      if (DOWNLOADED.has(type)) reply.header('Content-Disposition', 'attachment');
    }
    return payload;
  });
}
