import { strapiQuery } from './client';
import { beijingTime, MissingStrapiField, readEntry, richTextToHtml, uploadsInText } from './fields';

describe('reading a Strapi entry', () => {
  const entry = readEntry('news-article', {
    title: 'Spring walk',
    des: null,
    date: '2026-01-15T01:00:00.000Z',
    pic: { url: '/uploads/walk_3f2a.webp', mime: 'image/webp' },
    pics: [{ url: '/uploads/a.webp' }, { url: '/uploads/b.webp' }],
    content: 'Teams **walked** together.\n\n<ul><li>zh</li></ul>',
    about: null,
    tiles: [{ title: 'One' }],
  });

  it('names the content type and the field a changed schema no longer has', () => {
    expect(() => entry.text('subtitle')).toThrow(new MissingStrapiField('news-article', 'subtitle'));
    expect(() => entry.text('subtitle')).toThrow('Strapi content type "news-article" has no field "subtitle"');
    expect(() => entry.list('tiles')[0]!.text('des')).toThrow('Strapi content type "news-article.tiles" has no field "des"');
  });

  it('reads an empty field as empty text, as the content pack has it', () => {
    expect(entry.text('des')).toBe('');
    expect(entry.one('about')).toBeNull();
  });

  it('gives media paths, Beijing times and rich text as HTML', () => {
    expect(entry.media('pic')).toBe('/uploads/walk_3f2a.webp');
    expect(entry.mediaList('pics')).toEqual(['/uploads/a.webp', '/uploads/b.webp']);
    expect(entry.time('date')).toBe('2026-01-15 09:00:00');
    expect(beijingTime('2025-12-31T16:30:05.000Z')).toBe('2026-01-01 00:30:05');
    expect(entry.html('content')).toBe('<p>Teams <strong>walked</strong> together.</p>\n<ul><li>zh</li></ul>');
    expect(richTextToHtml('<p>Kept as written</p>')).toBe('<p>Kept as written</p>');
  });

  it("names a picture Strapi's editor inserted by the CMS's address by its path, so it is the site's own", () => {
    const origins = ['http://127.0.0.1:1337', 'https://cms.example.com'];
    const markdown =
      '![A walk](http://127.0.0.1:1337/uploads/walk_3f2a.webp)\n\n<img src="https://cms.example.com/uploads/b.webp" alt="B">\n\n![Elsewhere](https://elsewhere.example/uploads/c.webp)';
    expect(richTextToHtml(markdown, origins)).toBe(
      '<p><img src="/uploads/walk_3f2a.webp" alt="A walk"></p>\n<img src="/uploads/b.webp" alt="B">\n\n<p><img src="https://elsewhere.example/uploads/c.webp" alt="Elsewhere"></p>',
    );
    expect(readEntry('news-article', { content: '![A walk](http://127.0.0.1:1337/uploads/walk_3f2a.webp)' }, undefined, origins).html('content')).toBe(
      '<p><img src="/uploads/walk_3f2a.webp" alt="A walk"></p>',
    );
  });
});

describe("a rich text's pictures and the media library", () => {
  const origins = ['http://127.0.0.1:1337'];

  it("are the uploads its texts show as pictures, whatever the CMS origin, not its media fields' own paths nor the uploads it links to", () => {
    const answer = [
      {
        pic: { url: '/uploads/cover.jpg' },
        content: '![a.jpg](http://127.0.0.1:1337/uploads/a.jpg) <img src="/uploads/b.png" alt=""> [the PDF](/uploads/c.pdf) ![](/uploads/a.jpg)',
        tiles: [{ des: "<img src='/uploads/d.webp'>" }],
        title: 'Named in prose: /uploads/e.jpg',
      },
    ];
    expect(uploadsInText(answer, origins).sort()).toEqual(['/uploads/a.jpg', '/uploads/b.png', '/uploads/d.webp']);
  });

  it('are found however Markdown names them (by reference, in <…>) and named as the library names them, however the HTML encodes them', () => {
    const markdown = [
      '![by reference][walk] and ![in brackets](<http://127.0.0.1:1337/uploads/lake view.jpg>) and ![湖](/uploads/湖边.jpg)',
      '',
      '[walk]: http://127.0.0.1:1337/uploads/walk.jpg "A title"',
    ].join('\n');
    expect(uploadsInText({ content: markdown }, origins).sort()).toEqual(['/uploads/lake view.jpg', '/uploads/walk.jpg', '/uploads/湖边.jpg']);
    const texts = new Map([
      ['/uploads/walk.jpg', 'Walking'],
      ['/uploads/lake view.jpg', 'The lake'],
      ['/uploads/湖边.jpg', '湖边的小路'],
    ]);
    expect(richTextToHtml(markdown, origins, texts)).toBe(
      '<p><img src="/uploads/walk.jpg" alt="Walking" title="A title"> and <img src="/uploads/lake%20view.jpg" alt="The lake"> and ' +
        '<img src="/uploads/%E6%B9%96%E8%BE%B9.jpg" alt="湖边的小路"></p>',
    );
  });

  it("give each picture the library's text as its alt when it has one, else leave the editor's", () => {
    const texts = new Map([
      ['/uploads/a.jpg', 'Lab bench'],
      ['/uploads/b.png', '   '],
    ]);
    expect(richTextToHtml('![a.jpg](http://127.0.0.1:1337/uploads/a.jpg) ![b.png](/uploads/b.png) ![c](/uploads/c.gif)', origins, texts)).toBe(
      '<p><img src="/uploads/a.jpg" alt="Lab bench"> <img src="/uploads/b.png" alt="b.png"> <img src="/uploads/c.gif" alt="c"></p>',
    );
    expect(readEntry('news-article', { content: '![a.jpg](/uploads/a.jpg)' }, undefined, origins, texts).html('content')).toBe(
      '<p><img src="/uploads/a.jpg" alt="Lab bench"></p>',
    );
  });
});

describe('strapiQuery', () => {
  it("writes nested filters, sorts and populates in Strapi's bracket syntax", () => {
    const query = strapiQuery({
      locale: 'en',
      filters: { category: { site_id: { $eq: 2 } } },
      sort: ['date:desc', 'site_id:desc'],
      populate: { pic: true },
      skipped: undefined,
    });
    expect(decodeURIComponent(query)).toBe('locale=en&filters[category][site_id][$eq]=2&sort[0]=date:desc&sort[1]=site_id:desc&populate[pic]=true');
  });
});
