import { renderToStaticMarkup } from 'react-dom/server';
import { Img } from './Img';
import { PageBanner } from './PageBanner';

const attributes = (html: string) => {
  const img = new DOMParser().parseFromString(html, 'text/html').querySelector('img')!;
  return { loading: img.getAttribute('loading'), decoding: img.getAttribute('decoding'), fetchpriority: img.getAttribute('fetchpriority') };
};

describe('pictures', () => {
  it('the one above the fold is fetched first and shown with the frame that paints it; the others wait and decode aside', () => {
    expect(attributes(renderToStaticMarkup(<Img src="/a.webp" alt="" width={600} height={600} eager />))).toEqual({ loading: 'eager', decoding: 'sync', fetchpriority: 'high' });
    expect(attributes(renderToStaticMarkup(<Img src="/b.webp" alt="" width={600} height={600} />))).toEqual({ loading: 'lazy', decoding: 'async', fetchpriority: null });
  });

  it('an inner page banner is above the fold', () => {
    const html = renderToStaticMarkup(<PageBanner title="产品中心" description="" desktopImage="/d.webp" phoneImage="/m.webp" />);
    expect(attributes(html)).toEqual({ loading: null, decoding: 'sync', fetchpriority: 'high' });
  });
});
