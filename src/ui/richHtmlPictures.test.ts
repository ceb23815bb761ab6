/** Pictures an editor puts in an article come as the site's sized copies, not the file as uploaded. */
import DOMPurify from 'dompurify';
import { sanitizeHtml } from './RichHtml';

const sanitize = (html: string, mediaUrl = '') => sanitizeHtml(html, mediaUrl, { purifier: DOMPurify });
const img = (html: string) => new DOMParser().parseFromString(html, 'text/html').querySelector('img') as HTMLImageElement;

describe('a picture in rich text', () => {
  it('of the site\'s own media gets a srcset of its copies up to the article\'s width, sizes, and a copy as src', () => {
    const picture = img(sanitize('<p><img src="/uploads/news/hall.jpg" alt="the hall"></p>'));
    expect(picture.getAttribute('src')).toBe('/uploads/news/hall.jpg?w=1280');
    expect(picture.getAttribute('srcset')).toBe('/uploads/news/hall.jpg?w=320 320w, /uploads/news/hall.jpg?w=640 640w, /uploads/news/hall.jpg?w=828 828w, /uploads/news/hall.jpg?w=1280 960w');
    expect(picture.getAttribute('sizes')).toBe('(max-width: 960px) 100vw, 960px');
    expect({ alt: picture.alt, loading: picture.getAttribute('loading') }).toEqual({ alt: 'the hall', loading: 'lazy' });
  });

  it('keeps an editor\'s own srcset out, and leaves pictures of a media host as they are (it makes no copies)', () => {
    const own = img(sanitize('<img src="/uploads/a.jpg" srcset="https://evil.example/x.jpg 2x">'));
    expect(own.getAttribute('srcset')).not.toContain('evil');
    const hosted = img(sanitize('<img src="/uploads/a.jpg">', 'https://media.example.com'));
    expect({ src: hosted.getAttribute('src'), srcset: hosted.getAttribute('srcset') }).toEqual({ src: 'https://media.example.com/uploads/a.jpg', srcset: null });
  });
});
