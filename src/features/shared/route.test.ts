import { routeEntryOf, routeUrl } from './route';

describe('routeEntryOf', () => {
  it('reads the route, its params, the query and the #hash of a URL', () => {
    expect(routeEntryOf('/news/3?x=1&y=%E8%86%8F#top', 'push')).toEqual({
      routeId: 'newsDetail',
      path: '/news/3',
      params: { id: '3' },
      query: { x: '1', y: '膏' },
      hash: '#top',
      navigation: 'push',
    });
    expect(routeEntryOf('/about')).toEqual({ routeId: 'about', path: '/about', params: {}, query: {}, hash: '' });
    expect(routeEntryOf('/nope?x=1')).toMatchObject({ routeId: null, path: '/nope', query: { x: '1' } });
  });

  it('splits at the first ? and the first #: a question mark in a search and a # in the hash are kept', () => {
    expect(routeEntryOf('/product?keyword=why?&page=2')).toMatchObject({ path: '/product', query: { keyword: 'why?', page: '2' }, hash: '' });
    expect(routeEntryOf('/about?a=1#team#2')).toMatchObject({ path: '/about', query: { a: '1' }, hash: '#team#2' });
    expect(routeEntryOf('/about#team?a=1')).toMatchObject({ path: '/about', query: {}, hash: '#team?a=1' });
  });

  it('reads a bare # or ? as none', () => {
    expect(routeEntryOf('/about#')).toEqual(routeEntryOf('/about'));
    expect(routeEntryOf('/about?#')).toEqual(routeEntryOf('/about'));
  });
});

describe('routeUrl', () => {
  it('gives back the URL an entry was read from', () => {
    for (const url of ['/news/3?x=1#top', '/about', '/product?name=%E9%85%8A%E5%89%82', '/about#team']) expect(routeUrl(routeEntryOf(url))).toBe(url);
  });
});
