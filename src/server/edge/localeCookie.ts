import type { Locale } from '../../contracts/locale';

/** The locale cookie's value, zh when absent or invalid. */
export function localeFromCookie(header: string | undefined): Locale {
  const match = /(?:^|;\s*)locale=([^;]*)/.exec(header ?? '');
  return match?.[1] === 'en' ? 'en' : 'zh';
}
