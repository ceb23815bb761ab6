import { renderToString } from 'react-dom/server';
import { PageBanner } from './PageBanner';

/** The server's markup of a banner parsed back: its preload links and what its picture offers. */
function served(props: Parameters<typeof PageBanner>[0]) {
  const doc = new DOMParser().parseFromString(renderToString(<PageBanner {...props} />), 'text/html');
  const preloads = [...doc.querySelectorAll('link[rel="preload"][as="image"]')].map((link) => ({
    media: link.getAttribute('media'),
    srcset: link.getAttribute('imagesrcset'),
    sizes: link.getAttribute('imagesizes'),
    priority: link.getAttribute('fetchpriority'),
  }));
  const source = doc.querySelector('picture source');
  const img = doc.querySelector('picture img');
  return { preloads, source, img };
}

describe('the page banner', () => {
  it('preloads exactly what each viewport shows: the phone picture below 768 px, the desktop picture from there', () => {
    const { preloads, source, img } = served({
      title: '关于我们',
      description: '',
      desktopImage: '/uploads/banner/page-1.webp?v=a',
      phoneImage: '/uploads/banner/page-1-m.webp?v=b',
    });
    expect(preloads).toEqual([
      { media: source?.getAttribute('media'), srcset: source?.getAttribute('srcset'), sizes: source?.getAttribute('sizes'), priority: 'high' },
      { media: `not all and ${source?.getAttribute('media')}`, srcset: img?.getAttribute('srcset'), sizes: img?.getAttribute('sizes'), priority: 'high' },
    ]);
    expect(source?.getAttribute('media')).toBe('(max-width: 767.98px)');
    expect(source?.getAttribute('srcset')).toContain('page-1-m.webp');
    expect(img?.getAttribute('srcset')).toContain('page-1.webp');
  });

  it('preloads its one picture for every viewport when it has only one', () => {
    const { preloads } = served({ title: 'News', description: '', desktopImage: '/uploads/banner/page-4.webp?v=a', phoneImage: '' });
    expect(preloads).toEqual([{ media: null, srcset: expect.stringContaining('page-4.webp'), sizes: expect.any(String), priority: 'high' }]);
  });

  it("leaves phones to the page's lead picture when that is larger there: no phone preload, and a low priority on its own picture so no browser raises it beside the lead", () => {
    const props = { title: '科技创新', description: '', desktopImage: '/uploads/banner/page-3.webp?v=a', largestOnPhones: false };
    const both = served({ ...props, phoneImage: '/uploads/banner/page-3-m.webp?v=b' });
    expect(both.preloads).toEqual([
      { media: 'not all and (max-width: 767.98px)', srcset: both.img?.getAttribute('srcset'), sizes: both.img?.getAttribute('sizes'), priority: 'high' },
    ]);
    expect(both.img?.getAttribute('fetchpriority')).toBe('low');
    expect(both.img?.getAttribute('decoding')).toBe('sync');
    // with the desktop picture only, phones draw it too: still not preloaded for them
    expect(served({ ...props, phoneImage: '' }).preloads).toEqual([expect.objectContaining({ media: 'not all and (max-width: 767.98px)', priority: 'high' })]);
  });
});
