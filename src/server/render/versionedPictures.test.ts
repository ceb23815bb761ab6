import DOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { PAYLOADS } from '../../contracts/payloads';
import { sanitizeHtml } from '../../ui/RichHtml';
import type { Api } from '../../api/api';
import type { PictureVersions } from '../media/pictureVersions';
import { withPictureVersions, withWirePictureVersions } from './versionedPictures';

/** The provider's versions, as its HEAD answers would give them: one token per file, replaced on demand. */
function fakeVersions(tokens: Record<string, string>) {
  const asked: string[] = [];
  const versions: PictureVersions = {
    current: async (path) => {
      asked.push(path);
      return tokens[path] ?? null;
    },
  };
  return { versions, asked, tokens };
}

const ARTICLE_HTML =
  '<p>Text <img src="/uploads/walk.jpg" alt="A walk"></p>' +
  '<img src="https://elsewhere.example/uploads/walk.jpg" alt="elsewhere">' +
  '<img src="/uploads/gone.jpg" alt="no version">' +
  '<p>/uploads/walk.jpg named in prose</p>';

describe('pictures inside rich text', () => {
  it('name their version in /api answers (wire form), as media fields do, only in the fields declared as HTML', async () => {
    const { versions } = fakeVersions({ '/uploads/walk.jpg': 'v1walk000000', '/uploads/cover.jpg': 'v1cover00000' });
    const data = { id: 3, pic: '/uploads/cover.jpg', title: '<img src="/uploads/walk.jpg">', des: '', create_time: '', content: ARTICLE_HTML };
    const answer = (await withWirePictureVersions(PAYLOADS.newsDetail, data, versions)) as typeof data;
    expect(answer.pic).toBe('/uploads/cover.jpg?v=v1cover00000');
    expect(answer.content).toBe(
      '<p>Text <img src="/uploads/walk.jpg?v=v1walk000000" alt="A walk"></p>' +
        '<img src="https://elsewhere.example/uploads/walk.jpg" alt="elsewhere">' +
        '<img src="/uploads/gone.jpg" alt="no version">' +
        '<p>/uploads/walk.jpg named in prose</p>',
    );
    // A title is text, shown as text: left as written.
    expect(answer.title).toBe('<img src="/uploads/walk.jpg">');
  });

  it('name their version in a server render, bare or on the media host, asked afresh after a replacement', async () => {
    const fake = fakeVersions({ '/uploads/walk.jpg': 'v1walk000000' });
    let content = ARTICLE_HTML + '<img src="https://media.example/uploads/walk.jpg">';
    const api = withPictureVersions({ newsDetail: async () => ({ pic: '', content }) } as unknown as Api, fake.versions, 'https://media.example');
    const read = async () => ((await api.newsDetail('zh', '3')) as unknown as { content: string }).content;

    expect(await read()).toContain('<img src="/uploads/walk.jpg?v=v1walk000000" alt="A walk">');
    expect(await read()).toContain('<img src="https://media.example/uploads/walk.jpg?v=v1walk000000">');
    fake.tokens['/uploads/walk.jpg'] = 'v2walk000000';
    expect(await read()).toContain('<img src="/uploads/walk.jpg?v=v2walk000000" alt="A walk">');
    content = '<p>No picture</p>';
    fake.asked.length = 0;
    expect(await read()).toBe('<p>No picture</p>');
    expect(fake.asked).toEqual([]);
  });

  it('keep their version beside the width of the copy the page shows, so the copy is the one kept a year', async () => {
    const { versions } = fakeVersions({ '/uploads/news/hall.jpg': '3kq9abcdEF_-' });
    const article = { id: 3, pic: '', title: '', des: '', create_time: '', content: '<p><img src="/uploads/news/hall.jpg" alt="the hall"></p>' };
    // The article as the site server answers it, then as the page shows it (sanitised as a server render does).
    const { content } = (await withWirePictureVersions(PAYLOADS.newsDetail, article, versions)) as typeof article;
    const purifier = DOMPurify(new JSDOM('').window);
    const src = (mediaUrl: string) => /src="([^"]*)"/.exec(sanitizeHtml(content, mediaUrl, { purifier }))?.[1];
    expect(src('')).toBe('/uploads/news/hall.jpg?v=3kq9abcdEF_-&amp;w=1280');
    expect(src('https://media.example.com')).toBe('https://media.example.com/uploads/news/hall.jpg?v=3kq9abcdEF_-&amp;w=1280');
  });
});
