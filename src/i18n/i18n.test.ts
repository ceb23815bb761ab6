import { en } from './en';
import { format } from './index';
import { zh } from './zh';

/** Every leaf path of a dictionary, e.g. "nav.index". */
function leaves(node: unknown, prefix = ''): Map<string, unknown> {
  const found = new Map<string, unknown>();
  for (const [key, value] of Object.entries(node as object)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null) for (const [p, v] of leaves(value, path)) found.set(p, v);
    else found.set(path, value);
  }
  return found;
}

describe('i18n dictionaries', () => {
  const zhKeys = leaves(zh);
  const enKeys = leaves(en);

  it('have the same keys in zh and en', () => {
    expect([...enKeys.keys()].sort()).toEqual([...zhKeys.keys()].sort());
  });

  it('have a string for every key, empty only for the home title suffix', () => {
    for (const [path, value] of [...zhKeys, ...enKeys]) {
      expect(typeof value).toBe('string');
      if (path !== 'meta.index') expect({ path, empty: value === '' }).toEqual({ path, empty: false });
    }
  });

  it('keeps placeholders in both languages', () => {
    for (const [path, value] of zhKeys) {
      const placeholders = (text: unknown) =>
        String(text)
          .match(/\{\w+\}/g)
          ?.sort() ?? [];
      expect({ path, p: placeholders(enKeys.get(path)) }).toEqual({ path, p: placeholders(value) });
    }
  });

  it('formats placeholders and leaves unknown ones', () => {
    expect(format('第 {n} / {total} 张', { n: 2, total: 5 })).toBe('第 2 / 5 张');
    expect(format('{n} {x}', { n: 1 })).toBe('1 {x}');
  });
});
