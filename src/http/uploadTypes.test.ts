import { UPLOAD_MIME_TYPES, uploadType } from './uploadTypes';

describe('the type a media URL is served as', () => {
  it("is a picture's, the video's or a PDF's, by the extension in any case, the query left off", () => {
    expect(uploadType('/uploads/banner/a.webp?w=828')).toBe('image/webp');
    expect(uploadType('/uploads/A_3f9a0c12de.JPG')).toBe('image/jpeg');
    expect(uploadType('/uploads/v.mp4#t=2')).toBe('video/mp4');
    expect(uploadType('/uploads/report.pdf')).toBe('application/pdf');
    expect(uploadType('/uploads/%61.png')).toBe('image/png');
    expect(UPLOAD_MIME_TYPES).toEqual(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'video/mp4', 'video/webm', 'application/pdf']);
  });

  it('is none for pages, scripts, SVG, names without an extension and names hidden behind escapes', () => {
    const none = [
      '/uploads/a.html',
      '/uploads/b.js',
      '/uploads/c.svg',
      '/uploads/d.xhtml',
      '/uploads/readme',
      '/uploads/.png',
      '/uploads/a.png.',
      '/uploads/a.constructor',
    ];
    // The file server decodes before it reads: these are b.html and a name that does not decode.
    none.push('/uploads/a.png%2F..%2Fb.html', '/uploads/%E0.png', '/uploads/png');
    expect(none.filter((url) => uploadType(url) !== null)).toEqual([]);
  });
});
