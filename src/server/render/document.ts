/**
 * The HTML document around a page: head tags, the page's own CSS and JS chunks (from the
 * build's manifest, so hydration never waits for a chunk), the rendered tree in #root and the
 * store's state as a JSON data block. Without a rendered tree it is the client-rendered shell.
 * The only script is the small boot script (src/app/boot.ts), inline at the end of the body,
 * which asks for the app's scripts once the page has painted: the page's text and pictures do
 * not wait behind them, nor behind a request for the boot script itself. The page's CSS is inline
 * too (a few kilobytes compressed): a style sheet request would hold the first paint for a round
 * trip, on a phone's network the largest part of the page's wait after its first byte.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeJsonForScript } from '../../contracts/jsonScript';
import type { Locale } from '../../contracts/locale';
import { STATE_ELEMENT_ID, type RuntimeConfig } from '../../contracts/runtimeConfig';
import { escapeHtml } from './escapeHtml';

interface ChunkFiles {
  js: string[];
  css: string[];
}

export interface BuildAssets {
  /**
   * The boot script, which loads the entry's and the page's scripts after the first paint: its
   * source, inlined into every page, and the source's hash for the CSP's script-src.
   */
  boot: { source: string; hash: string };
  entry: ChunkFiles;
  chunks: Record<string, ChunkFiles>;
  /** The text of each CSS file the chunks name, by its URL; a file not in it is linked instead. */
  styles: Record<string, string>;
  /**
   * The site's icon as a data: URL (a few hundred bytes), on every page: a browser asks for a
   * linked icon at the page's load, often before its largest picture is painted, and on a phone's
   * HTTP/1.1 connection to the site that request takes a connection and a round trip of its own.
   */
  icon: string;
}

const ENTRY = 'main';
const BOOT = 'boot';

export function readBuildAssets(distDir: string): BuildAssets {
  const groups = JSON.parse(readFileSync(join(distDir, 'manifest.json'), 'utf8')) as Record<string, ChunkFiles>;
  const entry = groups[ENTRY];
  const bootFile = groups[BOOT]?.js[0];
  if (!entry || !bootFile) throw new Error(`dist/manifest.json lacks the "${ENTRY}" or "${BOOT}" entry: rebuild the client`);
  // A source map comment would name a path relative to the page; the maps are not served anyway.
  const source = readFileSync(join(distDir, bootFile), 'utf8').replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '');
  if (/<\/script|<!--/i.test(source)) throw new Error(`${bootFile} cannot be inlined: it contains "</script" or "<!--"`);
  const styles: Record<string, string> = {};
  for (const href of new Set(Object.values(groups).flatMap((group) => group.css))) {
    const css = readFileSync(join(distDir, href), 'utf8');
    if (/<\/style/i.test(css)) throw new Error(`${href} cannot be inlined: it contains "</style"`);
    styles[href] = css;
  }
  return {
    boot: { source, hash: inlineScriptHash(source) },
    entry,
    chunks: groups,
    styles,
    icon: svgDataUrl(readFileSync(join(distDir, 'favicon.svg'), 'utf8')),
  };
}

/**
 * An SVG as a data: URL, percent-encoding only what a URL may not hold (readable, and smaller than
 * base64), so it is safe as it is inside a double-quoted attribute; its double quotes become
 * single ones (three bytes fewer each) unless it has single quotes of its own.
 */
export function svgDataUrl(svg: string): string {
  const compact = svg.trim().replace(/\s+/g, ' ');
  const quoted = compact.includes("'") ? compact : compact.replace(/"/g, "'");
  return `data:image/svg+xml,${quoted.replace(/[^\w!$'()*+,\-./:;=?@~]/gu, encodeURIComponent)}`;
}

/**
 * A CSS file inline, named by its URL: webpack's CSS runtime finds it under `data-href` and
 * does not load the file again when a later page's chunk lists it.
 */
const styleTag = (assets: BuildAssets, href: string) => {
  const css = assets.styles[href];
  return css === undefined ? `<link rel="stylesheet" href="${href}">` : `<style data-href="${href}">${css}</style>`;
};

/** The CSP source that allows exactly this inline script. */
export const inlineScriptHash = (source: string) => `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;

export interface DocumentParts {
  locale: Locale;
  /** Ready-made head tags (title, description, canonical, previews, JSON-LD). */
  head: string;
  config: RuntimeConfig;
  /** The page's chunk name; the boot script preloads its files a task after it asks for the entry's. */
  chunk?: string;
  /** Server-rendered markup of #root and the state it was rendered from. */
  rendered?: { html: string; state: unknown };
  /**
   * The icon also at a URL a crawler can fetch (touchIcon.ts): on the home page, where search
   * engines read a site's icon, and in the shell, which may stand for it.
   */
  crawlableIcon?: boolean;
}

/** The icon's PNG, served from the site's root (touchIcon.ts). */
export const TOUCH_ICON_URL = '/apple-touch-icon.png';

export function renderDocument(assets: BuildAssets, { locale, head, config, chunk, rendered, crawlableIcon = false }: DocumentParts): string {
  const page = chunk ? assets.chunks[chunk] : undefined;
  const own = (files: string[] | undefined, entryFiles: string[]) => (files ?? []).filter((file) => !entryFiles.includes(file));
  const styles = [...assets.entry.css, ...own(page?.css, assets.entry.css)];
  const chunks = own(page?.js, assets.entry.js);
  const body = rendered
    ? `<div id="root">${rendered.html}</div>\n<script type="application/json" id="${STATE_ELEMENT_ID}">${escapeJsonForScript(rendered.state)}</script>`
    : '<div id="root"></div>\n<noscript>This website needs JavaScript. 本网站需要启用 JavaScript。</noscript>';
  return [
    '<!doctype html>',
    `<html lang="${locale === 'zh' ? 'zh-CN' : 'en'}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    head,
    `<meta name="app-config" content="${escapeHtml(JSON.stringify(config))}">`,
    '<meta name="theme-color" content="#0b6e6e">',
    `<link rel="icon" href="${assets.icon}" type="image/svg+xml">`,
    crawlableIcon ? `<link rel="apple-touch-icon" href="${TOUCH_ICON_URL}">` : '',
    // Pictures come from a media host: open that connection while the HTML is parsed.
    config.mediaUrl ? `<link rel="preconnect" href="${escapeHtml(config.mediaUrl)}">` : '',
    ...styles.map((href) => styleTag(assets, href)),
    '</head>',
    '<body>',
    body,
    `<script data-chunks="${chunks.join(' ')}" data-entry="${assets.entry.js.join(' ')}">${assets.boot.source}</script>`,
    '</body>',
    '</html>',
  ]
    .filter(Boolean)
    .join('\n');
}
