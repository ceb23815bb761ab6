import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { loadContentPack } from '../../src/provider/content/loadPack';

const seedPack = loadContentPack();

const CJK = /[\u3400-\u9fff]/;
const MEDIA = /^\/uploads\/.+\.(webp|mp4)$/;

/** Every {zh, en} pair in the pack, with where it sits. */
function bilingualPairs(value: unknown, path = 'pack', out: [string, unknown, unknown][] = []) {
  if (Array.isArray(value)) value.forEach((item, i) => bilingualPairs(item, `${path}[${i}]`, out));
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if ('zh' in record && 'en' in record) out.push([path, record.zh, record.en]);
    for (const [key, child] of Object.entries(record)) bilingualPairs(child, `${path}.${key}`, out);
  }
  return out;
}

/** The texts of one language; productspecial is empty by design for products without one. */
function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => (key === 'productspecial' ? [] : texts(child)));
  }
  return [];
}

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describe('the shipped content pack', () => {
  const pairs = bilingualPairs(seedPack);

  it('has every text in both languages, Chinese in zh and none in en', () => {
    expect(pairs.length).toBeGreaterThan(100);
    for (const [path, zh, en] of pairs) {
      const zhTexts = texts(zh);
      const enTexts = texts(en);
      expect({ path, zh: zhTexts.filter((t) => !t.trim()) }).toEqual({ path, zh: [] });
      expect(zhTexts.some((t) => CJK.test(t)) || zhTexts.every((t) => /^\d{4}$/.test(t))).toBe(true);
      const withCjk = enTexts.filter((t) => CJK.test(t));
      expect({ path, withCjk }).toEqual({ path, withCjk: [] });
    }
  });

  it('has enough rows for every paging path', () => {
    expect(seedPack.products.length).toBeGreaterThanOrEqual(30);
    expect(seedPack.categories.length).toBeGreaterThanOrEqual(4);
    expect(seedPack.news.length).toBeGreaterThanOrEqual(12);
    expect(seedPack.members.length).toBeGreaterThanOrEqual(15);
    expect(seedPack.jobs.length).toBeGreaterThanOrEqual(5);
    expect(seedPack.publications.length).toBeGreaterThanOrEqual(5);
    expect(seedPack.banners.length).toBeGreaterThanOrEqual(3);
    expect(seedPack.banners.filter((b) => b.type === '视频')).toHaveLength(1);
    expect(seedPack.develop.length).toBeGreaterThanOrEqual(8);
    expect(seedPack.notices.length).toBeGreaterThanOrEqual(1);
    expect(new Set(seedPack.pageBanners.map((b) => b.type))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
    for (const category of seedPack.categories) {
      expect(seedPack.products.some((p) => p.classify_id === category.id)).toBe(true);
    }
  });

  it('uses unique ids', () => {
    for (const list of [seedPack.products, seedPack.news, seedPack.jobs, seedPack.notices, seedPack.categories]) {
      const ids = list.map((item) => item.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it('refers only to media files that exist, are small and are what their name says', () => {
    const paths = strings(seedPack)
      .flatMap((s) => s.split(','))
      .filter((s) => MEDIA.test(s));
    expect(paths.length).toBeGreaterThan(100);
    for (const path of new Set(paths)) {
      const file = join(__dirname, '..', 'seed', 'media', path);
      expect({ path, exists: existsSync(file) }).toEqual({ path, exists: true });
      const limit = path.endsWith('.mp4') ? 1024 * 1024 : 150 * 1024;
      expect(statSync(file).size).toBeLessThan(limit);
      // Pictures are WebP (RIFF container, WEBP form), decoded off the main thread, unlike SVG.
      if (path.endsWith('.webp')) expect({ path, form: readFileSync(file).subarray(8, 12).toString('latin1') }).toEqual({ path, form: 'WEBP' });
    }
  });

  it('keeps its HTML free of script, handlers, styles and javascript: URLs', () => {
    const html = strings(seedPack).filter((s) => s.includes('<'));
    expect(html.length).toBeGreaterThan(20);
    for (const fragment of html) expect(fragment).not.toMatch(/<script|\son\w+=|style=|javascript:/i);
  });
});
