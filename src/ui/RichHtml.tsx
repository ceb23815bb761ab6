import DOMPurify, { type Config } from 'dompurify';
import { useMemo } from 'react';

/**
 * The only way provider HTML reaches the page. DOMPurify removes script, handlers and
 * javascript:/data: URLs; on top of that nothing may load from a host other than the page's
 * own and the media host, forms and frames are dropped, named properties cannot clobber the
 * DOM, and links that open a new tab cannot reach back to this one.
 */
const CONFIG: Config = {
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'select', 'textarea', 'iframe', 'frame', 'object', 'embed', 'base', 'meta', 'link', 'svg', 'math'],
  FORBID_ATTR: ['style', 'srcset', 'action', 'formaction', 'background', 'poster', 'ping'],
  SANITIZE_NAMED_PROPS: true,
  ALLOW_DATA_ATTR: false,
  ADD_ATTR: ['target'],
};

const RESOURCE_ATTRIBUTES = ['src', 'xlink:href'];

function resolveMedia(value: string, mediaUrl: string): string {
  return value.startsWith('/') && !value.startsWith('//') ? `${mediaUrl.replace(/\/$/, '')}${value}` : value;
}

/** True when the URL is http(s) on one of the allowed origins. */
function loadsFrom(url: string, base: string, allowedOrigins: Set<string>): boolean {
  try {
    const parsed = new URL(url, base);
    return /^https?:$/.test(parsed.protocol) && allowedOrigins.has(parsed.origin);
  } catch {
    return false;
  }
}

export function sanitizeHtml(html: string, mediaUrl: string, pageOrigin: string): string {
  const allowedOrigins = new Set([pageOrigin, mediaUrl ? new URL(mediaUrl, pageOrigin).origin : pageOrigin]);
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    for (const name of RESOURCE_ATTRIBUTES) {
      const value = node.getAttribute(name);
      if (value === null) continue;
      const resolved = resolveMedia(value.trim(), mediaUrl || pageOrigin);
      if (loadsFrom(resolved, pageOrigin, allowedOrigins)) node.setAttribute(name, resolved);
      else node.removeAttribute(name);
    }
    if (node.tagName === 'A') {
      const href = node.getAttribute('href') ?? '';
      if (/^\s*(javascript|data|vbscript):/i.test(href)) node.removeAttribute('href');
      if (node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
    }
    if (node.tagName === 'IMG') node.setAttribute('loading', 'lazy');
  });
  try {
    return DOMPurify.sanitize(html, CONFIG) as string;
  } finally {
    DOMPurify.removeHook('afterSanitizeAttributes');
  }
}

export interface RichHtmlProps {
  html: string;
  mediaUrl: string;
  className?: string;
}

export function RichHtml({ html, mediaUrl, className }: RichHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html, mediaUrl, window.location.origin), [html, mediaUrl]);
  return <div className={`rich-html ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
