import type { Payload, ProductDetailDto } from '../payloads';
import { emptyWire, list, mark, media, nullable, normalise, number, oneOf, optional, pics, record, text, type Normalised, type Wire } from './payload';

const item = record({ id: number, kind: oneOf('a', 'b'), pic: media, pics, note: optional(text), next: nullable(record({ id: number })), tags: list(text) });

describe('one declaration, two types and the normalisation', () => {
  it('the wire type is what the provider sends: relative media, comma-separated pics, optional fields', () => {
    const sent: Wire<typeof item> = { id: 1, kind: 'b', pic: '/uploads/a.png', pics: '/uploads/1.png,/uploads/2.png', next: null, tags: [] };
    // @ts-expect-error the provider sends pics as one string, not a list
    const wrong: Wire<typeof item> = { ...sent, pics: ['/uploads/1.png'] };
    expect(wrong.pics).toHaveLength(1);
    const detail: Pick<ProductDetailDto, 'pics' | 'reminder'> = { pics: '' };
    expect(detail.reminder).toBeUndefined();
  });

  it('the normalised type and value: absolute media, pics a list, optional fields filled in', () => {
    const seen: Normalised<typeof item> = normalise(
      item,
      { id: '4', kind: 'z', pic: '/uploads/a.png', pics: '/uploads/1.png, ,x', next: { id: '2' }, tags: [1, null] },
      'https://m.example',
    );
    expect(seen).toEqual({
      id: 4,
      kind: 'a',
      pic: 'https://m.example/uploads/a.png',
      pics: ['https://m.example/uploads/1.png'],
      note: '',
      next: { id: 2 },
      tags: ['1', ''],
    });
    // @ts-expect-error a normalised optional field is always there: no undefined
    const missing: NonNullable<Payload<'main'>>['police_filing'] = undefined;
    expect(missing).toBeUndefined();
  });

  it('keeps a mark only when the wire carries one of its values, and fills in none', () => {
    const section = record({ title: text, lang: mark('zh', 'en') });
    expect(normalise(section, { title: '关于', lang: 'zh' }, '')).toEqual({ title: '关于', lang: 'zh' });
    expect(normalise(section, { title: 'About' }, '')).toStrictEqual({ title: 'About' });
    expect(normalise(section, { title: 'About', lang: 'fr' }, '')).toStrictEqual({ title: 'About' });
    const unmarked: Normalised<typeof section> = { title: 'About' };
    // @ts-expect-error a mark holds one of its values only
    const wrong: Normalised<typeof section> = { title: 'About', lang: 'fr' };
    expect([unmarked, wrong]).toHaveLength(2);
  });
});

describe('the empty answer of a payload', () => {
  it('is null where nullable, an empty list, or a record of empty fields without optional ones or marks', () => {
    const banner = record({
      name: text,
      count: number,
      kind: oneOf('a', 'b'),
      pic: media,
      pics,
      note: optional(text),
      lang: mark('zh', 'en'),
      next: nullable(item),
      tags: list(text),
    });
    expect(emptyWire(banner)).toStrictEqual({ name: '', count: 0, kind: 'a', pic: '', pics: '', next: null, tags: [] });
    expect(emptyWire(nullable(item))).toBeNull();
    expect(emptyWire(list(item))).toEqual([]);
  });
});
