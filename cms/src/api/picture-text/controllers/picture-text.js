'use strict';

/**
 * The alternative text of each named upload that exists, by its URL: `{ data: { "/uploads/a.jpg":
 * "…" } }` ('' for a file without one). The site asks once per answer for the pictures an editor
 * inserted into rich text (Strapi's editor writes the file name there) and shows the library's
 * text as their alt. Only uploads are named; at most MAX_URLS per call.
 */

const UPLOAD = 'plugin::upload.file';
const MAX_URLS = 50;
const UPLOAD_URL = /^\/uploads\/[^\s?#"'<>]+$/;

/** `?url=a&url=b` and `?url[0]=a&url[1]=b` alike. */
function urlsOf(query) {
  const value = query?.url;
  const listed = value === undefined ? [] : typeof value === 'object' && value !== null ? Object.values(value) : [value];
  return [...new Set(listed.filter((url) => typeof url === 'string'))];
}

module.exports = ({ strapi }) => ({
  async find(ctx) {
    const urls = urlsOf(ctx.query);
    if (urls.length > MAX_URLS) return ctx.badRequest(`At most ${MAX_URLS} urls per call`);
    const uploads = urls.filter((url) => UPLOAD_URL.test(url));
    const rows = uploads.length === 0 ? [] : await strapi.db.query(UPLOAD).findMany({ where: { url: { $in: uploads } }, select: ['url', 'alternativeText'] });
    ctx.body = { data: Object.fromEntries(rows.map((row) => [row.url, typeof row.alternativeText === 'string' ? row.alternativeText : ''])) };
  },
});
