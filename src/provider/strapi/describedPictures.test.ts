/**
 * Where the CMS looks for the pictures a publish would show (cms/src/describedPictures.js): media
 * fields at any depth of components, repeatable or not, and pictures of the media library named in
 * rich text; tests/cms/seo.test.ts runs the refusal in the real Strapi.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { picturesIn, populateOf } = require('../../../cms/src/describedPictures') as {
  picturesIn: (strapi: unknown, attributes: Attributes, entry: unknown, owner?: string) => { where: string; file?: { id: number }; url?: string }[];
  populateOf: (strapi: unknown, attributes: Attributes) => Record<string, unknown>;
};

type Attributes = Record<string, { type: string; component?: string }>;

const strapi = {
  components: {
    'page.scene': { attributes: { title: { type: 'string' }, pic: { type: 'media' }, over_pic: { type: 'media' } } },
    'page.gallery': { attributes: { scenes: { type: 'component', component: 'page.scene' } } },
    'page.label': { attributes: { text: { type: 'string' } } },
  },
};
const attributes: Attributes = {
  title: { type: 'string' },
  cover: { type: 'media' },
  gallery: { type: 'component', component: 'page.gallery' },
  label: { type: 'component', component: 'page.label' },
  content: { type: 'richtext' },
};

it('populates every media field, in components at any depth, and nothing else', () => {
  expect(populateOf(strapi, attributes)).toEqual({
    cover: true,
    gallery: { populate: { scenes: { populate: { pic: true, over_pic: true } } } },
    label: true,
  });
});

it('finds the pictures of media fields at any depth and those named in rich text, each with its field', () => {
  const entry = {
    title: 'x',
    cover: { id: 1 },
    gallery: { scenes: [{ pic: { id: 2 }, over_pic: null }, { pic: { id: 3 } }] },
    label: { text: 'no picture' },
    content: 'Text ![](http://cms.example:1337/uploads/a_1.webp) and ![b](/uploads/b_2.png?x=1) and again ![](/uploads/a_1.webp) <img src="/uploads/c.jpg">',
  };
  expect(picturesIn(strapi, attributes, entry)).toEqual([
    { where: 'cover', file: { id: 1 } },
    { where: 'gallery.scenes.pic', file: { id: 2 } },
    { where: 'gallery.scenes.pic', file: { id: 3 } },
    { where: 'content', url: '/uploads/a_1.webp' },
    { where: 'content', url: '/uploads/b_2.png' },
    { where: 'content', url: '/uploads/c.jpg' },
  ]);
});

it('finds nothing in a version that does not exist', () => {
  expect(picturesIn(strapi, attributes, null)).toEqual([]);
});

it("leaves out the fields whose library text the site never shows: a scene's hover twin, the site setting's logo and QR code", () => {
  const entry = { title: 'x', cover: { id: 1 }, gallery: { scenes: [{ pic: { id: 2 }, over_pic: { id: 4 } }] }, label: null, content: '' };
  expect(picturesIn(strapi, attributes, entry, 'api::home-page.home-page').map(({ where }) => where)).toEqual(['cover', 'gallery.scenes.pic']);
  const setting: Attributes = { logo: { type: 'media' }, qrcode: { type: 'media' }, share: { type: 'media' } };
  const pictures = { logo: { id: 5 }, qrcode: { id: 6 }, share: { id: 7 } };
  expect(picturesIn(strapi, setting, pictures, 'api::site-setting.site-setting').map(({ where }) => where)).toEqual(['share']);
});
