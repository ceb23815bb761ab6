import type { Config, DOMPurify as Purifier } from 'dompurify';
import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { ownPictureSrc } from './Img';
import { currentPurifier, loadPurifier, subscribePurifier } from './purifier';

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
/** The widest a picture in an article is shown (its text column). */
const RICH_TEXT_WIDTH = 960;

/**
 * Relative URLs resolve against this stand-in for the page's own origin, so the markup depends
 * only on the HTML and the media host: the server and the browser sanitise to the same result.
 */
const PAGE_ORIGIN = 'https://page.invalid';

/** DOMPurify needs a DOM: the server provides one on a jsdom window; the browser loads its own (purifier.ts). */
export const HtmlPurifier = createContext<Purifier | null>(null);

function resolveMedia(value: string, mediaUrl: string): string {
  return value.startsWith('/') && !value.startsWith('//') ? `${mediaUrl.replace(/\/$/, '')}${value}` : value;
}

/** True when the URL is http(s) on one of the allowed origins. */
function loadsFrom(url: string, allowedOrigins: Set<string>): boolean {
  try {
    const parsed = new URL(url, PAGE_ORIGIN);
    return /^https?:$/.test(parsed.protocol) && allowedOrigins.has(parsed.origin);
  } catch {
    return false;
  }
}

/**
 * Moves the provider's headings so the highest one sits at `top` and the rest keep their
 * distance below it (capped at h6): the provider writes h3 under a page whose title is the h1,
 * which would skip a level in the page outline.
 */
function relevelHeadings(root: DocumentFragment, top: number) {
  const headings = [...root.querySelectorAll('h1, h2, h3, h4, h5, h6')];
  if (headings.length === 0) return;
  const shift = top - Math.min(...headings.map((h) => Number(h.tagName[1])));
  if (shift === 0) return;
  const document = root.ownerDocument;
  for (const heading of headings) {
    const level = Math.min(6, Math.max(top, Number(heading.tagName[1]) + shift));
    const replacement = document.createElement(`h${level}`);
    for (const attribute of [...heading.attributes]) replacement.setAttribute(attribute.name, attribute.value);
    replacement.append(...heading.childNodes);
    heading.replaceWith(replacement);
  }
}

export function sanitizeHtml(html: string, mediaUrl: string, { purifier, headingLevel }: { purifier: Purifier; headingLevel?: number }): string {
  const allowedOrigins = new Set([PAGE_ORIGIN, mediaUrl ? new URL(mediaUrl, PAGE_ORIGIN).origin : PAGE_ORIGIN]);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    for (const name of RESOURCE_ATTRIBUTES) {
      const value = node.getAttribute(name);
      if (value === null) continue;
      const resolved = resolveMedia(value.trim(), mediaUrl || PAGE_ORIGIN);
      if (!loadsFrom(resolved, allowedOrigins)) node.removeAttribute(name);
      else node.setAttribute(name, resolved.startsWith(PAGE_ORIGIN) ? resolved.slice(PAGE_ORIGIN.length) : resolved);
    }
    if (node.tagName === 'A') {
      const href = node.getAttribute('href') ?? '';
      if (/^\s*(javascript|data|vbscript):/i.test(href)) node.removeAttribute('href');
      if (node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
    }
    if (node.tagName === 'IMG') {
      node.setAttribute('loading', 'lazy');
      // The site's own picture comes as its upright copy in the browser's best format, no wider
      // than the text column, never the file as uploaded. One copy, no srcset: an article picture
      // has no width of its own, and a copy never made wider than its original would be drawn
      // narrower than it is under a `w` descriptor larger than the file.
      const src = node.getAttribute('src');
      if (src !== null) node.setAttribute('src', ownPictureSrc(src, RICH_TEXT_WIDTH, mediaUrl));
    }
  });
  try {
    const fragment = purifier.sanitize(html, { ...CONFIG, RETURN_DOM_FRAGMENT: true });
    if (headingLevel) relevelHeadings(fragment, headingLevel);
    const container = fragment.ownerDocument.createElement('div');
    container.append(fragment);
    return container.innerHTML;
  } finally {
    purifier.removeHook('afterSanitizeAttributes');
  }
}

export interface RichHtmlProps {
  html: string;
  mediaUrl: string;
  className?: string;
  /** The level the content's highest heading takes in the page outline (e.g. 2 under the page's h1). */
  headingLevel?: number;
}

/** Subscribes to nothing: the snapshot differs between the server (and hydration) and the browser. */
const subscribeNothing = () => () => {};

/**
 * Sanitised provider HTML. On the server it is rendered at once. In the browser, hydration keeps
 * the server's sanitised markup (React does not rewrite inner HTML while an element's
 * `__html` stays the same), and so does every later render of the same input: a landed page never
 * loads DOMPurify for content it already shows. Other input takes the server's markup away at once
 * and is rendered once DOMPurify is in. Unsanitised HTML never renders.
 */
export function RichHtml({ html, mediaUrl, className, headingLevel }: RichHtmlProps) {
  const serverPurifier = useContext(HtmlPurifier);
  const browserPurifier = useSyncExternalStore(subscribePurifier, currentPurifier, () => null);
  const hydrating = useSyncExternalStore(
    subscribeNothing,
    () => false,
    () => true,
  );
  // In the browser: what the server's markup was made from, until the element is given other input.
  const source = `${mediaUrl}\n${headingLevel ?? ''}\n${html}`;
  const [served, setServed] = useState(hydrating && !serverPurifier ? source : null);
  if (served !== null && served !== source) setServed(null);
  const keepsServerMarkup = served === source;
  const purifier = serverPurifier ?? browserPurifier;
  useEffect(() => {
    if (!purifier && !keepsServerMarkup) void loadPurifier();
  }, [purifier, keepsServerMarkup]);
  const clean = useMemo(
    () => (purifier && !keepsServerMarkup ? sanitizeHtml(html, mediaUrl, { purifier, headingLevel }) : ''),
    [html, mediaUrl, purifier, keepsServerMarkup, headingLevel],
  );
  // A new key once the server's markup is left: React sets inner HTML only when `__html` changes,
  // and the server's nodes must go even when the new markup is '' too.
  return (
    <div
      key={keepsServerMarkup ? 'served' : 'own'}
      className={`rich-html ${className ?? ''}`}
      dangerouslySetInnerHTML={{ __html: clean }}
      suppressHydrationWarning
    />
  );
}
