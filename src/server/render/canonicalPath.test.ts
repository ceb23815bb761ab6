import { canonicalPath } from './canonicalPath';

describe('canonicalPath', () => {
  it.each([
    ['//evil.example', '/evil.example'],
    ['/\\evil.example', '/evil.example'],
    ['//\\evil.example/', '/evil.example'],
    ['///about', '/about'],
    ['/about/', '/about'],
    ['/about//', '/about'],
    ['/news//1', '/news/1'],
    ['/news/0001', '/news/1'],
    ['/news/000', '/news/0'],
    ['/en/product/007', '/en/product/7'],
    ['/news/noticedetail/03', '/news/noticedetail/3'],
    ['/%61bout', '/about'],
    ['/%41BOUT', '/ABOUT'],
    ['/news/%31', '/news/1'],
    ['/en', '/en/'],
    ['/en//', '/en/'],
    ['/en/about/', '/en/about'],
  ])('sends %s to %s', (raw, canonical) => {
    expect(canonicalPath(raw)).toBe(canonical);
  });

  it.each(['/', '/en/', '/about', '/news/10', '/en/news/100', '/product?x', '/%E4%B8%AD', '/news/0', '/%2F'])('leaves %s as it is', (raw) => {
    expect(canonicalPath(raw)).toBeNull();
  });
});
