import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { Img, MediaHost, ownPictureSrcSet } from './Img';
import { PageBanner } from './PageBanner';

const attributes = (html: string) => {
  const img = new DOMParser().parseFromString(html, 'text/html').querySelector('img')!;
  return { loading: img.getAttribute('loading'), decoding: img.getAttribute('decoding'), fetchpriority: img.getAttribute('fetchpriority') };
};

describe('pictures', () => {
  it('the one above the fold is fetched first and shown with the frame that paints it; the others wait and decode aside', () => {
    expect(attributes(renderToStaticMarkup(<Img src="/a.webp" alt="" width={600} height={600} placement="fold" />))).toEqual({
      loading: 'eager',
      decoding: 'sync',
      fetchpriority: 'high',
    });
    expect(attributes(renderToStaticMarkup(<Img src="/b.webp" alt="" width={600} height={600} />))).toEqual({
      loading: 'lazy',
      decoding: 'async',
      fetchpriority: null,
    });
  });

  it("one at the foot of a phone's first screen, under a larger picture, waits and stays low: no browser raises it beside the larger one", () => {
    expect(attributes(renderToStaticMarkup(<Img src="/t.webp" alt="" width={400} height={300} placement="foldEdge" />))).toEqual({
      loading: 'lazy',
      decoding: 'async',
      fetchpriority: 'low',
    });
  });

  it("the lead picture of a phone's first screen is fetched at once, and preloaded with priority on phones only", () => {
    const html = renderToString(<Img src="/uploads/innovation/overview.webp?v=k" alt="" width={640} height={420} placement="phoneLead" />);
    expect(attributes(html)).toEqual({ loading: 'eager', decoding: 'async', fetchpriority: null });
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const img = doc.querySelector('img')!;
    const preloads = [...doc.querySelectorAll('link[rel="preload"][as="image"]')];
    expect(
      preloads.map((link) => [
        link.getAttribute('media'),
        link.getAttribute('fetchpriority'),
        link.getAttribute('imagesrcset'),
        link.getAttribute('imagesizes'),
      ]),
    ).toEqual([['(max-width: 767.98px)', 'high', img.getAttribute('srcset'), img.getAttribute('sizes')]]);
    expect(img.getAttribute('srcset')).toContain('overview.webp?v=k&w=828');
    expect(renderToString(<Img src="/uploads/innovation/team.webp" alt="" width={400} height={300} />)).not.toContain('rel="preload"');
  });

  it('an inner page banner is above the fold', () => {
    const html = renderToStaticMarkup(<PageBanner title="产品中心" description="" desktopImage="/d.webp" phoneImage="/m.webp" />);
    expect(attributes(html)).toEqual({ loading: null, decoding: 'sync', fetchpriority: 'high' });
  });

  it("a page banner's alt is its desktop picture's alternative text, else its phone picture's, else empty (decoration)", () => {
    const altOf = (props: { desktopAlt?: string; phoneAlt?: string; desktopImage?: string }) =>
      new DOMParser()
        .parseFromString(
          renderToStaticMarkup(<PageBanner title="产品中心" description="" desktopImage="/d.webp" phoneImage="/m.webp" {...props} />),
          'text/html',
        )
        .querySelector('img')!
        .getAttribute('alt');
    expect(altOf({ desktopAlt: '厂区', phoneAlt: '车间' })).toBe('厂区');
    expect(altOf({ phoneAlt: '车间' })).toBe('车间');
    expect(altOf({ desktopImage: '', desktopAlt: '厂区', phoneAlt: '车间' })).toBe('车间');
    expect(altOf({})).toBe('');
  });

  it('a picture of the site offers the copies the server makes, never the original; one from another host does not', () => {
    expect(ownPictureSrcSet('/uploads/banner/home-1.webp', 1920)).toBe(
      '/uploads/banner/home-1.webp?w=320 320w, /uploads/banner/home-1.webp?w=640 640w, /uploads/banner/home-1.webp?w=828 828w, /uploads/banner/home-1.webp?w=1280 1280w, /uploads/banner/home-1.webp?w=1920 1920w',
    );
    // A versioned URL keeps its version; the copy standing for the full width is the next one up.
    expect(ownPictureSrcSet('/uploads/a.webp?v=2', 1000)).toBe(
      '/uploads/a.webp?v=2&w=320 320w, /uploads/a.webp?v=2&w=640 640w, /uploads/a.webp?v=2&w=828 828w, /uploads/a.webp?v=2&w=1280 1000w',
    );
    expect(ownPictureSrcSet('https://media.example.com/uploads/a.webp', 1920)).toBeUndefined();
    expect(ownPictureSrcSet('https://elsewhere.example/uploads/a.webp?v=2', 640, 'https://media.example.com')).toBeUndefined();

    const banner = new DOMParser().parseFromString(
      renderToStaticMarkup(<PageBanner title="产品中心" description="" desktopImage="/uploads/d.webp" phoneImage="/uploads/m.webp" />),
      'text/html',
    );
    expect(banner.querySelector('img')?.getAttribute('srcset')).toContain('/uploads/d.webp?w=1280 1280w');
    expect(banner.querySelector('source')?.getAttribute('srcset')).toBe('/uploads/m.webp?w=320 320w, /uploads/m.webp?w=640 640w, /uploads/m.webp?w=828 750w');
  });

  it('a content picture comes in copies up to twice its slot, drawn no wider than its slot or the viewport', () => {
    const img = new DOMParser()
      .parseFromString(renderToStaticMarkup(<Img src="/uploads/news/a.jpg?v=k3" alt="" width={400} height={250} />), 'text/html')
      .querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/uploads/news/a.jpg?v=k3&w=640');
    expect(img.getAttribute('srcset')).toBe('/uploads/news/a.jpg?v=k3&w=320 320w, /uploads/news/a.jpg?v=k3&w=640 640w, /uploads/news/a.jpg?v=k3&w=828 800w');
    expect(img.getAttribute('sizes')).toBe('(max-width: 400px) 100vw, 400px');

    const hosted = new DOMParser()
      .parseFromString(renderToStaticMarkup(<Img src="https://media.example.com/a.jpg" alt="" width={400} height={250} />), 'text/html')
      .querySelector('img')!;
    expect({ src: hosted.getAttribute('src'), srcset: hosted.getAttribute('srcset'), sizes: hosted.getAttribute('sizes') }).toEqual({
      src: 'https://media.example.com/a.jpg',
      srcset: null,
      sizes: null,
    });
  });

  it("on the media host (MEDIA_URL, pulling from the site), the site's own pictures come in the same copies, named on that host", () => {
    const html = renderToStaticMarkup(
      <MediaHost.Provider value="https://media.example.com">
        <Img src="https://media.example.com/uploads/news/a.jpg?v=k3" alt="" width={400} height={250} />
        <PageBanner title="产品中心" description="" desktopImage="https://media.example.com/uploads/d.webp" phoneImage="" />
      </MediaHost.Provider>,
    );
    const [picture, banner] = [...new DOMParser().parseFromString(html, 'text/html').querySelectorAll('img')];
    expect(picture?.getAttribute('src')).toBe('https://media.example.com/uploads/news/a.jpg?v=k3&w=640');
    expect(picture?.getAttribute('srcset')).toBe(
      'https://media.example.com/uploads/news/a.jpg?v=k3&w=320 320w, https://media.example.com/uploads/news/a.jpg?v=k3&w=640 640w, https://media.example.com/uploads/news/a.jpg?v=k3&w=828 800w',
    );
    expect(banner?.getAttribute('srcset')).toContain('https://media.example.com/uploads/d.webp?w=1920 1920w');
  });
});
