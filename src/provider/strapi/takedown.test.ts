import { createLastGood, unchanged } from './lastGood';
import { withoutDocument } from './takedown';

const article = (documentId: string, locale?: string) => ({ id: 1, documentId, title: documentId, ...(locale ? { locale } : {}) });

describe('an entry taken down, out of a kept Strapi answer', () => {
  it('leaves every list it is in, in every language, and empties a relation that named it', () => {
    const list = [
      article('a', 'zh'),
      article('b', 'zh'),
      { ...article('c', 'zh'), related: article('b', 'zh'), others: [article('b', 'zh'), article('d', 'zh')] },
    ];
    expect(withoutDocument(list, { documentId: 'b', locale: null }, 'zh')).toEqual([
      article('a', 'zh'),
      { ...article('c', 'zh'), related: null, others: [article('d', 'zh')] },
    ]);
  });

  it('leaves only the language taken down, read from the entry or, without one, from the address', () => {
    expect(withoutDocument([article('b', 'zh')], { documentId: 'b', locale: 'en' }, 'zh')).toBe(unchanged);
    expect(withoutDocument([article('b', 'en')], { documentId: 'b', locale: 'en' }, 'zh')).toEqual([]);
    expect(withoutDocument([article('b')], { documentId: 'b', locale: 'en' }, 'zh')).toBe(unchanged);
    expect(withoutDocument([article('b')], { documentId: 'b', locale: 'en' }, 'en')).toEqual([]);
  });

  it('is null where it was the answer (a single type), and unchanged where it is not named', () => {
    expect(withoutDocument(article('home', 'zh'), { documentId: 'home', locale: null }, 'zh')).toBeNull();
    expect(withoutDocument([article('a')], { documentId: 'b', locale: null }, 'zh')).toBe(unchanged);
  });
});

describe('the last good answers', () => {
  it('are rewritten where they name what was taken down, and nowhere else', () => {
    const kept = createLastGood<{ data: unknown }>();
    kept.keep('http://cms/api/news?locale=zh', JSON.stringify({ data: [article('a'), article('b')] }), { pin: false });
    kept.keep('http://cms/api/home-page?locale=zh', JSON.stringify({ data: article('b') }), { pin: true });
    kept.keep('http://cms/api/jobs?locale=zh', JSON.stringify({ data: [article('j')] }), { pin: true });
    const changed = kept.rewrite('b', (answer, address) => {
      const data = withoutDocument(answer.data, { documentId: 'b', locale: null }, new URL(address).searchParams.get('locale'));
      return data === unchanged ? unchanged : data === null ? 'none' : { data };
    });
    expect(changed).toBe(2);
    expect(kept.recall('http://cms/api/news?locale=zh')).toEqual({ data: [article('a')] });
    expect(kept.recall('http://cms/api/home-page?locale=zh')).toBe('none');
    expect(kept.recall('http://cms/api/jobs?locale=zh')).toEqual({ data: [article('j')] });
  });

  it('expire: nothing is served from a memory older than its time', async () => {
    const kept = createLastGood<{ data: unknown }>({ ttlMs: 50 });
    kept.keep('http://cms/api/news?locale=zh', JSON.stringify({ data: [article('a')] }), { pin: true });
    expect(kept.recall('http://cms/api/news?locale=zh')).toEqual({ data: [article('a')] });
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(kept.recall('http://cms/api/news?locale=zh')).toBeUndefined();
  });
});
