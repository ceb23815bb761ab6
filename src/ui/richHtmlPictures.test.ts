/** Pictures an editor puts in an article come as the site's copies, not the file as uploaded. */
import DOMPurify from 'dompurify';
import { sanitizeHtml } from './RichHtml';

const sanitize = (html: string, mediaUrl = '') => sanitizeHtml(html, mediaUrl, { purifier: DOMPurify });
const img = (html: string) => new DOMParser().parseFromString(html, 'text/html').querySelector('img') as HTMLImageElement;

describe('a picture in rich text', () => {
  it("of the site's own media is its copy no wider than the article's column, one file drawn at its own size (no srcset)", () => {
    const picture = img(sanitize('<p><img src="/uploads/news/hall.jpg" alt="the hall"></p>'));
    expect(picture.getAttribute('src')).toBe('/uploads/news/hall.jpg?w=1280');
    expect({ srcset: picture.getAttribute('srcset'), sizes: picture.getAttribute('sizes') }).toEqual({ srcset: null, sizes: null });
    expect({ alt: picture.alt, loading: picture.getAttribute('loading') }).toEqual({ alt: 'the hall', loading: 'lazy' });
  });

  it("on a media host (MEDIA_URL, pulling from the site) is the same copy, named on that host; another host's is left as it is", () => {
    const hosted = img(sanitize('<img src="/uploads/a.jpg">', 'https://media.example.com'));
    expect(hosted.getAttribute('src')).toBe('https://media.example.com/uploads/a.jpg?w=1280');
    const elsewhere = img(sanitize('<img src="https://media.example.com/a.jpg">', 'https://media.example.com'));
    expect(elsewhere.getAttribute('src')).toBe('https://media.example.com/a.jpg');
  });
});
