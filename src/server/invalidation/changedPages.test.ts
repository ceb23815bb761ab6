import { changedPages } from './changedPages';
import type { ProviderLists } from '../crawl/providerLists';

const ORIGIN = 'https://www.example.com';
const none = { products: [], news: [], notices: [], jobs: [] };
/** News 1 in both languages, news 2 in Chinese only, product 7 in both. */
const lists: ProviderLists = {
  zh: { ...none, news: [{ id: 1 }, { id: 2 }], products: [{ id: 7 }] },
  en: { ...none, news: [{ id: 1 }], products: [{ id: 7 }] },
};
const paths = (urls: string[]) => urls.map((url) => url.slice(ORIGIN.length)).sort();

describe('the pages a CMS change shows on, kept by a process or not', () => {
  it("names the changed article's page in each language it is listed in, and the pages listing news, on the public origin", () => {
    const urls = changedPages([{ event: 'entry.update', model: 'news-article', siteId: 2 }], lists, ORIGIN);
    expect(urls.every((url) => url.startsWith(`${ORIGIN}/`))).toBe(true);
    const shown = paths(urls);
    expect(shown).toEqual(expect.arrayContaining(['/', '/en/', '/news', '/en/news', '/news/2', '/en/news/2']));
    // Other articles and other kinds of pages keep their copies.
    for (const path of ['/news/1', '/en/news/1', '/product/7', '/about', '/en/about']) expect(shown).not.toContain(path);
  });

  it('names the page of an entry listed no more (unpublished), whose copy may still be cached', () => {
    const shown = paths(changedPages([{ event: 'entry.unpublish', model: 'product', siteId: 99 }], lists, ORIGIN));
    expect(shown).toEqual(expect.arrayContaining(['/product/99', '/en/product/99']));
    expect(shown).not.toContain('/product/7');
  });

  it('names every listed page for a change that shows everywhere, once each', () => {
    const urls = changedPages(
      [
        { event: 'media.update', model: null, siteId: null },
        { event: 'entry.update', model: 'news-article', siteId: 1 },
      ],
      lists,
      ORIGIN,
    );
    const shown = paths(urls);
    expect(new Set(urls).size).toBe(urls.length);
    expect(shown).toEqual(expect.arrayContaining(['/about', '/en/about', '/news/1', '/en/news/1', '/news/2', '/product/7', '/en/product/7']));
    expect(shown).not.toContain('/en/news/2'); // news 2 has no English version
  });

  it('names no page for an upload no entry names yet', () => {
    expect(changedPages([{ event: 'media.create', model: null, siteId: null }], lists, ORIGIN)).toEqual([]);
  });

  it('names the pages without an id when the lists cannot be read', () => {
    const shown = paths(changedPages([{ event: 'entry.update', model: 'site-setting', siteId: null }], null, ORIGIN));
    expect(shown).toEqual(expect.arrayContaining(['/', '/en/', '/about', '/en/about']));
    expect(shown.some((path) => /\/\d+$/.test(path))).toBe(false);
  });
});
