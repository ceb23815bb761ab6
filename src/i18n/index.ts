import type { Locale } from '../contracts/locale';
import { en } from './en';
import { zh, type Dictionary } from './zh';

export type { Dictionary };

const DICTIONARIES: Record<Locale, Dictionary> = { zh, en };

export function dictionary(locale: Locale): Dictionary {
  return DICTIONARIES[locale];
}

/** Fills "{name}" placeholders: format('第 {n} 页', { n: 2 }). */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match));
}
