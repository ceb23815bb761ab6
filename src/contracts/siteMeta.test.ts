import { LOCALES } from './locale';
import { fitDescription, META_DESCRIPTION_MAX, SITE_META } from './siteMeta';

describe('meta descriptions fit a search result', () => {
  it.each(LOCALES)('the site description in %s is at most 160 characters', (locale) => {
    expect(Array.from(SITE_META[locale].description).length).toBeLessThanOrEqual(META_DESCRIPTION_MAX);
    expect(fitDescription(SITE_META[locale].description)).toBe(SITE_META[locale].description);
  });

  it('cuts English at the last word boundary before the limit, with an ellipsis', () => {
    const text = `${'topical ointment '.repeat(9)}tinctures and solutions for everyday skin care`;
    const fitted = fitDescription(text);
    expect(fitted.length).toBeLessThanOrEqual(META_DESCRIPTION_MAX);
    expect(fitted).toMatch(/…$/);
    expect(text.startsWith(fitted.slice(0, -1))).toBe(true);
    // the character after the cut in the source is a space: no word was split
    expect(text[fitted.length - 1]).toBe(' ');
    expect(fitted.length).toBeGreaterThan(META_DESCRIPTION_MAX - 20);
  });

  it('cuts Chinese at a character boundary, never half a surrogate pair', () => {
    const text = '岳川药业'.repeat(30) + '𠮷'.repeat(50);
    const fitted = fitDescription(text);
    expect(Array.from(fitted)).toHaveLength(META_DESCRIPTION_MAX);
    expect(fitted).toMatch(/…$/);
    expect(fitted).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('leaves short text alone and collapses its whitespace', () => {
    expect(fitDescription('  新车间\n 投产  ')).toBe('新车间 投产');
  });

  it('drops trailing punctuation before the ellipsis', () => {
    const text = `${'a'.repeat(100)}, ${'b'.repeat(56)}, ${'c'.repeat(20)}`;
    expect(fitDescription(text)).toBe(`${'a'.repeat(100)}, ${'b'.repeat(56)}…`);
  });
});
