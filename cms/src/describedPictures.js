'use strict';

/**
 * The admin asks for a picture's alternative text when it matters: when a publish would put the
 * picture on the public site. The media library's alternative text is the `alt` of every picture
 * the site shows (what a screen reader reads out, what search engines index); without it the site
 * falls back to the entry's title, which rarely describes the picture. So a publish made in the
 * admin panel is refused, naming each picture and the field it is in, while it would newly show a
 * picture (a media field, or a picture inserted into rich text) whose alternative text is empty.
 * Strapi's panel shows the refusal's message and keeps the edit form as it was; the editor fills
 * in the text (Media Library → the picture → Alternative text) and publishes again.
 *
 * Only what the publish adds is asked for: pictures the published version already shows are not,
 * so an entry published before this rule (or by the seed) can be published again unchanged.
 * Uploads are never refused (an upload is not yet public), nor are a full-access token's imports,
 * which bring the content pack's own texts.
 */

const UPLOAD = 'plugin::upload.file';
const IMAGE = /^image\//;
/** A picture of the media library named in rich text: Strapi's editor writes `<CMS origin>/uploads/…`. */
const UPLOAD_IN_TEXT = /\/uploads\/[^\s)"'<>?#]+/g;

/**
 * Media fields whose library text the site never shows, by content type or component: it draws
 * them with a text of its own or as decoration, so a publish never asks for one (cms/README.md,
 * "Alternative text": "The header's logo, the footer's QR code and a picture's hover twin keep
 * theirs"). The site's side: the hover twin `over_pic` is drawn with alt="" (src/pages/HomePage.tsx),
 * the logo with alt="" beside the company's name (src/app/layout/Header.tsx), the QR code with the
 * site's own caption (src/app/layout/Footer.tsx). A field the site starts to describe from the
 * library leaves this list.
 */
const TEXT_NOT_SHOWN = {
  'page.scene': ['over_pic'],
  'api::site-setting.site-setting': ['logo', 'qrcode'],
};
const textShown = (owner, name) => !(TEXT_NOT_SHOWN[owner] ?? []).includes(name);

const fromAdminPanel = (strapi) => strapi.requestContext.get()?.state?.auth?.strategy?.name === 'admin';

/** What to populate so that every media field of `attributes`, in components at any depth, is read. */
function populateOf(strapi, attributes) {
  const populate = {};
  for (const [name, attribute] of Object.entries(attributes)) {
    if (attribute.type === 'media') populate[name] = true;
    if (attribute.type === 'component') {
      const inner = populateOf(strapi, strapi.components[attribute.component].attributes);
      populate[name] = Object.keys(inner).length > 0 ? { populate: inner } : true;
    }
  }
  return populate;
}

/**
 * Every picture `entry` shows whose library text the site shows too, as `{ where, file }` for
 * media fields (file: the library's row) and `{ where, url }` for pictures named in rich text.
 * `where` is the field's path (`about.pic`); `owner` the content type's uid or the component's name.
 */
function picturesIn(strapi, attributes, entry, owner = null, prefix = '') {
  if (!entry) return [];
  return Object.entries(attributes).flatMap(([name, attribute]) => {
    const value = entry[name];
    const where = `${prefix}${name}`;
    if (value == null) return [];
    if (attribute.type === 'media') return textShown(owner, name) ? [value].flat().map((file) => ({ where, file })) : [];
    if (attribute.type === 'component') {
      const inner = strapi.components[attribute.component].attributes;
      return [value].flat().flatMap((item) => picturesIn(strapi, inner, item, attribute.component, `${where}.`));
    }
    if (attribute.type === 'richtext' && typeof value === 'string') return [...new Set(value.match(UPLOAD_IN_TEXT) ?? [])].map((url) => ({ where, url }));
    return [];
  });
}

/** The library's rows of the pictures named in rich text, looked up by their address. */
async function withFiles(strapi, pictures) {
  const urls = pictures.filter((picture) => !picture.file).map((picture) => picture.url);
  if (urls.length === 0) return pictures;
  const rows = await strapi.db.query(UPLOAD).findMany({ where: { url: { $in: urls } } });
  const byUrl = new Map(rows.map((row) => [row.url, row]));
  return pictures.map((picture) => (picture.file ? picture : { where: picture.where, file: byUrl.get(picture.url) })).filter((picture) => picture.file);
}

const undescribed = (file) => IMAGE.test(file.mime ?? '') && !(typeof file.alternativeText === 'string' && file.alternativeText.trim() !== '');

/** The languages a publish names: one, several, or every one ('*'). */
async function localesOf(strapi, locale) {
  if (locale === '*') return (await strapi.plugin('i18n').service('locales').find()).map((entry) => entry.code);
  return [locale ?? (await strapi.plugin('i18n').service('locales').getDefaultLocale())].flat();
}

/** The pictures without alternative text a publish of `documentId` in `locale` would newly show. */
async function newlyShownUndescribed(strapi, contentType, documentId, locale) {
  const { uid, attributes } = contentType;
  const populate = populateOf(strapi, attributes);
  const read = (status) => strapi.documents(uid).findOne({ documentId, locale, status, populate });
  const [draft, published] = await Promise.all([read('draft'), read('published')]);
  const shown = new Set((await withFiles(strapi, picturesIn(strapi, attributes, published, uid))).map((picture) => picture.file.id));
  return (await withFiles(strapi, picturesIn(strapi, attributes, draft, uid))).filter((picture) => undescribed(picture.file) && !shown.has(picture.file.id));
}

function refusal(errors, missing) {
  const named = [...new Map(missing.map((picture) => [`${picture.file.id}|${picture.where}`, `${picture.file.name} (${picture.where})`])).values()];
  return new errors.ValidationError(
    `请先为这些图片填写替代文字（媒体库 → 图片 → 替代文字），再发布 / Give these pictures an alternative text in the Media Library before publishing: ${named.join(', ')}`,
    { pictures: missing.map((picture) => ({ id: picture.file.id, name: picture.file.name, field: picture.where })) },
  );
}

/** Strapi's errors: given by the unit test, which runs without Strapi installed. */
const strapiErrors = () => require('@strapi/utils').errors;

function askForAlternativeText(strapi, errors = strapiErrors()) {
  strapi.documents.use(async (context, next) => {
    const { action, params, contentType } = context;
    if (action !== 'publish' || !contentType || !params?.documentId || !fromAdminPanel(strapi)) return next();
    const missing = [];
    for (const locale of await localesOf(strapi, params.locale)) missing.push(...(await newlyShownUndescribed(strapi, contentType, params.documentId, locale)));
    if (missing.length > 0) throw refusal(errors, missing);
    return next();
  });
}

module.exports = { askForAlternativeText, picturesIn, populateOf };
