import { PAYLOADS } from '../../contracts/payloads';
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
});
