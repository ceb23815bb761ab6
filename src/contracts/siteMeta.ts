import type { Locale } from './locale';

/** The site's document title and description, per locale. */
export const SITE_META: Record<Locale, { title: string; description: string }> = {
  zh: {
    title: '岳川药业有限公司',
    description: '岳川药业有限公司成立于2001年9月，2018年成为岳川医药集团全资子公司，专业生产外用软膏剂、乳膏剂、酊剂和溶液剂，拥有10余种剂型、30余个产品。',
  },
  en: {
    title: 'Yuechuan Pharmaceutical Co., Ltd.',
    description:
      'Founded in September 2001, wholly owned by Yuechuan Healthcare Group since 2018. Topical ointments, creams, tinctures, solutions: 10+ forms, 30+ products.',
  },
};

/** What a search result shows of a title before cutting it: the most an editor's meta title may hold. */
export const META_TITLE_MAX = 60;

/** What a search result shows of a description before cutting it itself, mid-word. */
export const META_DESCRIPTION_MAX = 160;

/**
 * A description that fits a search result: whitespace collapsed, and past the limit cut at
 * the last word boundary (or, in Chinese, any character: code points, never half a pair)
 * with an ellipsis, so a result never ends in half a word.
 */
export function fitDescription(text: string, max = META_DESCRIPTION_MAX): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(clean);
  if (chars.length <= max) return clean;
  const head = chars.slice(0, max - 1).join('');
  const nextIsBreak = /^[\s\p{P}]/u.test(chars[max - 1] ?? ' ');
  const lastSpace = head.lastIndexOf(' ');
  // Latin text breaks at the last space; a run without spaces (Chinese) breaks anywhere.
  const cut = nextIsBreak || lastSpace < head.length / 2 ? head : head.slice(0, lastSpace);
  return `${cut.replace(/[\s\p{P}]+$/u, '')}…`;
}
