/**
 * The app shell: dist/index.html rendered once per locale at startup, with the language,
 * title, description and runtime config filled in, so no wrong language flashes first.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES, type Locale } from '../contracts/locale';
import type { RuntimeConfig } from '../contracts/runtimeConfig';
import { SITE_META } from '../contracts/siteMeta';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export function renderShells(distDir: string, config: RuntimeConfig): Record<Locale, string> {
  const template = readFileSync(join(distDir, 'index.html'), 'utf8');
  const fill = (locale: Locale) =>
    template
      .replaceAll('%LANG%', locale === 'zh' ? 'zh-CN' : 'en')
      .replaceAll('%TITLE%', escapeHtml(SITE_META[locale].title))
      .replaceAll('%DESCRIPTION%', escapeHtml(SITE_META[locale].description))
      .replaceAll('%APP_CONFIG%', escapeHtml(JSON.stringify(config)))
      // Pictures come from the media host: open that connection while the scripts load.
      .replace('</head>', config.mediaUrl ? `<link rel="preconnect" href="${escapeHtml(config.mediaUrl)}"></head>` : '</head>');
  return Object.fromEntries(LOCALES.map((locale) => [locale, fill(locale)])) as Record<Locale, string>;
}

/** The locale cookie's value, zh when absent or invalid. */
export function localeFromCookie(header: string | undefined): Locale {
  const match = /(?:^|;\s*)locale=([^;]*)/.exec(header ?? '');
  return match?.[1] === 'en' ? 'en' : 'zh';
}
